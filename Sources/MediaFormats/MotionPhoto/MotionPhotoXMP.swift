/// The Motion Photo properties of an XMP packet: Google's Motion Photo v1 (`Camera:MotionPhoto` and a
/// `Container:Directory`) and the legacy MicroVideo form (docs/formats/motion-photo.md#google-motion-photo-xmp, docs/formats/motion-photo.md#legacy-microvideo). Matched by namespace URI.
public struct MotionPhotoXMP: Sendable, Equatable {
    /// The namespace of the Motion Photo and MicroVideo properties (prefix `GCamera` or `Camera`).
    public static let cameraNamespace = "http://ns.google.com/photos/1.0/camera/"
    /// The namespace of `Container:Directory`.
    public static let containerNamespace = "http://ns.google.com/photos/1.0/container/"
    /// The namespace of a directory item's fields (`Item:Mime`, `Item:Length`...).
    public static let itemNamespace = "http://ns.google.com/photos/1.0/container/item/"

    /// The `Item:Mime` values of the items this package writes or recognises as the video.
    public enum MediaType {
        /// A JPEG primary image.
        public static let jpeg = "image/jpeg"
        /// A HEIC primary image.
        public static let heic = "image/heic"
        /// An MP4 video, what Google's writers and ours put last.
        public static let mp4 = "video/mp4"
        /// A QuickTime video, which some writers declare instead.
        public static let quickTime = "video/quicktime"
    }

    /// One `Container:Item` of the directory.
    public struct Item: Sendable, Equatable {
        /// `Item:Mime`: `image/jpeg`, `image/heic`, `video/mp4`...
        public var mime: String
        /// `Item:Semantic`: `Primary`, `MotionPhoto`, `GainMap`...
        public var semantic: String
        /// Bytes the item occupies; 0 or absent for the primary image.
        public var length: Int64
        /// Bytes between the end of the item and the next one; Google applies it to the primary only.
        public var padding: Int64

        /// An item with these fields.
        public init(mime: String, semantic: String, length: Int64, padding: Int64) {
            self.mime = mime
            self.semantic = semantic
            self.length = length
            self.padding = padding
        }

        /// True for a `video/mp4` or `video/quicktime` item.
        public var isVideo: Bool { mime == MediaType.mp4 || mime == MediaType.quickTime }
    }

    /// `Camera:MotionPhoto` is 1.
    public var isMotionPhoto: Bool
    /// `Camera:MotionPhotoVersion`; nil when absent.
    public var motionPhotoVersion: Int?
    /// `Camera:MotionPhotoPresentationTimestampUs`, or the MicroVideo one; nil when absent or negative (-1 means unspecified).
    public var presentationTimestampUs: Int64?
    /// `Camera:MicroVideo` is 1.
    public var isMicroVideo: Bool
    /// `Camera:MicroVideoOffset`: bytes from the end of the file back to the start of the video.
    public var microVideoOffset: Int64?
    /// The directory items, in the order written.
    public var directory: [Item]

    /// The properties that make a file a Motion Photo, which a plain photo must not carry.
    static let motionProperties = [
        "MotionPhoto", "MotionPhotoVersion", "MotionPhotoPresentationTimestampUs", "MicroVideo", "MicroVideoVersion",
        "MicroVideoOffset", "MicroVideoPresentationTimestampUs",
    ]

    /// True when the packet describes a Motion Photo or a MicroVideo.
    public var describesVideo: Bool { isMotionPhoto || isMicroVideo || directory.contains(where: { $0.isVideo }) }

    /// Reads the properties of `packet`, matched by namespace URI.
    /// - Throws: when a Camera property is not a whole number, `MicroVideoOffset` is not positive, or the directory is
    ///   malformed (no `rdf:Seq`, over 64 items, an item without Mime or Semantic, a Length or Padding that is
    ///   negative or not a number).
    public init(packet: XMPPacket) throws(FormatError) {
        let ns = Self.cameraNamespace
        func integer(_ name: String) throws(FormatError) -> Int64? {
            guard let text = packet.property(ns, name) else { return nil }
            guard let value = Int64(text.trimmingASCIIWhitespace()) else {
                throw FormatError(.malformed, "XMP: Camera:\(name) is '\(text.prefix(40))', not a whole number")
            }
            return value
        }
        isMotionPhoto = try integer("MotionPhoto") == 1
        motionPhotoVersion = try integer("MotionPhotoVersion").map { Int(clamping: $0) }
        isMicroVideo = try integer("MicroVideo") == 1
        microVideoOffset = try integer("MicroVideoOffset")
        var timestamp = try integer("MotionPhotoPresentationTimestampUs")
        if timestamp == nil { timestamp = try integer("MicroVideoPresentationTimestampUs") }
        presentationTimestampUs = timestamp.flatMap { $0 >= 0 ? $0 : nil }
        directory = try Self.directoryItems(packet)
        if let offset = microVideoOffset, offset <= 0 {
            throw FormatError(.malformed, "XMP: Camera:MicroVideoOffset is \(offset)")
        }
    }

    /// The items of `Container:Directory`: `rdf:Seq` of `rdf:li`, each holding a `Container:Item` whose fields are
    /// attributes or child elements (or the `rdf:li` itself carrying them, `rdf:parseType="Resource"`).
    static func directoryItems(_ packet: XMPPacket) throws(FormatError) -> [Item] {
        guard let directory = directoryElement(packet) else { return [] }
        let rdf = XMPPacket.rdfNamespace
        guard let seq = directory.child(rdf, "Seq") else { throw FormatError(.malformed, "XMP: Container:Directory holds no rdf:Seq") }
        guard seq.children.count <= 64 else { throw FormatError(.malformed, "XMP: Container:Directory lists \(seq.children.count) items") }
        return try seq.children.filter { $0.namespace == rdf && $0.localName == "li" }.map { (li) throws(FormatError) in
            let holder = li.child(containerNamespace, "Item") ?? li
            func field(_ name: String) -> String? {
                if let a = holder.attribute(itemNamespace, name) { return a.value }
                if let e = holder.child(itemNamespace, name) { return e.text.trimmingASCIIWhitespace() }
                return nil
            }
            func number(_ name: String) throws(FormatError) -> Int64 {
                guard let text = field(name) else { return 0 }
                guard let value = Int64(text), value >= 0 else {
                    throw FormatError(.malformed, "XMP: a directory item's \(name) is '\(text.prefix(40))'")
                }
                return value
            }
            guard let mime = field("Mime"), let semantic = field("Semantic") else {
                throw FormatError(.malformed, "XMP: a directory item has no Mime or Semantic")
            }
            return Item(mime: mime, semantic: semantic, length: try number("Length"), padding: try number("Padding"))
        }
    }

    /// Where the Motion Photo and MicroVideo properties (not the directory) are written.
    static func motionPropertyRanges(in packet: XMPPacket) -> [Range<Int>] {
        motionProperties.flatMap { packet.propertyRanges(cameraNamespace, $0) }
    }

    static func directoryElement(_ packet: XMPPacket) -> XMPPacket.Element? {
        for d in packet.descriptions {
            if let e = d.child(containerNamespace, "Directory") { return e }
        }
        return nil
    }

    /// The packet with every Motion Photo and MicroVideo property and the video's directory entries blanked with
    /// spaces (same length). Other directory items (a gain map) stay; when only the primary would be left, the
    /// whole directory goes.
    public static func blankingMotionProperties(in packet: XMPPacket) -> [UInt8] {
        var ranges = motionPropertyRanges(in: packet)
        if let directory = directoryElement(packet), let seq = directory.child(XMPPacket.rdfNamespace, "Seq") {
            let items = seq.children.filter { $0.namespace == XMPPacket.rdfNamespace && $0.localName == "li" }
            let videos = items.filter { li in
                let holder = li.child(containerNamespace, "Item") ?? li
                let mime = holder.attribute(itemNamespace, "Mime")?.value ?? holder.child(itemNamespace, "Mime")?.text ?? ""
                return mime.hasPrefix("video/")
            }
            if items.count - videos.count <= 1 {
                ranges.append(directory.range)
                ranges += packet.propertyRanges(containerNamespace, "Version")
            } else {
                ranges += videos.map { $0.range }
            }
        }
        return packet.blanking(ranges)
    }
}

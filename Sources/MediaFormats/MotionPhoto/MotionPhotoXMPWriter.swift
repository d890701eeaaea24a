/// Writes the XMP of a Google Motion Photo v1 (docs/formats/motion-photo.md#google-motion-photo-xmp): `Camera:MotionPhoto`, `MotionPhotoVersion`,
/// `MotionPhotoPresentationTimestampUs` and a `Container:Directory` with the primary image and the video.
///
/// An existing packet keeps every other byte: its old Motion Photo properties and directory are blanked, and the
/// new ones go into its first `rdf:Description`.
public enum MotionPhotoXMPWriter {
    /// - Parameters:
    ///   - existing: the still's XMP packet, if it has one.
    ///   - primaryMime: ``MotionPhotoXMP/MediaType/jpeg`` or ``MotionPhotoXMP/MediaType/heic``.
    ///   - primaryPadding: bytes between the image and the video (a HEIC's `mpvd` header).
    ///   - videoLength: the video item's length: the MP4's, and Samsung's trailer behind it when there is one.
    ///   - videoPadding: the bytes of that length that are not the MP4 (Samsung's trailer).
    ///   - timestampUs: the still's presentation time in the video, in microseconds.
    ///   - microVideoOffset: also write the legacy MicroVideo properties, the video starting this many bytes before the
    ///     end of the file (older galleries, Xiaomi's MIUI among them, read only those).
    ///   - makerProperties: other makers' properties (OPPO's `OpCamera`, vivo's `VCamera`), written as attributes of
    ///     the same `rdf:Description`: androidx's reader refuses a file in which any Description lacks the Motion
    ///     Photo flag (docs/formats/motion-photo.md#xmp-that-androidx-reads).
    public static func packet(
        existing: XMPPacket?, primaryMime: String, primaryPadding: Int64, videoLength: Int64, videoPadding: Int64 = 0,
        timestampUs: Int64, microVideoOffset: Int64? = nil, makerProperties: [XMPPropertyGroup] = []
    ) throws(FormatError) -> [UInt8] {
        let camera = MotionPhotoXMP.cameraNamespace, container = MotionPhotoXMP.containerNamespace
        let item = MotionPhotoXMP.itemNamespace
        // Items other than the primary and a video (a gain map) stay, in their order, before the video.
        var items = [MotionPhotoXMP.Item(mime: primaryMime, semantic: "Primary", length: 0, padding: primaryPadding)]
        if let existing, let old = try? MotionPhotoXMP.directoryItems(existing) {
            items += old.dropFirst().filter { !$0.isVideo }
        }
        items.append(
            MotionPhotoXMP.Item(mime: MotionPhotoXMP.MediaType.mp4, semantic: "MotionPhoto", length: videoLength, padding: videoPadding))
        var makerPrefixes = makerProperties.map { $0.preferredPrefix }
        func properties(_ p: (camera: String, container: String, item: String), rdf: String = "rdf") -> (
            attributes: String, directory: String
        ) {
            var attributes = """
                 \(p.camera):MotionPhoto="1" \(p.camera):MotionPhotoVersion="1" \(p.camera):MotionPhotoPresentationTimestampUs="\(timestampUs)"
                """
            if let microVideoOffset {
                attributes +=
                    "\n    \(p.camera):MicroVideo=\"1\" \(p.camera):MicroVideoVersion=\"1\" \(p.camera):MicroVideoOffset=\"\(microVideoOffset)\""
                    + " \(p.camera):MicroVideoPresentationTimestampUs=\"\(timestampUs)\""
            }
            for (group, prefix) in zip(makerProperties, makerPrefixes) {
                attributes += "\n   " + group.properties.map { " \(prefix):\($0.name)=\"\(Self.escaped($0.value))\"" }.joined()
            }
            var directory = "\n   <\(p.container):Directory>\n    <\(rdf):Seq>\n"
            for i in items {
                directory += "     <\(rdf):li \(rdf):parseType=\"Resource\">\n"
                directory +=
                    "      <\(p.container):Item \(p.item):Mime=\"\(Self.escaped(i.mime))\" \(p.item):Semantic=\"\(Self.escaped(i.semantic))\""
                directory += " \(p.item):Length=\"\(i.length)\" \(p.item):Padding=\"\(i.padding)\"/>\n"
                directory += "     </\(rdf):li>\n"
            }
            directory += "    </\(rdf):Seq>\n   </\(p.container):Directory>\n"
            return (attributes, directory)
        }
        guard let existing, let description = existing.descriptions.first else {
            let (attributes, directory) = properties(("GCamera", "Container", "Item"))
            let text = """
                <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
                <x:xmpmeta xmlns:x="adobe:ns:meta/">
                 <rdf:RDF xmlns:rdf="\(XMPPacket.rdfNamespace)">
                  <rdf:Description rdf:about=""
                    xmlns:GCamera="\(camera)"
                    xmlns:Container="\(container)"
                    xmlns:Item="\(item)"\(makerProperties.map { "\n    xmlns:\($0.preferredPrefix)=\"\($0.namespace)\"" }.joined())
                   \(attributes)>\(directory)  </rdf:Description>
                 </rdf:RDF>
                </x:xmpmeta>
                <?xpacket end="w"?>
                """
            return Array(text.utf8)
        }
        // Prefixes: reuse what the packet declares for these namespaces, else pick free ones and declare them.
        let declared = ([existing.root] + existing.root.descendants).flatMap { e in
            e.attributes.filter { $0.namespace == "http://www.w3.org/2000/xmlns/" }.map { ($0.localName, $0.value) }
        }
        var declarations = ""
        func prefix(for uri: String, preferred: String) -> String {
            if let found = description.attributes.first(where: { $0.namespace == "http://www.w3.org/2000/xmlns/" && $0.value == uri }) {
                return found.localName
            }
            var name = preferred
            var n = 1
            while declared.contains(where: { $0.0 == name }) || declarations.containsText(" xmlns:\(name)=") {
                n += 1
                name = "\(preferred)\(n)"
            }
            declarations += " xmlns:\(name)=\"\(uri)\""
            return name
        }
        let rdfPrefix = description.qualifiedName.split(separator: ":").first.map(String.init) ?? "rdf"
        let prefixes = (
            prefix(for: camera, preferred: "GCamera"), prefix(for: container, preferred: "Container"), prefix(for: item, preferred: "Item")
        )
        makerPrefixes = makerProperties.map { prefix(for: $0.namespace, preferred: $0.preferredPrefix) }
        let (attributes, directory) = properties(prefixes, rdf: rdfPrefix)
        let oldMakerProperties = makerProperties.flatMap { group in
            group.properties.flatMap { existing.propertyRanges(group.namespace, $0.name) }
        }

        // Old Motion Photo properties and directory blanked; then the insertions, from the back.
        var bytes = existing.blanking(
            MotionPhotoXMP.motionPropertyRanges(in: existing) + oldMakerProperties
                + (MotionPhotoXMP.directoryElement(existing).map { [$0.range] } ?? []))
        let tagClose = description.endTagStart == nil ? description.startTagEnd - 2 : description.startTagEnd - 1
        if let endTag = description.endTagStart {
            bytes.insert(contentsOf: Array(directory.utf8), at: endTag)
            bytes.insert(contentsOf: Array((declarations + attributes).utf8), at: tagClose)
        } else {
            bytes.replaceSubrange(
                tagClose..<description.startTagEnd,
                with: Array((declarations + attributes + ">" + directory + "</\(description.qualifiedName)>").utf8))
        }
        // The result must read back as what was meant.
        let check = try MotionPhotoXMP(packet: XMPPacket(bytes: bytes))
        // (-1, "unspecified", reads back as no timestamp.)
        guard check.isMotionPhoto, check.directory == items, check.presentationTimestampUs == (timestampUs >= 0 ? timestampUs : nil) else {
            throw FormatError(.unsupported, "the photo's XMP could not take the Motion Photo properties")
        }
        return bytes
    }

    /// `text` as an XML attribute value: `&`, `<`, `>` and `"` as entities (kept items come from a parsed packet,
    /// whose entities were decoded).
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}

/// Properties of one namespace, written as attributes (``MotionPhotoXMPWriter``).
public struct XMPPropertyGroup: Sendable, Equatable {
    /// One property: its name without a prefix, and its value (escaped when written).
    public struct Property: Sendable, Equatable {
        /// The property's name, without a prefix (`VideoLength`).
        public var name: String
        /// Its value, unescaped.
        public var value: String

        /// A property to write.
        /// - Parameters:
        ///   - name: its name, without a prefix.
        ///   - value: its value, unescaped.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The namespace's URI, which the properties' prefix is bound to.
    public var namespace: String
    /// The prefix used when the packet does not bind the namespace already (`OpCamera`, `VCamera`).
    public var preferredPrefix: String
    /// The properties, written in this order.
    public var properties: [Property]

    /// A group of properties to write in one namespace.
    /// - Parameters:
    ///   - namespace: the namespace's URI.
    ///   - preferredPrefix: the prefix to bind it to when the packet has none for it.
    ///   - properties: the properties, in the order to write them.
    public init(namespace: String, preferredPrefix: String, properties: [Property]) {
        self.namespace = namespace
        self.preferredPrefix = preferredPrefix
        self.properties = properties
    }
}

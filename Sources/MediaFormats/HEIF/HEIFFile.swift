/// The items of a HEIF/HEIC file (`meta` with `iinf` and `iloc`), enough to find and read its Exif item.
public struct HEIFFile: Sendable {
    /// One typed `iinf` entry (version 2 or later).
    public struct Item: Sendable, Equatable {
        /// The item ID.
        public var id: UInt32
        /// The item type (`hvc1`, `grid`, `Exif`, `mime`...).
        public var type: FourCC
        /// For `mime` items, the content type (`application/rdf+xml` for XMP).
        public var contentType: String? = nil
    }

    /// Where an item's bytes are, from its `iloc` entry.
    public struct Location: Sendable, Equatable {
        /// The item the location belongs to.
        public var itemID: UInt32
        /// 0: file offsets; 1: offsets into `idat`; 2: item offsets (not supported).
        public var constructionMethod: UInt8
        /// Added to every extent's offset.
        public var baseOffset: UInt64
        /// The extents in order: the item is their bytes concatenated.
        public var extents: [(offset: UInt64, length: UInt64)]

        /// True when the extents are file offsets (construction method 0), not offsets into `idat`.
        public var isFileOffset: Bool { constructionMethod == ItemLocationBox.ConstructionMethod.fileOffset.rawValue }

        /// Compares every field, the extents pair by pair (tuples are not `Equatable`).
        public static func == (a: Location, b: Location) -> Bool {
            a.itemID == b.itemID && a.constructionMethod == b.constructionMethod && a.baseOffset == b.baseOffset
                && a.extents.elementsEqual(b.extents, by: { $0.offset == $1.offset && $0.length == $1.length })
        }
    }

    /// The `ftyp` major brand.
    public var majorBrand: FourCC
    /// The `meta` box, its children parsed.
    public var meta: Atom
    /// The header of the top-level `meta` box.
    public var metaHeader: BoxHeader
    /// The typed `iinf` entries, in order; entries older than version 2 are left out.
    public var items: [Item]
    /// The `iloc` entries, in order; empty when there is no `iloc`.
    public var locations: [Location]
    /// The `iref` references (`cdsc`, `dimg`, `thmb`, `auxl`...), in file order.
    public var references: [ItemReference]
    /// The primary item from `pitm`; nil when there is none.
    public var primaryItemID: UInt32?
    /// Every top-level box header, in file order.
    public var topLevel: [BoxHeader]
    /// `iloc` with every field, for edits.
    public var itemLocationBox: ItemLocationBox?
    /// The raw `meta` box, header included, for edits that keep its size.
    public var metaBytes: [UInt8]

    /// The `ftyp` brands, major or compatible, that make a file a HEIF image here: HEVC, AVIF and `mif1`/`msf1`/`mif2`.
    public static let imageBrands: Set<FourCC> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "mif2"]

    /// The top-level boxes Samsung appends after a HEIC's image for a Motion Photo (docs/formats/samsung.md#heic-layouts).
    public static let motionPhotoBoxTypes: Set<FourCC> = ["mpvd", "sefd"]

    /// Whether `box` is one of ``motionPhotoBoxTypes``.
    public static func isMotionPhotoBox(_ box: BoxHeader) -> Bool { motionPhotoBoxTypes.contains(box.type) }

    /// Whether the file carries a Motion Photo's video boxes.
    public var hasMotionPhotoBoxes: Bool { topLevel.contains(where: Self.isMotionPhotoBox) }

    /// Whether `meta` comes before the first `mdat` (or there is none), as an edit that grows `meta` needs.
    public var metaPrecedesMediaData: Bool {
        metaHeader.offset < (topLevel.first { $0.type == "mdat" }?.offset ?? Int64.max)
    }

    /// Reads the top-level boxes and the `meta` box of `file`; a broken `iref` gives no references.
    /// - Throws: when the file is not HEIF (no `ftyp` first, no image brand), has no `meta` or one over 64 MiB,
    ///   or a box in `meta` is malformed.
    /// - Parameters:
    ///   - file: the HEIF file.
    ///   - end: where the image's boxes end, when other bytes follow them (a moving photo's MP4 and tail).
    public init(file: RandomAccessFile, end: Int64? = nil) throws(FormatError) {
        topLevel = try file.topLevelBoxes(end: end)
        guard let ftyp = topLevel.first, ftyp.type == "ftyp", ftyp.payloadSize >= 8, ftyp.payloadSize <= 4096 else {
            throw FormatError(.notRecognized, "not a HEIF image (no 'ftyp' first)")
        }
        let brands = try FileTypeBox(file.read(at: ftyp.payloadOffset, length: ftyp.payloadSize))
        majorBrand = brands.majorBrand
        guard Self.imageBrands.contains(brands.majorBrand) || brands.compatibleBrands.contains(where: Self.imageBrands.contains) else {
            throw FormatError(.notRecognized, "not a HEIF image (brand '\(brands.majorBrand)')")
        }
        guard let metaHeader = topLevel.first(where: { $0.type == "meta" }) else {
            throw FormatError(.malformed, "the HEIF file has no 'meta'")
        }
        guard metaHeader.size <= 64 << 20 else {
            throw FormatError(.unsupported, "the HEIF 'meta' box is \(metaHeader.size) bytes", at: metaHeader.offset)
        }
        self.metaHeader = metaHeader
        metaBytes = try file.read(at: metaHeader.offset, length: metaHeader.size)
        guard metaBytes.count >= metaHeader.headerSize + 4 else {
            throw FormatError(.truncated, "the 'meta' box ends in its header", at: metaHeader.offset)
        }
        let children = try Atom.parseSequence(
            metaBytes, range: (metaHeader.headerSize + 4)..<metaBytes.count, baseOffset: metaHeader.offset, depth: 1)
        meta = Atom(type: "meta", prefix: Array(metaBytes[metaHeader.headerSize..<metaHeader.headerSize + 4]), children: children)
        items = try meta.child("iinf").map(Self.parseItemInfo) ?? []
        itemLocationBox = try meta.child("iloc").map { (box) throws(FormatError) in try ItemLocationBox(box) }
        locations = itemLocationBox.map(Self.locations) ?? []
        // References only tell which item describes which: a broken `iref` leaves the images readable, with none.
        references = (try? meta.child("iref").map { (box) throws(FormatError) in try ItemReferenceBox(box).references }) ?? []
        primaryItemID = try meta.child("pitm").map { (p) throws(FormatError) -> UInt32 in
            var r = ByteReader(p.data)
            let version = try r.readInteger(UInt8.self, "pitm")
            try r.skip(3, "pitm")
            return version == 0
                ? UInt32(try r.readInteger(UInt16.self, .bigEndian, "pitm")) : try r.readInteger(UInt32.self, .bigEndian, "pitm")
        }
    }

    static func parseItemInfo(_ iinf: Atom) throws(FormatError) -> [Item] {
        try ItemInfoBox(iinf).itemEntries().map { Item(id: $0.id, type: $0.type, contentType: $0.type == "mime" ? $0.contentType : nil) }
    }

    static func locations(_ iloc: ItemLocationBox) -> [Location] {
        iloc.items.map { item in
            Location(
                itemID: item.id, constructionMethod: item.constructionMethod, baseOffset: item.baseOffset,
                extents: item.extents.map { ($0.offset, $0.length) })
        }
    }

    /// Every XMP item (`mime`, `application/rdf+xml`), in `iinf` order.
    public var xmpItems: [Item] { items.filter { $0.type == "mime" && $0.contentType == "application/rdf+xml" } }

    /// The XMP item that describes the primary image: the one whose `iref cdsc` names `pitm` (docs/formats/motion-photo.md#google-motion-photo-xmp).
    /// Another XMP item (an iPhone's describes its HDR gain map) is never it; nil when the primary has none.
    public var primaryXMPItem: Item? {
        guard let primary = primaryItemID else { return nil }
        return xmpItems.first { item in
            references.contains { $0.type == "cdsc" && $0.fromItemID == item.id && $0.toItemIDs.contains(primary) }
        }
    }

    /// The bytes of item `id`, at most `limit` of them. An extent of length 0 runs to the end of its container (the
    /// file, or `idat`), as ISO/IEC 14496-12 §8.11.3 says.
    public func itemData(_ id: UInt32, in file: RandomAccessFile, limit: Int = 16 << 20) throws(FormatError) -> [UInt8] {
        guard let loc = locations.first(where: { $0.itemID == id }) else { throw FormatError(.malformed, "item \(id) has no location") }
        var data: [UInt8] = []
        for extent in loc.extents {
            let (start, overflow) = loc.baseOffset.addingReportingOverflow(extent.offset)
            guard !overflow else { throw FormatError(.malformed, "item \(id) has an impossible offset") }
            let containerSize: UInt64
            switch ItemLocationBox.ConstructionMethod(rawValue: loc.constructionMethod) {
            case .fileOffset: containerSize = UInt64(file.size)
            case .idatOffset:
                guard let idat = meta.child("idat") else { throw FormatError(.malformed, "item \(id) is in 'idat' but there is none") }
                containerSize = UInt64(idat.data.count)
            default:
                throw FormatError(.unsupported, "item \(id) uses construction method \(loc.constructionMethod)")
            }
            guard start <= containerSize else {
                throw FormatError(.malformed, "item \(id) lies past the end of \(loc.isFileOffset ? "the file" : "'idat'")")
            }
            let length = extent.length == 0 ? containerSize - start : extent.length
            guard length <= UInt64(limit - data.count) else {
                throw FormatError(.unsupported, "item \(id) is larger than \(limit) bytes")
            }
            if loc.isFileOffset {
                data += try file.read(at: Int64(start), length: length)
            } else {
                guard length <= containerSize - start, let idat = meta.child("idat") else {
                    throw FormatError(.malformed, "item \(id) lies past the end of 'idat'")
                }
                data += idat.data[Int(start)..<Int(start + length)]
            }
        }
        return data
    }

    /// `meta` with its `iloc` replaced by `iloc` (same size required), other bytes untouched.
    /// - Throws: when the new `iloc` differs in size or `meta` has no `iloc`.
    public func metaReplacingItemLocations(_ iloc: ItemLocationBox) throws(FormatError) -> [UInt8] {
        let newBox = try iloc.encoded().serialized()
        var i = metaHeader.headerSize + 4
        while i + 8 <= metaBytes.count {
            let header = try BoxHeader.parse(
                Array(metaBytes[i..<min(i + 16, metaBytes.count)]), at: Int64(i), limit: Int64(metaBytes.count))
            if header.type == "iloc" {
                guard header.size == Int64(newBox.count) else {
                    throw FormatError(.unsupported, "the rewritten 'iloc' would change size (\(header.size) to \(newBox.count) bytes)")
                }
                var bytes = metaBytes
                bytes.replaceSubrange(i..<i + newBox.count, with: newBox)
                return bytes
            }
            i += Int(header.size)
        }
        throw FormatError(.malformed, "the HEIF 'meta' has no 'iloc'")
    }

    /// The primary image's size from its `ispe` property (through `iprp/ipma`), when present.
    public var primaryImageSize: (width: Int, height: Int)? {
        func boxes(in atom: Atom) -> [Atom] {
            (try? Atom.parseSequence(atom.data, range: 0..<atom.data.count, baseOffset: 0, depth: 2)) ?? []
        }
        guard let primary = primaryItemID, let iprp = meta.child("iprp") else { return nil }
        let parts = boxes(in: iprp)
        guard let ipco = parts.first(where: { $0.type == "ipco" }), let ipma = parts.first(where: { $0.type == "ipma" }),
            let indices = try? Self.propertyIndices(of: primary, in: ipma)
        else { return nil }
        let properties = boxes(in: ipco)
        for index in indices where index >= 1 && index <= properties.count {
            let property = properties[index - 1]
            guard property.type == "ispe", property.data.count >= 12 else { continue }
            // A side past 2^31 - 1 pixels is no image's: it counts as no size (and a 32-bit Int, in WebAssembly, holds
            // every other).
            guard let width = Int32(exactly: property.data.loadUInt32(at: 4, .bigEndian)),
                let height = Int32(exactly: property.data.loadUInt32(at: 8, .bigEndian))
            else { continue }
            return (Int(width), Int(height))
        }
        return nil
    }

    /// The 1-based `ipco` indices associated with `item` in an `ipma` box.
    static func propertyIndices(of item: UInt32, in ipma: Atom) throws(FormatError) -> [Int] {
        var r = ByteReader(ipma.data)
        let version = try r.readInteger(UInt8.self, "ipma version")
        let flags = try r.readUInt(width: 3, "ipma flags")
        let count = try r.readInteger(UInt32.self, .bigEndian, "ipma entry count")
        try r.checkCount(UInt64(count), elementSize: 3, "ipma")
        for _ in 0..<count {
            let id =
                version < 1
                ? UInt32(try r.readInteger(UInt16.self, .bigEndian, "ipma item")) : try r.readInteger(UInt32.self, .bigEndian, "ipma item")
            let associations = try r.readInteger(UInt8.self, "ipma association count")
            var indices: [Int] = []
            for _ in 0..<associations {
                if flags & 1 != 0 {
                    indices.append(Int(try r.readInteger(UInt16.self, .bigEndian, "ipma association") & 0x7FFF))
                } else {
                    indices.append(Int(try r.readInteger(UInt8.self, "ipma association") & 0x7F))
                }
            }
            if id == item { return indices }
        }
        return []
    }

    /// The Exif item's TIFF stream. A wrong `exif_tiff_header_offset` is tolerated (docs/formats/heic.md#tolerated-irregularities).
    public func exifTIFF(in file: RandomAccessFile) throws(FormatError) -> [UInt8]? {
        guard let item = exifItem else { return nil }
        let payload = try itemData(item.id, in: file)
        return Self.tiffStart(inExifItem: payload).map { Array(payload[$0...]) }
    }

    /// The first Exif item (type `Exif`), if any.
    public var exifItem: Item? { items.first { $0.type == "Exif" } }

    /// An Exif item's payload for `tiff` (ISO/IEC 23008-12 Annex A.2.1): `exif_tiff_header_offset` 6, then the
    /// `Exif\0\0` that Apple's files carry before the TIFF header, then the TIFF stream.
    public static func exifItemPayload(tiff: [UInt8]) -> [UInt8] {
        [0, 0, 0, 6] + JPEGFile.exifHeader + tiff
    }

    /// Where the TIFF header starts in an Exif item payload.
    public static func tiffStart(inExifItem payload: [UInt8]) -> Int? {
        func isTIFF(_ i: Int) -> Bool {
            guard i >= 0, i + 4 <= payload.count else { return false }
            return (payload[i] == 0x4D && payload[i + 1] == 0x4D && payload[i + 2] == 0 && payload[i + 3] == 0x2A)
                || (payload[i] == 0x49 && payload[i + 1] == 0x49 && payload[i + 2] == 0x2A && payload[i + 3] == 0)
        }
        guard payload.count >= 4 else { return nil }
        let declared = payload.loadUInt32(at: 0, .bigEndian)
        if UInt64(declared) < UInt64(payload.count - 4), isTIFF(4 + Int(declared)) { return 4 + Int(declared) }
        if payload.count >= 10, payload[4..<10].elementsEqual(JPEGFile.exifHeader), isTIFF(10) { return 10 }
        return (0..<min(payload.count, 64)).first(where: isTIFF)
    }
}

/// One box of a file as a dump lists it: where it is, how deep, and the fields of the boxes declared once.
public struct BoxSummary: Sendable, Equatable {
    /// 0 for a top-level box.
    public var depth: Int
    /// The box's type, or `????` when too few bytes were left for a header.
    public var type: FourCC
    /// Absolute offset of the box's first byte.
    public var offset: Int64
    /// Size of the box, header included; for a box cut short, the bytes up to the end of its container.
    public var size: Int64
    /// The fields of a declared box (`mvhd`, `tkhd`, `mdhd`, `elst`, `iloc`, `iinf`, `infe`, `iref`) or the brands of `ftyp`,
    /// else none.
    public var fields: [BoxField]
    /// What could not be read inside the box, when something could not.
    public var problem: String?
}

/// Walks the boxes of an ISO-BMFF, QuickTime or HEIF file (or of a part of a file, such as a Motion Photo's
/// video), reading headers and only the payloads of the declared boxes: a dump for people debugging their files.
/// A box that cannot be read is listed with its problem and the walk goes on past it; the walk never reads media.
public enum BoxWalker {
    /// Containers whose payload is boxes after a fixed prefix of this many bytes.
    /// The movie's plain containers (``Atom/plainContainers``), those of fragments, HEIF properties and protection,
    /// and the two sample-entry lists (version, flags and a count first).
    static let prefixedContainers: [FourCC: Int] = {
        var prefixes: [FourCC: Int] = ["dref": 8, "stsd": 8]
        for type in Atom.plainContainers.union(["moof", "traf", "mfra", "iprp", "ipco", "grpl", "sinf", "schi"]) { prefixes[type] = 0 }
        return prefixes
    }()
    /// The boxes whose fields are listed, looked up once per box.
    enum Declared { case fileType, movieHeader, trackHeader, mediaHeader, editList, itemLocation, itemInfoEntry, itemInfo, itemReference }
    static let declared: [FourCC: Declared] = [
        "ftyp": .fileType, "mvhd": .movieHeader, "tkhd": .trackHeader, "mdhd": .mediaHeader, "elst": .editList, "iloc": .itemLocation,
        "infe": .itemInfoEntry, "iinf": .itemInfo, "iref": .itemReference,
    ]
    static let metaType: FourCC = "meta"
    static let itemInfoType: FourCC = "iinf"
    static let handlerType: FourCC = "hdlr"

    /// Payloads larger than this are not read for their fields.
    static let fieldLimit: Int64 = 1 << 20

    /// The boxes in `range` of `file` (all of it by default), depth first.
    /// - Parameters:
    ///   - file: the file to walk.
    ///   - range: the byte range to walk; the whole file when nil.
    ///   - maxBoxes: at most this many are listed; the last says the rest were left out.
    ///   - maxDepth: boxes deeper than this are not opened.
    /// - Throws: only when the file cannot be read.
    public static func walk(_ file: RandomAccessFile, range: Range<Int64>? = nil, maxBoxes: Int = 20_000, maxDepth: Int = 16)
        throws(FormatError) -> [BoxSummary]
    {
        var walk = Walk(file: file, maxBoxes: maxBoxes, maxDepth: maxDepth)
        let bounds = range ?? 0..<file.size
        try walk.sequence(bounds.clamped(to: 0..<file.size), depth: 0)
        return walk.boxes
    }

    struct Walk {
        let file: RandomAccessFile
        let maxBoxes: Int
        let maxDepth: Int
        var boxes: [BoxSummary] = []

        mutating func sequence(_ range: Range<Int64>, depth: Int) throws(FormatError) {
            var offset = range.lowerBound
            while offset < range.upperBound {
                guard boxes.count < maxBoxes else {
                    boxes[boxes.count - 1].problem = "more boxes follow; only the first \(maxBoxes) are listed"
                    return
                }
                let left = range.upperBound - offset
                let head = try file.read(at: offset, count: Int(min(16, left)))
                if left < 8 {
                    // QuickTime ends some containers with a 32-bit zero.
                    if !head.allSatisfy({ $0 == 0 }) {
                        unreadable(head, at: offset, size: left, depth: depth, "stray bytes, too few for a box")
                    }
                    return
                }
                let header: BoxHeader
                do throws(FormatError) {
                    header = try BoxHeader.parse(head, at: offset, limit: range.upperBound)
                } catch  where error.kind == .truncated {
                    // Cut short: what there is of it is still listed, down to the end of its container.
                    let headerSize = head.loadUInt32(at: 0, .bigEndian) == 1 ? 16 : 8
                    guard left >= Int64(headerSize) else {
                        unreadable(head, at: offset, size: left, depth: depth, "\(error)")
                        return
                    }
                    let type = FourCC(rawValue: head.loadUInt32(at: 4, .bigEndian))
                    try box(BoxHeader(type: type, offset: offset, headerSize: headerSize, size: left), depth: depth, problem: "\(error)")
                    return
                } catch {
                    unreadable(head, at: offset, size: left, depth: depth, "\(error)")
                    return
                }
                try box(header, depth: depth)
                offset = header.end
            }
        }

        /// Lists the bytes from `offset` to the end of their container as one box that could not be read, named by
        /// the type its header gives when it has one.
        mutating func unreadable(_ head: [UInt8], at offset: Int64, size: Int64, depth: Int, _ problem: String) {
            let type = head.count >= 8 ? FourCC(rawValue: head.loadUInt32(at: 4, .bigEndian)) : FourCC(rawValue: 0x3F3F_3F3F)
            boxes.append(BoxSummary(depth: depth, type: type, offset: offset, size: size, fields: [], problem: problem))
        }

        mutating func box(_ header: BoxHeader, depth: Int, problem: String? = nil) throws(FormatError) {
            var summary = BoxSummary(
                depth: depth, type: header.type, offset: header.offset, size: header.size, fields: [], problem: problem)
            do {
                if problem == nil { summary.fields = try fields(header) }
            } catch {
                summary.problem = "\(error)"
            }
            boxes.append(summary)
            guard depth < maxDepth, let prefix = try childPrefix(header) else { return }
            let start = header.payloadOffset + Int64(prefix)
            guard start <= header.end else { return }
            try sequence(start..<header.end, depth: depth + 1)
        }

        /// How many payload bytes come before the children, or nil for a box without children.
        func childPrefix(_ header: BoxHeader) throws(FormatError) -> Int? {
            if header.type == BoxWalker.metaType {
                // QuickTime's meta has no version and flags; ISO's (HEIF's) does (docs/formats/live-photo.md#quicktime-meta-has-no-version).
                guard header.payloadSize >= 8 else { return nil }
                let peek = try file.read(at: header.payloadOffset + 4, count: 4)
                return peek.loadUInt32(at: 0, .bigEndian) == BoxWalker.handlerType.rawValue ? 0 : 4
            }
            if header.type == BoxWalker.itemInfoType {
                guard header.payloadSize >= 4 else { return nil }
                return try file.read(at: header.payloadOffset, count: 1)[0] == 0 ? 6 : 8
            }
            return prefixedContainers[header.type]
        }

        func fields(_ header: BoxHeader) throws(FormatError) -> [BoxField] {
            guard let kind = BoxWalker.declared[header.type], header.payloadSize <= fieldLimit else { return [] }
            func payload() throws(FormatError) -> Atom {
                Atom(type: header.type, data: try file.read(at: header.payloadOffset, length: header.payloadSize))
            }
            switch kind {
            case .movieHeader: return try MovieHeader(payload(), at: header.payloadOffset).fields
            case .trackHeader: return try TrackHeader(payload(), at: header.payloadOffset).fields
            case .mediaHeader: return try MediaHeader(payload(), at: header.payloadOffset).fields
            case .editList: return try EditList(payload(), at: header.payloadOffset).fields
            case .itemLocation: return try ItemLocationBox(payload(), at: header.payloadOffset).fields
            case .itemInfoEntry: return try ItemInfoEntry(payload(), at: header.payloadOffset).fields
            case .itemInfo: return try ItemInfoBox(payload(), at: header.payloadOffset).fields.filter { $0.name != "entries" }
            case .itemReference:
                let box = try ItemReferenceBox(payload(), at: header.payloadOffset)
                return [BoxField(name: "version", value: "\(box.version)")]
                    + box.references.map {
                        BoxField(name: "'\($0.type)'", value: "\($0.fromItemID) → \($0.toItemIDs.map(String.init).joined(separator: " "))")
                    }
            case .fileType:
                let brands = try FileTypeBox(payload().data)
                return [
                    BoxField(name: "major brand", value: "'\(brands.majorBrand)'"),
                    BoxField(name: "compatible brands", value: brands.compatibleBrands.map { "'\($0)'" }.joined(separator: " ")),
                ]
            }
        }
    }
}

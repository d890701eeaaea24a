/// Adds an Exif item to a HEIF `meta` box (FORMAT.md §3.3): an `infe` in `iinf`, an `iloc` entry, and an
/// `iref cdsc` from the Exif item to the primary image. `meta` grows, so every file-offset extent that lies after
/// it moves by the growth; `idat` (construction method 1) items do not.
public enum HEIFMetaEditor {
    /// The edited `meta` box, given where the Exif payload will be in the output file.
    ///
    /// - Parameters:
    ///   - heif: the parsed file.
    ///   The payload goes right after the (grown) file's end, in a new `mdat` whose 8-byte header the caller writes.
    ///   - originalSize: the input file's size.
    ///   - payloadLength: the Exif item's length.
    /// - Returns: the new `meta` bytes, and the growth in bytes.
    public static func addingExifItem(to heif: HEIFFile, originalSize: Int64, payloadLength: Int) throws -> (meta: [UInt8], growth: Int64) {
        try addingItem(to: heif, type: "Exif", contentType: nil, originalSize: originalSize, payloadLength: payloadLength)
    }

    /// The same for an XMP item (`mime`, `application/rdf+xml`).
    public static func addingXMPItem(to heif: HEIFFile, originalSize: Int64, payloadLength: Int) throws -> (meta: [UInt8], growth: Int64) {
        try addingItem(to: heif, type: "mime", contentType: "application/rdf+xml", originalSize: originalSize, payloadLength: payloadLength)
    }

    /// The same for any item: `type` `mime` with `contentType` `application/rdf+xml` is an XMP item.
    public static func addingItem(to heif: HEIFFile, type: FourCC, contentType: String?, originalSize: Int64, payloadLength: Int) throws
        -> (meta: [UInt8], growth: Int64)
    {
        guard let primary = heif.primaryItemID else { throw FormatError(.malformed, "the HEIF file has no primary item ('pitm')") }
        guard var iloc = heif.itemLocationBox else { throw FormatError(.malformed, "the HEIF 'meta' has no 'iloc'") }
        let highestID = (heif.items.map(\.id) + iloc.items.map(\.id)).max() ?? 0
        guard highestID < UInt32.max else { throw FormatError(.unsupported, "an item already has the highest ID, \(highestID)") }
        let newID = highestID + 1
        guard newID <= UInt32(UInt16.max) || iloc.version == 2 else {
            throw FormatError(.unsupported, "item IDs past 65535 need 32-bit item boxes")
        }

        // The children of meta, as raw boxes.
        let start = heif.metaHeader.headerSize + 4
        var children = try Atom.parseSequence(
            heif.metaBytes, range: start..<heif.metaBytes.count, baseOffset: heif.metaHeader.offset, depth: 1
        )
        .map { ($0.type, $0.serialized()) }
        guard children.map({ $0.1.count }).reduce(0, +) == heif.metaBytes.count - start else {
            throw FormatError(.unsupported, "the HEIF 'meta' holds bytes outside its boxes")
        }

        // iinf: one more entry (infe version 2, type Exif, empty name).
        guard let iinfIndex = children.firstIndex(where: { $0.0 == "iinf" }) else { throw FormatError(.malformed, "no 'iinf'") }
        var iinf = Array(children[iinfIndex].1.dropFirst(8))
        let iinfVersion = iinf.first ?? 0
        var infe = ByteWriter()
        infe.appendFullBox("infe", version: newID > UInt32(UInt16.max) ? 3 : 2, flags: 0) { w in
            if newID > UInt32(UInt16.max) { w.appendUInt32(newID) } else { w.appendUInt16(UInt16(newID)) }
            w.appendUInt16(0)
            w.appendFourCC(type)
            w.appendUInt8(0)
            if let contentType {
                w.appendASCII(contentType)
                w.appendUInt8(0)
            }
        }
        if iinfVersion == 0 {
            guard iinf.count >= 6 else { throw FormatError(.truncated, "'iinf' is too short") }
            let count = iinf.loadUInt16(at: 4, .bigEndian)
            guard count < UInt16.max else { throw FormatError(.unsupported, "'iinf' is full") }
            iinf.storeUInt16(count + 1, at: 4, .bigEndian)
        } else {
            guard iinf.count >= 8 else { throw FormatError(.truncated, "'iinf' is too short") }
            let count = iinf.loadUInt32(at: 4, .bigEndian)
            guard count < UInt32.max else { throw FormatError(.unsupported, "'iinf' is full") }
            iinf.storeUInt32(count + 1, at: 4, .bigEndian)
        }
        iinf += infe.bytes
        children[iinfIndex].1 = Atom(type: "iinf", data: iinf).serialized()

        // iref: cdsc from the Exif item to the primary image.
        var cdsc = ByteWriter()
        if let irefIndex = children.firstIndex(where: { $0.0 == "iref" }) {
            var iref = Array(children[irefIndex].1.dropFirst(8))
            let wide = (iref.first ?? 0) == 1
            cdsc.appendBox("cdsc") { w in
                if wide { w.appendUInt32(newID) } else { w.appendUInt16(UInt16(newID)) }
                w.appendUInt16(1)
                if wide { w.appendUInt32(primary) } else { w.appendUInt16(UInt16(primary)) }
            }
            iref += cdsc.bytes
            children[irefIndex].1 = Atom(type: "iref", data: iref).serialized()
        } else {
            var iref = ByteWriter()
            iref.appendFullBox("iref", version: newID > UInt32(UInt16.max) ? 1 : 0, flags: 0) { w in
                w.appendBox("cdsc") { c in
                    if newID > UInt32(UInt16.max) {
                        c.appendUInt32(newID); c.appendUInt16(1); c.appendUInt32(primary)
                    } else {
                        c.appendUInt16(UInt16(newID)); c.appendUInt16(1); c.appendUInt16(UInt16(primary))
                    }
                }
            }
            let at = (children.firstIndex { $0.0 == "iinf" } ?? children.count - 1) + 1
            children.insert(("iref", iref.bytes), at: at)
        }

        // iloc: one more item; then the growth is known and every later extent moves by it.
        iloc.items.append(
            .init(
                id: newID, constructionMethod: 0, dataReferenceIndex: 0, baseOffset: 0,
                extents: [.init(index: 0, offset: 0, length: UInt64(payloadLength))]))
        let oldMetaSize = Int64(heif.metaBytes.count)
        func assemble(_ iloc: ItemLocationBox) throws -> [UInt8] {
            var parts = children
            guard let i = parts.firstIndex(where: { $0.0 == "iloc" }) else { throw FormatError(.malformed, "no 'iloc'") }
            parts[i].1 = try iloc.atom().serialized()
            let body = Array(heif.metaBytes[heif.metaHeader.headerSize..<start]) + parts.flatMap { $0.1 }
            return Atom(type: "meta", data: body).serialized()
        }
        let growth = Int64(try assemble(iloc).count) - oldMetaSize
        guard growth >= 0 else { throw FormatError(.unsupported, "the edited 'meta' shrank") }
        // An offset that the growth would carry past 2^64 belongs to no real file: an error, never a trap.
        func moved(_ offset: UInt64, item: UInt32) throws -> UInt64 {
            let (sum, overflow) = offset.addingReportingOverflow(UInt64(growth))
            guard !overflow else { throw FormatError(.malformed, "item \(item) has an impossible offset, \(offset)") }
            return sum
        }
        let metaEnd = heif.metaHeader.end
        for i in iloc.items.indices where iloc.items[i].constructionMethod == 0 && iloc.items[i].id != newID {
            let item = iloc.items[i]
            if item.baseOffset > 0, item.baseOffset >= UInt64(metaEnd) {
                iloc.items[i].baseOffset = try moved(item.baseOffset, item: item.id)
                continue
            }
            for e in item.extents.indices {
                let (absolute, overflow) = item.baseOffset.addingReportingOverflow(item.extents[e].offset)
                guard !overflow else { throw FormatError(.malformed, "item \(item.id) has an impossible offset") }
                if absolute >= UInt64(metaEnd) {
                    iloc.items[i].extents[e].offset = try moved(item.extents[e].offset, item: item.id)
                } else if absolute >= UInt64(heif.metaHeader.offset) {
                    throw FormatError(.unsupported, "item \(item.id) has data inside 'meta'")
                }
            }
        }
        let last = iloc.items.count - 1
        iloc.items[last].extents[0].offset = UInt64(originalSize) + UInt64(growth) + 8
        let meta = try assemble(iloc)
        guard Int64(meta.count) - oldMetaSize == growth else { throw FormatError(.unsupported, "the edited 'meta' changed size twice") }
        return (meta, growth)
    }
}

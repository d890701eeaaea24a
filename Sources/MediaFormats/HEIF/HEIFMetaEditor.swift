/// Adds an Exif item to a HEIF `meta` box (docs/formats/heic.md#adding-or-replacing-exif): an `infe` in `iinf`, an `iloc` entry, and an
/// `iref cdsc` from the Exif item to the primary image. `meta` grows, so every file-offset extent that lies after
/// it moves by the growth; `idat` (construction method 1) items do not.
public enum HEIFMetaEditor {
    /// The edited `meta` box, given where the Exif payload will be in the output file.
    ///
    /// The payload goes right after the (grown) file's end, in a new `mdat` whose header the caller writes
    /// (``ByteWriter/appendMediaData(_:)``).
    ///
    /// - Parameters:
    ///   - heif: the parsed file.
    ///   - originalSize: the input file's size.
    ///   - payloadLength: the Exif item's length.
    /// - Returns: the new `meta` bytes, and the growth in bytes.
    public static func addingExifItem(to heif: HEIFFile, originalSize: Int64, payloadLength: Int) throws(FormatError) -> (
        meta: [UInt8], growth: Int64
    ) {
        try addingItem(to: heif, type: "Exif", contentType: nil, originalSize: originalSize, payloadLength: payloadLength)
    }

    /// The same for an XMP item (`mime`, `application/rdf+xml`).
    public static func addingXMPItem(to heif: HEIFFile, originalSize: Int64, payloadLength: Int) throws(FormatError) -> (
        meta: [UInt8], growth: Int64
    ) {
        try addingItem(to: heif, type: "mime", contentType: "application/rdf+xml", originalSize: originalSize, payloadLength: payloadLength)
    }

    /// The same for any item: `type` `mime` with `contentType` `application/rdf+xml` is an XMP item.
    public static func addingItem(to heif: HEIFFile, type: FourCC, contentType: String?, originalSize: Int64, payloadLength: Int)
        throws(FormatError)
        -> (meta: [UInt8], growth: Int64)
    {
        guard let primary = heif.primaryItemID else { throw FormatError(.malformed, "the HEIF file has no primary item ('pitm')") }
        guard var iloc = heif.itemLocationBox else { throw FormatError(.malformed, "the HEIF 'meta' has no 'iloc'") }
        let highestID = (heif.items.map { $0.id } + iloc.items.map { $0.id }).max() ?? 0
        guard highestID < UInt32.max else { throw FormatError(.unsupported, "an item already has the highest ID, \(highestID)") }
        let newID = highestID + 1
        guard newID <= UInt32(UInt16.max) || iloc.version == 2 else {
            throw FormatError(.unsupported, "item IDs past 65535 need 32-bit item boxes")
        }

        // The children of meta; the three edited ones typed, the others kept as they are.
        let start = heif.metaHeader.headerSize + 4
        var children = try Atom.parseSequence(
            heif.metaBytes, range: start..<heif.metaBytes.count, baseOffset: heif.metaHeader.offset, depth: 1)
        guard children.map({ $0.serialized().count }).reduce(0, +) == heif.metaBytes.count - start else {
            throw FormatError(.unsupported, "the HEIF 'meta' holds bytes outside its boxes")
        }
        guard let iinfIndex = children.firstIndex(where: { $0.type == ItemInfoBox.boxType }) else {
            throw FormatError(.malformed, "no 'iinf'")
        }
        guard let ilocIndex = children.firstIndex(where: { $0.type == ItemLocationBox.boxType }) else {
            throw FormatError(.malformed, "no 'iloc'")
        }

        // iinf: one more entry (version 2, or 3 for a 32-bit ID; no name).
        var iinf = try ItemInfoBox(children[iinfIndex])
        try iinf.append(ItemInfoEntry(id: newID, type: type, contentType: contentType))
        children[iinfIndex] = try iinf.encoded()

        // iref: cdsc from the new item to the primary image; a new iref after iinf when there is none.
        let describes = ItemReference(type: "cdsc", fromItemID: newID, toItemIDs: [primary])
        if let irefIndex = children.firstIndex(where: { $0.type == ItemReferenceBox.boxType }) {
            var iref = try ItemReferenceBox(children[irefIndex])
            guard iref.version <= 1 else { throw FormatError(.unsupported, "'iref' has version \(iref.version)") }
            iref.append(describes)
            children[irefIndex] = try iref.encoded()
        } else {
            var iref = ItemReferenceBox()
            iref.append(describes)
            children.insert(try iref.encoded(), at: iinfIndex + 1)
        }

        // iloc: one more item; then the growth is known and every later extent moves by it.
        iloc.items.append(.init(id: newID, extents: [.init(offset: 0, length: UInt64(payloadLength))]))
        let oldMetaSize = Int64(heif.metaBytes.count)
        let ilocAt = children.firstIndex { $0.type == ItemLocationBox.boxType } ?? ilocIndex
        func assemble(_ iloc: ItemLocationBox) throws(FormatError) -> [UInt8] {
            var parts = children
            parts[ilocAt] = try iloc.encoded()
            let body = Array(heif.metaBytes[heif.metaHeader.headerSize..<start]) + parts.flatMap { $0.serialized() }
            return Atom(type: "meta", data: body).serialized()
        }
        let growth = Int64(try assemble(iloc).count) - oldMetaSize
        guard growth >= 0 else { throw FormatError(.unsupported, "the edited 'meta' shrank") }
        // An offset that the growth would carry past 2^64 belongs to no real file: an error, never a trap.
        func moved(_ offset: UInt64, item: UInt32) throws(FormatError) -> UInt64 {
            let (sum, overflow) = offset.addingReportingOverflow(UInt64(growth))
            guard !overflow else { throw FormatError(.malformed, "item \(item) has an impossible offset, \(offset)") }
            return sum
        }
        let metaEnd = heif.metaHeader.end
        for i in iloc.items.indices where iloc.items[i].isFileOffset && iloc.items[i].id != newID {
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
        let (end, overflow) = UInt64(originalSize).addingReportingOverflow(
            UInt64(growth) + UInt64(BoxHeader.encodedSize(payloadSize: UInt64(payloadLength))))
        guard !overflow else { throw FormatError(.malformed, "the file is too large to grow") }
        iloc.items[last].extents[0].offset = end
        let meta = try assemble(iloc)
        guard Int64(meta.count) - oldMetaSize == growth else { throw FormatError(.unsupported, "the edited 'meta' changed size twice") }
        return (meta, growth)
    }
}

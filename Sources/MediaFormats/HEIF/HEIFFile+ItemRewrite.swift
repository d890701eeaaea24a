/// A new payload for one item of a HEIF file that is stored as one extent of the file itself: the edits that write
/// it, as byte ranges of the file replaced and bytes appended after its end.
///
/// Only that item's `iloc` extent changes, with the same field widths, so `meta` keeps its size and no other offset
/// in the file moves (docs/formats/heic.md#adding-or-replacing-exif). Image data is never touched.
public struct HEIFItemRewrite: Sendable {
    /// Ranges of the file replaced by new bytes, in file order; `length` is the range's, which equals the bytes' for
    /// `meta` and may be longer for a payload written over a larger old one.
    public var replacements: [(offset: Int64, length: Int64, bytes: [UInt8])]
    /// Bytes to add after the file's last byte: a new `mdat` holding the payload, or nothing.
    public var appended: [UInt8]

    /// Edits as given: `replacements` in file order, `appended` after the file's end.
    public init(replacements: [(offset: Int64, length: Int64, bytes: [UInt8])], appended: [UInt8]) {
        self.replacements = replacements
        self.appended = appended
    }
}

extension HEIFFile {
    /// The edits that give item `id` the payload `payload`.
    /// - Parameters:
    ///   - id: the item, stored as one extent of the file itself.
    ///   - payload: the item's new bytes.
    ///   - fileSize: the file's size: where an appended `mdat` begins.
    ///   - inPlaceWhenItFits: write over the old payload when the new one is no longer (its extent shrinks and the
    ///     rest of the old bytes stay, unused); otherwise, and when it does not fit, the payload goes into a new
    ///     `mdat` after the file's end.
    /// - Throws: ``FormatError`` when the item has no location, is not one extent of the file itself, lies past the
    ///   file's end, or its base offset lies past where the payload would go.
    public func rewritingItem(_ id: UInt32, payload: [UInt8], fileSize: Int64, inPlaceWhenItFits: Bool = true) throws(FormatError)
        -> HEIFItemRewrite
    {
        guard var iloc = itemLocationBox, let index = iloc.items.firstIndex(where: { $0.id == id }) else {
            throw FormatError(.malformed, "item \(id) has no location")
        }
        let item = iloc.items[index]
        guard item.isFileOffset, item.extents.count == 1, item.dataReferenceIndex == 0 else {
            throw FormatError(.unsupported, "item \(id) is not one extent of the file itself")
        }
        let extent = item.extents[0]
        let (oldStart, overflow) = item.baseOffset.addingReportingOverflow(extent.offset)
        guard !overflow, oldStart <= UInt64(fileSize) else { throw FormatError(.malformed, "item \(id) lies past the end of the file") }
        var replacements: [(offset: Int64, length: Int64, bytes: [UInt8])] = []
        var appended: [UInt8] = []
        if inPlaceWhenItFits, UInt64(payload.count) <= extent.length {
            replacements.append((Int64(oldStart), Int64(payload.count), payload))
        } else {
            var w = ByteWriter()
            let newStart = UInt64(fileSize) + UInt64(w.appendMediaData(payload))
            guard newStart >= item.baseOffset else { throw FormatError(.unsupported, "item \(id)'s base offset lies past the file's end") }
            appended = w.bytes
            iloc.items[index].extents[0].offset = newStart - item.baseOffset
        }
        iloc.items[index].extents[0].length = UInt64(payload.count)
        replacements.append((metaHeader.offset, metaHeader.size, try metaReplacingItemLocations(iloc)))
        return HEIFItemRewrite(replacements: replacements.sorted { $0.offset < $1.offset }, appended: appended)
    }
}

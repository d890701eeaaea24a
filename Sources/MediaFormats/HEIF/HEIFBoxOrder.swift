/// A HEIF file's top-level boxes written in another order, with every item location moved with its bytes
/// (docs/formats/samsung.md#heic-layouts): how a HEIC Motion Photo whose video box an editor put before the image data
/// gets its video back at the end.
public struct HEIFBoxOrder: Sendable {
    /// The top-level boxes in their new order.
    public let boxes: [BoxHeader]
    /// Each box's new offset, by its old offset.
    private let newOffsets: [Int64: Int64]

    /// The new place of `boxes`, which must be the file's top-level boxes, each once, covering the file from its
    /// first byte to its last.
    /// - Throws: ``FormatError`` (unsupported) when they do not.
    public init(_ boxes: [BoxHeader], fileSize: Int64) throws(FormatError) {
        let byOffset = boxes.sorted { $0.offset < $1.offset }
        var end: Int64 = 0
        for box in byOffset {
            guard box.offset == end, box.size > 0 else {
                throw FormatError(.unsupported, "the file's top-level boxes do not follow each other at byte \(end)")
            }
            end = box.offset + box.size
        }
        guard end == fileSize else { throw FormatError(.unsupported, "\(fileSize - end) bytes follow the file's last box") }
        var offsets: [Int64: Int64] = [:]
        var position: Int64 = 0
        for box in boxes {
            offsets[box.offset] = position
            position += box.size
        }
        self.boxes = boxes
        newOffsets = offsets
    }

    /// Where the byte at `offset` goes; nil for an offset outside the file.
    public func newOffset(of offset: Int64) -> Int64? {
        guard let box = boxes.first(where: { offset >= $0.offset && offset < $0.offset + $0.size }) else { return nil }
        return newOffsets[box.offset].map { $0 + offset - box.offset }
    }

    /// The pieces of the new file (bytes written as they are, ranges of the old file copied, as a movie's layout has them): the boxes in their new
    /// order, `meta` with every file-offset item extent moved, and `overlays` (new bytes over old ones, same length,
    /// given at their old offsets) written over what they cover.
    /// - Throws: ``FormatError`` when an extent crosses a box's end or its new offset does not fit its field.
    public func pieces(of heif: HEIFFile, overlays: [(offset: Int64, bytes: [UInt8])] = []) throws(FormatError) -> [MovieLayout.Piece] {
        var all = overlays
        if var iloc = heif.itemLocationBox {
            let limit: UInt64 = iloc.offsetSize >= 8 ? .max : (1 << (8 * UInt64(iloc.offsetSize))) - 1
            for (i, item) in iloc.items.enumerated() where item.isFileOffset && item.dataReferenceIndex == 0 {
                for (j, extent) in item.extents.enumerated() {
                    let (start, overflow) = item.baseOffset.addingReportingOverflow(extent.offset)
                    guard !overflow, start < UInt64(Int64.max), let moved = newOffset(of: Int64(start)) else {
                        throw FormatError(.malformed, "item \(item.id) lies outside the file")
                    }
                    if extent.length > 0 {
                        guard extent.length <= UInt64(Int64.max) - start,
                            let last = newOffset(of: Int64(start + extent.length - 1)), last - moved == Int64(extent.length) - 1
                        else {
                            throw FormatError(.unsupported, "item \(item.id) runs across the end of a top-level box")
                        }
                    }
                    guard UInt64(moved) >= item.baseOffset, UInt64(moved) - item.baseOffset <= limit else {
                        throw FormatError(.unsupported, "item \(item.id)'s new offset does not fit its field")
                    }
                    iloc.items[i].extents[j].offset = UInt64(moved) - item.baseOffset
                }
            }
            all.append((heif.metaHeader.offset, try heif.metaReplacingItemLocations(iloc)))
        }
        var pieces: [MovieLayout.Piece] = []
        for box in boxes {
            var position = box.offset
            let end = box.offset + box.size
            for overlay in all.filter({ $0.offset >= box.offset && $0.offset < end }).sorted(by: { $0.offset < $1.offset }) {
                guard overlay.offset >= position, overlay.offset + Int64(overlay.bytes.count) <= end else {
                    throw FormatError(.unsupported, "two edits overlap at byte \(overlay.offset)")
                }
                if overlay.offset > position { pieces.append(.copy(offset: position, length: overlay.offset - position)) }
                pieces.append(.bytes(overlay.bytes))
                position = overlay.offset + Int64(overlay.bytes.count)
            }
            if end > position { pieces.append(.copy(offset: position, length: end - position)) }
        }
        return pieces
    }
}

import FuzzSupport

@testable import MediaFormats

/// HEIF `meta`: the box dump, items, `iloc`, `iinf`, `iref`, properties, the Exif and XMP items, and the
/// item-adding and item-rewriting edits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let file = FuzzFile.with(data, size) else { return 0 }
    _ = try? BoxWalker.walk(file, maxBoxes: 2000)
    guard let heif = try? HEIFFile(file: file) else { return 0 }
    for type in ["iinf", "iref", "iloc"] as [FourCC] {
        guard let box = heif.meta.child(type) else { continue }
        switch type {
        case "iinf": _ = try? ItemInfoBox(box).encoded()
        case "iref": _ = try? ItemReferenceBox(box).encoded()
        default: _ = try? ItemLocationBox(box).encoded()
        }
    }
    _ = heif.primaryImageSize
    _ = heif.primaryImageTransform
    // The top-level boxes in reverse order, as `repair` re-lays a Motion Photo: the pieces add up to the file.
    if let order = try? HEIFBoxOrder(heif.topLevel.reversed(), fileSize: file.size), let pieces = try? order.pieces(of: heif) {
        let total = pieces.reduce(Int64(0)) { sum, piece in
            switch piece {
            case .bytes(let b): return sum + Int64(b.count)
            case .copy(_, let length): return sum + length
            }
        }
        guard total == file.size else { fatalError("a re-laid file has \(total) bytes, not \(file.size)") }
    }
    _ = heif.primaryXMPItem
    _ = try? heif.exifTIFF(in: file)
    for item in heif.items.prefix(64) { _ = try? heif.itemData(item.id, in: file, limit: 1 << 20) }
    if let iloc = heif.itemLocationBox { _ = try? heif.metaReplacingItemLocations(iloc) }
    // A new payload for the Exif and XMP items, in place and appended, as make and convert write them: meta keeps its size.
    for item in [heif.exifItem?.id, heif.primaryXMPItem?.id].compactMap({ $0 }) {
        for (count, inPlace) in [(8, true), (70_000, false)] {
            guard
                let rewrite = try? heif.rewritingItem(
                    item, payload: [UInt8](repeating: 0x20, count: count), fileSize: file.size,
                    inPlaceWhenItFits: inPlace)
            else { continue }
            for r in rewrite.replacements where r.offset == heif.metaHeader.offset && Int64(r.bytes.count) != heif.metaHeader.size {
                fatalError("rewriting an item's payload changed the size of meta")
            }
        }
    }
    _ = try? HEIFMetaEditor.addingItem(
        to: heif, type: "mime", contentType: "application/rdf+xml", originalSize: file.size, payloadLength: 100)
    return 0
}

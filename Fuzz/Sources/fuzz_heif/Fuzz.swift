import FuzzSupport
@testable import MediaFormats

/// HEIF `meta`: the box dump, items, `iloc`, `iinf`, `iref`, properties, the Exif and XMP items, and the
/// item-adding edit.
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
    _ = heif.primaryXMPItem
    _ = try? heif.exifTIFF(in: file)
    for item in heif.items.prefix(64) { _ = try? heif.itemData(item.id, in: file, limit: 1 << 20) }
    if let iloc = heif.itemLocationBox { _ = try? heif.metaReplacingItemLocations(iloc) }
    _ = try? HEIFMetaEditor.addingItem(to: heif, type: "mime", contentType: "application/rdf+xml", originalSize: file.size, payloadLength: 100)
    return 0
}

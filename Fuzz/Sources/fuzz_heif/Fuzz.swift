import FuzzSupport
@testable import MediaFormats

/// HEIF `meta`: items, `iloc`, `iref`, properties, the Exif and XMP items, and the item-adding edit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let file = FuzzFile.with(data, size), let heif = try? HEIFFile(file: file) else { return 0 }
    _ = heif.primaryImageSize
    _ = heif.primaryXMPItem
    _ = try? heif.exifTIFF(in: file)
    for item in heif.items.prefix(64) { _ = try? heif.itemData(item.id, in: file, limit: 1 << 20) }
    if let iloc = heif.itemLocationBox { _ = try? heif.metaReplacingItemLocations(iloc) }
    _ = try? HEIFMetaEditor.addingItem(to: heif, type: "mime", contentType: "application/rdf+xml", originalSize: file.size, payloadLength: 100)
    return 0
}

import FuzzSupport
@testable import MediaFormats

/// JPEG segments, the Exif TIFF and the Apple MakerNote, with the edits `make` and `split` apply and OPPO's byte-order swap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let file = FuzzFile.with(data, size), let jpeg = try? JPEGFile(file: file) else { return 0 }
    _ = try? jpeg.endOfImage(in: file)
    _ = try? jpeg.xmpPacket(in: file)
    guard let bytes = try? jpeg.exifTIFF(in: file), var tiff = try? ExifTIFF(bytes: bytes) else { return 0 }
    _ = tiff.orientation
    _ = tiff.string(ifd0Tag: 0x010F)
    // OPPO's byte order: a swap that succeeds must come back to the same bytes.
    if let swapped = try? tiff.converted(to: tiff.order == .bigEndian ? .littleEndian : .bigEndian) {
        guard let back = try? swapped.converted(to: tiff.order), back.bytes == tiff.bytes else {
            fatalError("a byte-order swap did not come back to the same bytes")
        }
    }
    guard let note = tiff.makerNote, AppleMakerNote.isApple(note), var makerNote = try? AppleMakerNote(bytes: note) else { return 0 }
    _ = makerNote.string(AppleMakerNote.contentIdentifierTag)
    try? makerNote.setString("71DCA213-5710-4A6C-BC6D-CE6306AEB8D8", for: AppleMakerNote.contentIdentifierTag)
    _ = try? makerNote.removeTag(AppleMakerNote.contentIdentifierTag)
    try? tiff.setMakerNote(makerNote.bytes)
    _ = try? jpeg.headerReplacingExif(with: tiff.bytes, in: file)
    return 0
}

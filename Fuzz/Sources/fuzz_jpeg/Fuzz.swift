import FuzzSupport

@testable import MediaFormats

/// JPEG segments, the Exif TIFF and the Apple MakerNote, with the edits `make` and `split` apply and OPPO's byte-order swap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let file = FuzzFile.with(data, size), let jpeg = try? JPEGFile(file: file) else { return 0 }
    _ = try? jpeg.endOfImage(in: file)
    _ = try? jpeg.xmpPacket(in: file)
    // The Motion Photo writer's header edit: a new XMP segment and an Exif insertion, the MPF index kept true.
    if let header = try? file.read(at: 0, count: Int(jpeg.scanOffset)), let range = try? jpeg.xmpSegmentRange(in: file),
        let xmp = try? JPEGFile.xmpSegment(packet: Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>".utf8))
    {
        let insertion = jpeg.exifInsertionPoint..<jpeg.exifInsertionPoint
        if let edited = try? jpeg.editedHeader(header, changes: [(range, xmp), (insertion, [0xFF, 0xE1, 0, 2])], in: file) {
            let expected = header.count + xmp.count - range.count + 4
            guard edited.count == expected else { fatalError("a header edit gave \(edited.count) bytes, not \(expected)") }
        }
    }
    guard let bytes = try? jpeg.exifTIFF(in: file), var tiff = try? ExifTIFF(bytes: bytes) else { return 0 }
    _ = tiff.orientation
    // What `repair` reads and writes: the thumbnail's size, the orientation, the thumbnail unlinked.
    if let thumbnail = tiff.thumbnailJPEG { _ = JPEGFile.frameSize(of: thumbnail) }
    var mended = tiff
    if let transform = mended.statedTransform {
        try? mended.setOrientation(transform.then(.heifRotation(anticlockwiseQuarterTurns: 1)))
    }
    try? mended.removeThumbnail()
    guard mended.bytes.count == tiff.bytes.count else { fatalError("a same-size Exif edit changed the size") }
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

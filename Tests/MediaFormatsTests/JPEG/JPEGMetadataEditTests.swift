import MediaFormats
import TestSupport
import Testing

/// A JPEG header with new Exif and XMP segments (docs/formats/takeout.md#what-is-written-into-the-files).
@Suite("JPEG metadata edit")
struct JPEGMetadataEditTests {
    /// SOI, a JFIF APP0, a COM, SOS with a few bytes of "image data", EOI and a trailer.
    static let jpeg: [UInt8] =
        [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        + [0xFF, 0xFE, 0, 5, 0x68, 0x69, 0x21] + [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0x3F, 0, 0x12, 0x34, 0x56, 0xFF, 0xD9]
        + Array("TRAILER".utf8)

    func markers(_ header: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var at = 2
        while at + 4 <= header.count, header[at] == 0xFF {
            out.append(header[at + 1])
            at += 2 + Int(header[at + 2]) << 8 + Int(header[at + 3])
        }
        return out
    }

    @Test("Exif then XMP go after the JFIF APP0; the other segments stay as they were")
    func insertsAfterAPP0() throws {
        let workspace = try Workspace()
        let file = try RandomAccessFile(path: try workspace.write(Self.jpeg, to: "plain.jpg"))
        let jpeg = try JPEGFile(file: file)
        let tiff = ExifTIFF.minimal(width: 1, height: 1)
        let header = try jpeg.headerReplacingMetadata(tiff: tiff, xmp: Array("<x/>".utf8), in: file)
        #expect(markers(header) == [0xE0, 0xE1, 0xE1, 0xFE])
        #expect(Array(header[4..<6]) == [0, 16])
        #expect(Array(header[24..<30]) == JPEGFile.exifHeader)
        #expect(header.suffix(7) == [0xFF, 0xFE, 0, 5, 0x68, 0x69, 0x21])
        // Edited again, both segments are replaced where they are.
        let path = try workspace.write(header + Array(Self.jpeg[Int(jpeg.scanOffset)...]), to: "edited.jpg")
        let edited = try RandomAccessFile(path: path)
        let again = try JPEGFile(file: edited).headerReplacingMetadata(tiff: tiff, xmp: Array("<y/>".utf8), in: edited)
        #expect(markers(again) == [0xE0, 0xE1, 0xE1, 0xFE])
        #expect(again.count == header.count)
        #expect(try JPEGFile(file: edited).xmpPacket(in: edited)?.bytes == Array("<x/>".utf8))
    }
}

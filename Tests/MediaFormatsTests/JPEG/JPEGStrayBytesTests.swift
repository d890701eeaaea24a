import MediaFormats
import Testing

/// Bytes between two segments that are no segment: read past as libjpeg does, and kept by every header edit
/// (docs/formats/live-photo.md#stray-bytes-between-segments).
@Suite("JPEG stray bytes")
struct JPEGStrayBytesTests {
    /// SOI, a JFIF APP0, `stray`, a COM, SOS with a few bytes of "image data", EOI.
    static func jpeg(stray: [UInt8]) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0] + stray
            + [0xFF, 0xFE, 0, 5, 0x68, 0x69, 0x21] + [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0x3F, 0, 0x12, 0x34, 0x56, 0xFF, 0xD9]
    }

    static func file(_ bytes: [UInt8]) -> RandomAccessFile { RandomAccessFile(joining: [.bytes(bytes)], name: "stray.jpg") }

    @Test("an XMP packet's leaked end, a stuffed FF 00 and a restart marker among them: skipped to the COM, recorded")
    func skipped() throws {
        let stray = Array("?>\n".utf8) + [0xFF, 0x00, 0x20, 0xFF, 0xD3, 0x41]
        let jpeg = try JPEGFile(file: Self.file(Self.jpeg(stray: stray)))
        #expect(jpeg.strayBytes.map(\.offset) == [20] && jpeg.strayBytes.map(\.count) == [Int64(stray.count)])
        #expect(jpeg.segments.map(\.marker) == [0xE0, 0xFE])
        #expect(jpeg.segments[1].offset == 20 + Int64(stray.count))
    }

    @Test("a new Exif keeps the stray bytes where they lay, before the COM")
    func keptByEdits() throws {
        let stray = Array("?>".utf8)
        let bytes = Self.jpeg(stray: stray)
        let file = Self.file(bytes)
        let jpeg = try JPEGFile(file: file)
        let header = try jpeg.headerReplacingExif(with: ExifTIFF.minimal(width: 1, height: 1), in: file)
        let original = Array(bytes[20..<Int(jpeg.scanOffset)])
        #expect(Array(header.suffix(original.count)) == original, "the stray bytes and the COM follow the new Exif unchanged")
        #expect(Array(header.prefix(20)) == Array(bytes.prefix(20)))
        let edited = try JPEGFile(file: Self.file(header + Array(bytes[Int(jpeg.scanOffset)...])))
        #expect(edited.strayBytes.map(\.count) == [2])
    }

    @Test("no marker after the stray bytes: the clear refusal, at the byte where a marker should start")
    func noMarker() {
        let bytes = Array(Self.jpeg(stray: []).prefix(20)) + Array("no marker follows".utf8)
        #expect {
            _ = try JPEGFile(file: Self.file(bytes))
        } throws: { error in
            (error as? FormatError)?.description.contains("a marker should start at byte 20") == true
        }
    }
}

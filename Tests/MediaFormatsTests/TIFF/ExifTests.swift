import MediaFormats
import Testing

@Suite("Exif TIFF editing")
struct ExifTests {
    @Test("a minimal TIFF gains a MakerNote without moving anything")
    func minimalPlusMakerNote() throws {
        var tiff = try ExifTIFF(bytes: ExifTIFF.minimal(width: 640, height: 480))
        let before = tiff.bytes
        var note = AppleMakerNote.empty()
        try note.setString("71DCA213-5710-4A6C-BC6D-CE6306AEB8D8", for: 0x0011)
        try tiff.setMakerNote(note.bytes)
        #expect(tiff.makerNote == note.bytes)
        // The original bytes are still there at the start, except the Exif IFD pointer in IFD0.
        #expect(Array(tiff.bytes[0..<8]) == Array(before[0..<8]))
        #expect(tiff.exifIFD?.entry(0xA002) != nil)
        #expect(try AppleMakerNote(bytes: try #require(tiff.makerNote)).string(0x0011) == "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8")
    }

    @Test("little-endian TIFF without an Exif IFD gets one, IFD0 entries kept")
    func littleEndianNoExifIFD() throws {
        // II, IFD0 at 8 with Make = "Cam" (inline) and Orientation 6; next IFD 0.
        var bytes = Array("II".utf8) + [42, 0, 8, 0, 0, 0]
        bytes += [2, 0]
        bytes += [0x0F, 0x01, 2, 0, 4, 0, 0, 0] + Array("Cam\0".utf8)
        bytes += [0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]
        bytes += [0, 0, 0, 0]
        var tiff = try ExifTIFF(bytes: bytes)
        #expect(tiff.exifIFD == nil)
        try tiff.setMakerNote(AppleMakerNote.empty().bytes)
        #expect(tiff.order == .littleEndian)
        #expect(tiff.string(ifd0Tag: 0x010F) == "Cam")
        #expect(tiff.ifd0.entry(0x0112)?.valueField == [6, 0, 0, 0])
        #expect(tiff.makerNote == AppleMakerNote.empty().bytes)
        #expect(tiff.ifd0.entries.map(\.tag) == [0x010F, 0x0112, 0x8769])
    }

    @Test("a larger MakerNote is appended and the entry repointed; a smaller one is written in place")
    func replaceMakerNote() throws {
        var tiff = try ExifTIFF(bytes: ExifTIFF.minimal(width: nil, height: nil))
        try tiff.setMakerNote(AppleMakerNote.empty().bytes)
        let size = tiff.bytes.count
        var bigger = AppleMakerNote.empty()
        try bigger.setString("71DCA213-5710-4A6C-BC6D-CE6306AEB8D8", for: 0x0011)
        try tiff.setMakerNote(bigger.bytes)
        #expect(tiff.makerNote == bigger.bytes)
        #expect(tiff.bytes.count > size)
        let grown = tiff.bytes.count
        try tiff.setMakerNote(AppleMakerNote.empty().bytes)
        #expect(tiff.bytes.count == grown)
        #expect(tiff.makerNote == AppleMakerNote.empty().bytes)
    }

    @Test("MakerNote offsets that point outside it are errors, not reads")
    func makerNoteBadOffset() throws {
        var w = ByteWriter()
        w.append(AppleMakerNote.signature)
        w.appendUInt16(1)
        w.appendASCII("MM")
        w.append(IFD.serialize([IFDEntry(tag: 0x0011, type: 2, count: 37, valueField: [0, 0, 0x10, 0])], next: 0, order: .bigEndian))
        var note = try AppleMakerNote(bytes: w.bytes)
        #expect(note.string(0x0011) == nil)
        #expect(throws: FormatError.self) { try note.setString("71DCA213-5710-4A6C-BC6D-CE6306AEB8D8", for: 0x0011) }
    }
}

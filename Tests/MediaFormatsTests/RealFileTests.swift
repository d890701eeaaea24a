import Foundation
import MediaFormats
import TestSupport
import Testing

@Suite("real files through the byte layer", .needsSamples)
struct RealFileTests {
    let mov = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")
    let heic = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC")

    @Test("the iPhone movie header parses and serialises back byte for byte")
    func moovRoundTrip() throws {
        let file = try RandomAccessFile(path: mov)
        let movie = try Movie(file: file)
        let original = try file.read(at: movie.moovHeader.offset, count: Int(movie.moovHeader.size))
        #expect(movie.moov.serialized() == original)
        #expect(movie.fileType == nil)  // this transfer has no ftyp (docs/formats/live-photo.md#movie-layout)
        #expect(movie.header.timescale == 600)
        #expect(movie.tracks.map(\.handlerType) == ["vide", "soun", "meta", "meta", "meta"])
        #expect(movie.tracks[0].tables.timedSampleCount == 42)
        let keys = movie.tracks[4].metadataKeys?.keys.map(\.name)
        #expect(
            keys == [
                "com.apple.quicktime.still-image-time", "com.apple.quicktime.live-photo-still-image-transform",
                "com.apple.quicktime.live-photo-still-image-transform-reference-dimensions",
            ])
        #expect(movie.tracks[4].editList?.entries == [.init(segmentDuration: 540, mediaTime: -1), .init(segmentDuration: 1, mediaTime: 0)])
        // 8-byte type 21
        #expect(movie.metadata?.value(for: "com.apple.quicktime.live-photo.vitality-scoring-version") == .signedInteger(4))
        #expect(movie.metadata?.value(for: "com.apple.quicktime.live-photo.auto") == .unsignedInteger(1))
        #expect(movie.metadata?.value(for: "com.apple.quicktime.live-photo.vitality-score") == .float32(1.0))
    }

    @Test("the iPhone HEIC's Exif item and MakerNote")
    func heicMakerNote() throws {
        let file = try RandomAccessFile(path: heic)
        let heif = try HEIFFile(file: file)
        let tiff = try ExifTIFF(bytes: try #require(try heif.exifTIFF(in: file)))
        #expect(tiff.order == .bigEndian)
        let note = try AppleMakerNote(bytes: try #require(tiff.makerNote))
        #expect(note.string(0x0011) == "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8")
        #expect(note.ifd.entry(0x0017)?.type == 16)
        #expect(note.value(0x0017) == [0, 0, 0, 2, 0, 0x50, 0x20, 0x24])  // 8595185700, docs/formats/live-photo.md#tags-that-matter
    }

    @Test("adding a tag to a real MakerNote keeps every other value and type byte for byte")
    func makerNoteRebuild() throws {
        let file = try RandomAccessFile(path: heic)
        let tiff = try ExifTIFF(bytes: try #require(try HEIFFile(file: file).exifTIFF(in: file)))
        let original = try AppleMakerNote(bytes: try #require(tiff.makerNote))
        var edited = original
        try edited.setString("a value of another length", for: 0x0011)  // forces the rebuild path
        try edited.setString("new", for: 0x00F0)  // adds an entry
        #expect(edited.ifd.entries.count == original.ifd.entries.count + 1)
        #expect(edited.string(0x0011) == "a value of another length")
        #expect(edited.string(0x00F0) == "new")
        for entry in original.ifd.entries where entry.tag != 0x0011 {
            #expect(edited.ifd.entry(entry.tag)?.type == entry.type)
            #expect(edited.ifd.entry(entry.tag)?.count == entry.count)
            #expect(edited.value(entry.tag) == original.value(entry.tag), "tag 0x\(String(entry.tag, radix: 16))")
        }
        #expect(Array(edited.bytes[0..<14]) == Array(original.bytes[0..<14]))
    }

    @Test("a wrong exif_tiff_header_offset is tolerated (androidx sample)")
    func tolerantExifOffset() throws {
        let file = try RandomAccessFile(path: ProjectPaths.sample("androidx-media_sample_MP.heic"))
        let heif = try HEIFFile(file: file)
        let tiff = try #require(try heif.exifTIFF(in: file))
        #expect(tiff.starts(with: Array("MM".utf8)) || tiff.starts(with: Array("II".utf8)))
        _ = try ExifTIFF(bytes: tiff)
    }

    @Test(
        "every sample's top level parses or fails with a FormatError",
        arguments: [
            "androidx-media_pixel-motion-photo-jfif-segment-shortened.jpg", "androidx-media_pixel-motion-photo-shortened.jpg",
            "androidx-media_ss-motion-photo-shortened.jpg", "libmphoto_microvideo_samsung-remuxed.jpg",
            "libmphoto_motion_photo_v1_synthetic.jpg",
        ])
    func jpegSamples(_ name: String) throws {
        let file = try RandomAccessFile(path: ProjectPaths.sample(name))
        let jpeg = try JPEGFile(file: file)
        #expect(jpeg.width != nil && jpeg.height != nil)
        if let tiff = try jpeg.exifTIFF(in: file) { _ = try ExifTIFF(bytes: tiff) }
    }

    @Test("the iPhone's Exif in the other byte order: exiftool reads every tag the same, and back again gives the same bytes")
    func exifByteOrder() async throws {
        let file = try RandomAccessFile(path: heic)
        let original = try ExifTIFF(bytes: try #require(try HEIFFile(file: file).exifTIFF(in: file)))
        let swapped = try original.converted(to: .littleEndian)
        #expect(swapped.order == .littleEndian && swapped.bytes.count == original.bytes.count)
        #expect(try swapped.converted(to: .bigEndian).bytes == original.bytes)
        #expect(swapped.makerNote == original.makerNote, "the Apple MakerNote is carried as it is")
        let ws = try Workspace()
        try Data(original.bytes).write(to: URL(fileURLWithPath: ws.file("mm.tif")))
        try Data(swapped.bytes).write(to: URL(fileURLWithPath: ws.file("ii.tif")))
        func tags(_ name: String) async throws -> [String: String] {
            try await Readers.exiftool(ws.file(name), ["-All", "-n", "-x", "System:all", "-x", "File:all", "-x", "ExifTool:all"])
        }
        let (mm, ii) = (try await tags("mm.tif"), try await tags("ii.tif"))
        #expect(mm.count > 40, "exiftool read \(mm.count) tags")
        #expect(mm.filter { !$0.key.hasPrefix("SourceFile") } == ii.filter { !$0.key.hasPrefix("SourceFile") })
    }

    @Test("a byte-order swap refuses another maker's MakerNote and Exif values that overlap")
    func exifByteOrderRefusals() throws {
        var foreign = try ExifTIFF(bytes: ExifTIFF.minimal(width: 8, height: 8))
        try foreign.setMakerNote(Array("SAMSUNG-NOTE-DATA".utf8))
        #expect(throws: FormatError.self) { try foreign.converted(to: .littleEndian) }
        // Two RATIONAL tags pointing at one value: a second swap would undo the first.
        var bytes = ExifTIFF.minimal(width: 8, height: 8)
        let ifd0 = try ExifTIFF(bytes: bytes).ifd0
        let x = try #require(ifd0.entry(0x011A)), y = try #require(ifd0.entry(0x011B))
        bytes.replaceSubrange(y.entryPosition + 8..<y.entryPosition + 12, with: x.valueField)
        #expect(throws: FormatError.self) { try ExifTIFF(bytes: bytes).converted(to: .littleEndian) }
        #expect(
            try ExifTIFF(bytes: ExifTIFF.minimal(width: 8, height: 8)).converted(to: .littleEndian).converted(to: .bigEndian).bytes
                == ExifTIFF.minimal(width: 8, height: 8))
    }
}

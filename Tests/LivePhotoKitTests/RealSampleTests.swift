import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

@Suite("real iPhone files", .needsSamples)
struct RealSampleTests {
    let heic = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC")
    let mov = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")

    @Test("inspect reads the identifier and the 0.900 s cover of IMG_3853")
    func inspectSample() async throws {
        let report = await LivePhotoInspector.inspect([heic, mov])
        let still = try #require(report.files.first), movie = try #require(report.files.last)
        #expect(still.role == .liveStill)
        #expect(still.format == .heic)
        #expect(still.contentIdentifier == "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8")
        #expect(still.still?.width == 5712 && still.still?.height == 4284)  // the grid's ispe, as exiftool reads it
        #expect(still.still?.orientation == 1)
        #expect(still.still?.model == "iPhone 15 Plus")
        #expect(movie.role == .liveMovie)
        #expect(movie.contentIdentifier == "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8")
        let cover = try #require(movie.movie?.coverTimeSeconds)
        #expect(abs(cover - 0.9) < 1e-9)
        #expect(movie.movie?.stillImageTime?.form == .emptyEdit)
        #expect(movie.movie?.stillImageTime?.value == -1)
        #expect(movie.movie?.video?.codec == "hevc")
        #expect(movie.movie?.video?.frameCount == 42)
        #expect(movie.movie?.audioCodec == "pcm")
        #expect(report.pair?.paired == true)
    }

    @Test("verify accepts the real pair")
    func verifySample() async throws {
        let report = await LivePhotoVerifier.verify(photo: heic, movie: mov)
        #expect(report.passed)
        #expect(report.checks.first { $0.id == "still-image-time-reference" }?.passed == false)  // iOS 18.2 writes no tref
    }

    @Test("an iPhone 7 still without 0x0011 is a plain still")
    func iPhone7() async throws {
        let report = await LivePhotoInspector.inspect([ProjectPaths.sample("iphone7-ios12_IMG_2682_immich.heic")])
        #expect(report.files[0].role == .still)
        #expect(report.files[0].still?.makerNote == "apple")
        #expect(report.files[0].contentIdentifier == nil)
    }

    @Test("remaking the real movie keeps its tracks and still time, and changes only the identifier")
    func remakeRealMovie() async throws {
        let ws = try Workspace()
        let photo = try await ClipStore.shared.jpeg()
        let id = ContentIdentifier()
        let result = try await LivePhotoMaker.make(photo: photo, video: mov, options: MakeOptions(outputDirectory: ws.path, identifier: id))
        #expect(result.keptExistingStillTime)
        #expect(abs(result.coverTime - 0.9) < 1e-9)
        let out = try #require(result.movie)
        #expect(try await Readers.exiftoolMovieIdentifier(out) == id.rawValue)
        #expect(try await Readers.framemd5(out) == Readers.framemd5(mov))

        // Every track is there with the same boxes apart from chunk offsets; metadata samples are byte-identical.
        let original = try Movie(file: RandomAccessFile(path: mov)), remade = try Movie(file: RandomAccessFile(path: out))
        let originalFile = try RandomAccessFile(path: mov), remadeFile = try RandomAccessFile(path: out)
        #expect(remade.tracks.count == original.tracks.count)
        for (a, b) in zip(original.tracks, remade.tracks) {
            #expect(a.header == b.header)
            #expect(a.atom.child("edts") == b.atom.child("edts"))
            #expect(a.atom.child("tref") == b.atom.child("tref"))
            #expect(a.descriptions == b.descriptions)
            guard a.handlerType == "meta" else { continue }
            for i in 0..<Int(a.tables.sampleCount) {
                let la = try a.tables.sampleLocation(i), lb = try b.tables.sampleLocation(i)
                #expect(
                    try originalFile.read(at: Int64(la.offset), count: Int(la.size))
                        == remadeFile.read(at: Int64(lb.offset), count: Int(lb.size)))
            }
        }
        // Movie metadata: every other key and value kept, in order.
        let keysBefore = try #require(original.metadata).keys, keysAfter = try #require(remade.metadata).keys
        #expect(keysBefore == keysAfter)
        #expect(remade.metadata?.value(for: "com.apple.quicktime.location.ISO6709") == .utf8("+35.7143+139.7963+007.400/"))
        #expect(remade.fileType?.majorBrand == "qt  ")
    }

    @Test("an existing Apple MakerNote keeps every other tag byte for byte")
    func existingAppleMakerNote() async throws {
        // exiftool copies the real iPhone MakerNote (with its LONG8 tags) into a plain JPEG.
        let ws = try Workspace()
        let photo = ws.file("apple.jpg")
        try FileManager.default.copyItem(atPath: try await ClipStore.shared.jpeg(), toPath: photo)
        try await Tool.run("exiftool", ["-q", "-overwrite_original", "-tagsfromfile", heic, "-Make", "-Model", "-MakerNotes", photo])
        let beforeNote = try #require(try makerNote(photo))
        #expect(try AppleMakerNote(bytes: beforeNote).string(0x0011) == "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8")

        let id = ContentIdentifier()
        let result = try await LivePhotoMaker.make(
            photo: photo, video: try await ClipStore.shared.path(ClipSpec()),
            options: MakeOptions(outputDirectory: ws.file("out"), identifier: id))
        let out = try #require(result.photo)
        let afterNote = try #require(try makerNote(out))
        let before = try AppleMakerNote(bytes: beforeNote), after = try AppleMakerNote(bytes: afterNote)
        #expect(after.string(0x0011) == id.rawValue)
        #expect(before.ifd.entries.map(\.tag) == after.ifd.entries.map(\.tag))
        for entry in before.ifd.entries where entry.tag != 0x0011 {
            #expect(before.value(entry.tag) == after.value(entry.tag), "tag 0x\(String(entry.tag, radix: 16))")
            #expect(after.ifd.entry(entry.tag)?.type == entry.type)
        }
        #expect(after.ifd.entry(0x0017)?.type == 16)  // LONG8 survives
        // Same length identifier: the MakerNote differs only in those 36 bytes.
        #expect(zip(beforeNote, afterNote).filter { $0 != $1 }.count <= 36)
        #expect(try await Readers.exiftoolStillIdentifier(out) == id.rawValue)
        let tagsBefore = try await Readers.exiftool(photo, ["-Apple:all"]).filter {
            !$0.key.contains("MediaGroupUUID") && !$0.key.contains("ContentIdentifier") && $0.key != "SourceFile"
        }
        let tagsAfter = try await Readers.exiftool(out, ["-Apple:all"]).filter {
            !$0.key.contains("MediaGroupUUID") && !$0.key.contains("ContentIdentifier") && $0.key != "SourceFile"
        }
        #expect(tagsBefore == tagsAfter)
    }

    func makerNote(_ path: String) throws -> [UInt8]? {
        let file = try RandomAccessFile(path: path)
        guard let tiff = try JPEGFile(file: file).exifTIFF(in: file) else { return nil }
        return try ExifTIFF(bytes: tiff).makerNote
    }

    @Test("a MakerNote of another maker is replaced by default, with a note; refused only when asked, and nothing written")
    func foreignMakerNote() async throws {
        let ws = try Workspace()
        let plain = try await ClipStore.shared.jpeg()
        let clip = try await ClipStore.shared.path(ClipSpec())
        // A JPEG whose Exif IFD holds a Nikon-style MakerNote, little-endian TIFF, built byte by byte.
        var tiff = Array("II".utf8) + [42, 0, 8, 0, 0, 0]
        tiff += [1, 0] + [0x69, 0x87, 4, 0, 1, 0, 0, 0, 26, 0, 0, 0] + [0, 0, 0, 0]  // IFD0: ExifIFD at 26
        tiff += [1, 0] + [0x7C, 0x92, 7, 0, 16, 0, 0, 0, 44, 0, 0, 0] + [0, 0, 0, 0]  // Exif IFD: MakerNote 16 bytes at 44
        tiff += Array("Nikon\0\u{2}\u{10}\0\0MM\0*\0\0".utf8)
        let jpeg = try [UInt8](Data(contentsOf: URL(fileURLWithPath: plain)))
        let app1 = [0xFF, 0xE1, UInt8((tiff.count + 8) >> 8), UInt8((tiff.count + 8) & 0xFF)] + Array("Exif\0\0".utf8) + tiff
        let photo = try ws.write(Array(jpeg[0..<2]) + app1 + Array(jpeg[2...]), to: "nikon.jpg")
        var refusing = MakeOptions(outputDirectory: ws.file("out"))
        refusing.refusesForeignMakerNote = true
        await #expect {
            _ = try await LivePhotoMaker.make(photo: photo, video: clip, options: refusing)
        } throws: { error in
            guard case .refused(let file, let reason, .replaceForeignMakerNote) = error as? LivePhotoError else { return false }
            return file == photo && reason.contains("another camera maker")
        }
        #expect(try ws.contents("out").isEmpty)
        let id = ContentIdentifier()
        let result = try await LivePhotoMaker.make(
            photo: photo, video: clip, options: MakeOptions(outputDirectory: ws.file("out"), identifier: id))
        #expect(try await Readers.exiftoolStillIdentifier(try #require(result.photo)) == id.rawValue)
        #expect(result.notes.contains { $0.hasPrefix("the photo's MakerNote from another camera maker was replaced by Apple's") })
    }

    @Test("the AVAssetWriter form (value 0 at the sample time, no empty edit) is read")
    func avAssetWriterForm() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec())
        let made = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: clip, options: MakeOptions(outputDirectory: ws.path, coverTime: 0))
        // A cover at 0 has no empty edit; with value 0 it is the AVAssetWriter form.
        let path = try #require(made.movie)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let movie = try Movie(file: RandomAccessFile(path: path))
        let track = try #require(movie.tracks.last)
        let sample = try track.tables.sampleLocation(0)
        #expect(bytes[Int(sample.offset) + 8] == 0xFF)
        bytes[Int(sample.offset) + 8] = 0
        let file = try ws.write(bytes, to: "avassetwriter.mov")
        let report = await LivePhotoInspector.inspect([file])
        #expect(report.files[0].movie?.stillImageTime?.form == .sampleTime)
        #expect(report.files[0].movie?.stillImageTime?.value == 0)
        #expect(report.files[0].movie?.coverTimeSeconds == 0)
        let verified = await LivePhotoVerifier.verify(photo: try #require(made.photo), movie: file)
        #expect(verified.passed)
        #expect(verified.checks.first { $0.id == "still-image-time-form" }?.passed == false)
    }
}

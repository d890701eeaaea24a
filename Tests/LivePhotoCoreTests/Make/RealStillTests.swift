import Foundation
import LivePhotoCore
import MediaFormats
import TestSupport
import Testing

/// `make` takes the photos cameras and phones write as they come: another maker's MakerNote is replaced by Apple's
/// with a note naming the maker (refused only when asked), and a HEIC Motion Photo whose XMP an editor dropped still
/// loses its video on the way.
@Suite("make's flow on real stills", .needsSamples)
struct RealStillTests {
    static let movie = "iphone_IMG_3853_gwy15.MOV"
    /// Real stills with their makers' MakerNotes, and the IFD0 `Make` each carries.
    static let foreign = [
        ("camera_nikon-d1x_mei.jpg", "NIKON CORPORATION"), ("camera_sony-dsc-hx5v_mei.jpg", "SONY"),
        ("phone_samsung-gt-i9000_mei.jpg", "SAMSUNG"),
    ]

    /// The identifier in the Apple MakerNote of a planned JPEG still.
    static func identifier(in still: StillOutput) throws -> String? {
        let file = still.output.asFile(named: "still")
        let jpeg = try JPEGFile(file: file)
        guard let tiff = try jpeg.exifTIFF(in: file), let note = try ExifTIFF(bytes: tiff).makerNote else { return nil }
        return try AppleMakerNote(bytes: note).string(AppleMakerNote.contentIdentifierTag)
    }

    @Test("a Nikon's, a Sony's and a Samsung's photo are made by default: the MakerNote replaced, the maker named")
    func foreignMakerNoteReplaced() throws {
        for (name, make) in Self.foreign {
            var shell = ScriptedShell.browser
            let made = try shell.run(MakeFlow(photo: try sampleInput(name), video: try sampleInput(Self.movie), settings: MakeSettings()))
            #expect(shell.requests.isEmpty, "\(name): lossless, nothing asked")
            #expect(made.result.photoSource == .lossless)
            #expect(
                made.result.notes.contains(
                    "the photo's MakerNote from \(make) was replaced by Apple's, where Photos reads the identifier (the input keeps its own)"
                ),
                "\(name): \(made.result.notes)")
            #expect(try Self.identifier(in: made.still) == made.result.identifier.rawValue, "\(name)")
        }
    }

    @Test("asked to refuse, each is refused, naming its maker, with the way through")
    func foreignMakerNoteRefusedWhenAsked() throws {
        var settings = MakeSettings()
        settings.refusesForeignMakerNote = true
        for (name, make) in Self.foreign {
            let error = flowError {
                var shell = ScriptedShell.browser
                _ = try shell.run(MakeFlow(photo: try sampleInput(name), video: try sampleInput(Self.movie), settings: settings))
            }
            guard case .refused(_, let reason, .replaceForeignMakerNote)? = error else {
                Issue.record("\(name): not refused: \(String(describing: error))")
                continue
            }
            #expect(reason == "the photo has a MakerNote from \(make), not Apple's")
            #expect(error?.commandLineAdvice == "; without --refuse-foreign-maker-note it is replaced by Apple's")
        }
    }

    @Test("a HEIC Motion Photo whose XMP was dropped loses its video boxes on the way, with a note")
    func heicMotionPhotoWithoutXMP() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ProjectPaths.sample("samsung-s22-google-motionphoto-v1_ente.heic"))))
        let start = try #require(bytes.firstRange(of: Array("<x:xmpmeta".utf8))?.lowerBound)
        let end = try #require(bytes.firstRange(of: Array("</x:xmpmeta>".utf8))?.upperBound)
        bytes.replaceSubrange(start..<end, with: [UInt8](repeating: 0x20, count: end - start))
        let path = "edited.heic"
        let photo = try InputFile(opened: RandomAccessFile(joining: [.bytes(bytes)], name: path), path: path)
        #expect(photo.motionPhotoWithVideo == nil, "no XMP says it moves")
        var shell = ScriptedShell.browser
        let made = try shell.run(MakeFlow(photo: photo, video: try sampleInput(Self.movie), settings: MakeSettings()))
        #expect(made.photoFormat == .heic && made.result.photoSource == .lossless)
        #expect(
            made.result.notes.contains("edited.heic is a Motion Photo: its still is used as split gives it, without its embedded video"))
        let still = made.still.output.asFile(named: "still")
        #expect(try !HEIFFile(file: still).hasMotionPhotoBoxes)
        #expect(still.size < Int64(bytes.count))
    }

    @Test("a real photo with stray bytes after a segment is made, the bytes kept in place and noted")
    func strayBytes() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ProjectPaths.sample("camera_sony-dsc-hx5v_mei.jpg"))))
        let segments = try JPEGFile(file: RandomAccessFile(joining: [.bytes(bytes)], name: "sony.jpg")).segments
        let after = Int(try #require(segments.first { $0.marker != 0xE1 }).end)
        let stray = Array("?>\n".utf8)
        bytes.insert(contentsOf: stray, at: after)
        let photo = try InputFile(opened: RandomAccessFile(joining: [.bytes(bytes)], name: "sony.jpg"), path: "sony.jpg")
        var shell = ScriptedShell.browser
        let made = try shell.run(MakeFlow(photo: photo, video: try sampleInput(Self.movie), settings: MakeSettings()))
        #expect(made.result.photoSource == .lossless)
        #expect(
            made.result.notes.contains(
                "the photo has 3 stray bytes between its segments (from byte \(after)), which decoders skip; kept as they are"),
            "\(made.result.notes)")
        let output = try made.still.output.read(0..<made.still.output.size)
        #expect(output.firstRange(of: stray + Array(bytes[(after + 3)..<(after + 5)])) != nil, "kept before the next segment")
        #expect(try Self.identifier(in: made.still) == made.result.identifier.rawValue)
    }

    @Test("a Samsung HEIC (its meta after its image data), made a Live Photo, converts back to a Motion Photo")
    func samsungHEICBackToMotion() throws {
        var shell = ScriptedShell.browser
        var settings = MakeSettings()
        settings.identifier = ContentIdentifier("71DCA213-5710-4A6C-BC6D-CE6306AEB8D8")  // the movie's own
        let made = try shell.run(
            MakeFlow(
                photo: try sampleInput("samsung-s22-google-motionphoto-v1_ente.heic"), video: try sampleInput(Self.movie),
                settings: settings))
        let still = try InputFile(opened: made.still.output.asFile(named: "still.heic"), path: "still.heic")
        #expect(try !HEIFFile(file: still.file).metaPrecedesMediaData, "Samsung's layout: meta after the image data")
        let plan = try shell.run(
            MotionConversionFlow(
                photo: still, movie: try sampleInput(Self.movie), options: MotionConversionSettings(), photoMilliseconds: 0, folder: ""))
        let output = plan.files[0].content.asFile(named: "still.MP.heic")
        #expect(try HEIFFile(file: output).hasMotionPhotoBoxes)
        #expect(plan.result.format == .heic)
    }
}

import LivePhotoCore
import MediaFormats
import TestSupport
import Testing

/// `make`'s one flow, on real files, with a shell that runs nothing: what it decides, what it asks, and how it ends
/// when the shell cannot do what it asks.
@Suite("make's flow", .needsSamples)
struct MakeFlowTests {
    static let heic = "iphone_IMG_3853_gwy15.HEIC", mov = "iphone_IMG_3853_gwy15.MOV", jpeg = "camera_nikon-d1x_mei.jpg"

    @Test("an iPhone's HEIC and movie: planned losslessly with no request, HEIC kept, the movie's own still time kept")
    func lossless() throws {
        var settings = MakeSettings()
        settings.identifier = ContentIdentifier("71DCA213-5710-4A6C-BC6D-CE6306AEB8D8")
        var shell = ScriptedShell.browser
        let made = try shell.run(MakeFlow(photo: try sampleInput(Self.heic), video: try sampleInput(Self.mov), settings: settings))
        #expect(shell.requests.isEmpty)
        #expect(made.photoFormat == .heic)
        #expect(made.result.identifier == settings.identifier)
        #expect(made.result.photoSource == .lossless && made.result.videoSource == .lossless)
        #expect(made.result.keptExistingStillTime)
        #expect(made.names == ("IMG_3853_gwy15.HEIC", "IMG_3853_gwy15.MOV") || made.names.movie.hasSuffix(".MOV"))
        #expect(made.photoDatedLike.path.hasSuffix(Self.heic) && made.movieDatedLike.path.hasSuffix(Self.mov))
    }

    @Test("given the other way round, the photo and the video swap, and a note says so")
    func swapped() throws {
        var shell = ScriptedShell.browser
        let made = try shell.run(MakeFlow(photo: try sampleInput(Self.mov), video: try sampleInput(Self.heic), settings: MakeSettings()))
        #expect(made.result.notes.first?.hasSuffix("(given the other way round)") == true)
        #expect(made.photoFormat == .heic)
    }

    @Test("a random identifier is drawn once per flow: every step of one flow plans the same")
    func identifierDrawnOnce() throws {
        let settings = MakeSettings()
        let flow = MakeFlow(photo: nil, video: try sampleInput(Self.mov), settings: settings)
        guard case .needs(.frame) = try flow.step(), case .needs(.frame) = try flow.step() else {
            Issue.record("a video alone asks for its frame")
            return
        }
        var answered = flow
        answered.answers = [.file(try sampleInput(Self.jpeg), reencoded: false)]
        guard case .done(let first) = try answered.step(), case .done(let second) = try answered.step() else {
            Issue.record("the frame given, the flow ends")
            return
        }
        #expect(first.result.identifier == second.result.identifier)
    }

    @Test("a video alone asks for its frame at the cover; the frame given, the still is that frame as a JPEG")
    func frame() throws {
        var settings = MakeSettings()
        settings.coverTime = 1
        var shell = ScriptedShell { _ in .file(try sampleInput(Self.jpeg), reencoded: false) }
        let made = try shell.run(MakeFlow(photo: nil, video: try sampleInput(Self.mov), settings: settings))
        #expect(shell.requests.map(ScriptedShell.kind) == ["frame"])
        if case .frame(_, let seek, let cover, let quality) = shell.requests.first {
            #expect(abs(cover - made.result.coverTime) < 0.0001 && seek <= cover && quality == 92)
        }
        #expect(made.result.photoSource == .videoFrame)
        #expect(made.result.notes.contains { $0.hasPrefix("the photo's MakerNote from NIKON") })
        #expect(made.photoFormat == .jpeg)
        #expect(made.photoDatedLike.path.hasSuffix(Self.mov))
    }

    @Test("a HEIC asked for as JPEG is refused with the way through; a JPEG asked for as HEIC is the shell's encoding")
    func photoFormats() throws {
        var asJPEG = MakeSettings()
        asJPEG.photoFormat = .jpeg
        let refused = flowError {
            var shell = ScriptedShell.browser
            _ = try shell.run(MakeFlow(photo: try sampleInput(Self.heic), video: try sampleInput(Self.mov), settings: asJPEG))
        }
        guard case .refused(_, let reason, .keepPhotoFormat)? = refused else {
            Issue.record("not refused: \(String(describing: refused))")
            return
        }
        #expect(reason == "a HEIC still cannot be converted to JPEG here")

        var asHEIC = MakeSettings()
        asHEIC.photoFormat = .heic
        var browser = ScriptedShell.browser
        let missing = flowError {
            _ = try browser.run(MakeFlow(photo: try sampleInput(Self.jpeg), video: try sampleInput(Self.mov), settings: asHEIC))
        }
        #expect(browser.requests.map(ScriptedShell.kind) == ["encodeHEIC"])
        #expect(
            missing?.description.contains(
                "--photo-format heic (encoding the JPEG as HEIC) needs heif-enc, which a browser does not have") == true)
        var native = ScriptedShell { _ in .file(try sampleInput(Self.heic), reencoded: false) }
        let made = try native.run(MakeFlow(photo: try sampleInput(Self.jpeg), video: try sampleInput(Self.mov), settings: asHEIC))
        #expect(made.result.photoSource == .converted && made.photoFormat == .heic)
    }

    @Test("a program missing natively is the program's own error, thrown as the shell gave it")
    func nativeMissingTool() throws {
        var settings = MakeSettings()
        settings.photoFormat = .heic
        let own = LivePhotoError.missingTool(tool: "heif-enc", message: "heif-enc is not installed")
        var shell = ScriptedShell { .unavailable(tool: $0.tool, error: own) }
        let error = flowError {
            _ = try shell.run(MakeFlow(photo: try sampleInput(Self.jpeg), video: try sampleInput(Self.mov), settings: settings))
        }
        #expect(error == own)
    }

    @Test("--duration no shorter than the movie cuts nothing and asks nothing; a shorter one asks for a cut around the cover")
    func duration() throws {
        var whole = MakeSettings()
        whole.duration = 60
        var browser = ScriptedShell.browser
        let made = try browser.run(MakeFlow(photo: try sampleInput(Self.heic), video: try sampleInput(Self.mov), settings: whole))
        #expect(browser.requests.isEmpty && made.result.trim == nil)

        var short = MakeSettings()
        short.duration = 1
        var cutter = ScriptedShell.browser
        let error = flowError {
            _ = try cutter.run(MakeFlow(photo: try sampleInput(Self.heic), video: try sampleInput(Self.mov), settings: short))
        }
        guard case .cut(_, let start, let duration, _, let rate, _) = cutter.requests.first else {
            Issue.record("no cut asked for")
            return
        }
        #expect(duration == 1 && start >= 0 && rate == nil)
        #expect(error?.description.contains("--duration (cutting the video at a keyframe) needs ffmpeg") == true)
    }

    @Test("a photo the flow does not write is the shell's to convert; an empty file and a zip are refused")
    func photoKinds() throws {
        let work = try Workspace()
        let empty = try work.write([], to: "empty.jpg")
        let emptyError = flowError {
            var shell = ScriptedShell.browser
            _ = try shell.run(
                MakeFlow(
                    photo: try InputFile(opened: RandomAccessFile(path: empty), path: empty), video: try sampleInput(Self.mov),
                    settings: MakeSettings()))
        }
        #expect(emptyError == .badInput(file: empty, reason: "the file is empty"))
        let png = try work.write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 64), to: "photo.png")
        var shell = ScriptedShell.browser
        let pngError = flowError {
            _ = try shell.run(
                MakeFlow(
                    photo: try InputFile(opened: RandomAccessFile(path: png), path: png), video: try sampleInput(Self.mov),
                    settings: MakeSettings()))
        }
        #expect(shell.requests.map(ScriptedShell.kind) == ["convertPhoto"])
        #expect(pngError?.description.contains("\(png): converting it to JPEG needs ffmpeg") == true)
    }
}

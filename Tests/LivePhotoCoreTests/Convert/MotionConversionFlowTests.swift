import LivePhotoCore
import MediaFormats
import TestSupport
import Testing

/// `convert --to motion`'s one flow: the video re-encoded only where a codec or the flavour asks, the sound encoded
/// where MP4 players cannot play it, and what happens when the shell has no encoder.
@Suite("convert --to motion's flow", .needsSamples)
struct MotionConversionFlowTests {
    static let heic = "iphone_IMG_3853_gwy15.HEIC", mov = "iphone_IMG_3853_gwy15.MOV", jpeg = "camera_nikon-d1x_mei.jpg"

    static func flow(_ photo: String = heic, flavor: MotionPhotoFlavor, codec: VideoCodec? = nil) throws
        -> MotionConversionFlow
    {
        var options = MotionConversionSettings()
        options.flavor = flavor
        options.videoCodec = codec
        return MotionConversionFlow(
            photo: try sampleInput(photo), movie: try sampleInput(mov), options: options, photoMilliseconds: 0, folder: "")
    }

    @Test("an iPhone's LPCM sound is the shell's to encode; with no encoder the Motion Photo is still written, with a note")
    func sound() throws {
        var browser = ScriptedShell.browser
        let plan = try browser.run(try Self.flow(flavor: .google))
        #expect(browser.requests.map(ScriptedShell.kind) == ["reencode(sound)"])
        #expect(!plan.result.soundEncoded && !plan.result.reencoded)
        #expect(plan.result.notes.contains { $0.hasPrefix("the sound (lpcm) stays as it is: ffmpeg is not installed to encode it to AAC") })
        #expect(plan.files.count == 1 && plan.result.format == .heic)
    }

    @Test("an H.264-only flavour asks for the HEVC video re-encoded: a browser refuses in words, a shell that can is noted")
    func h264Only() throws {
        var browser = ScriptedShell.browser
        let error = flowError { _ = try browser.run(try Self.flow(flavor: .huawei)) }
        #expect(browser.requests.map(ScriptedShell.kind) == ["reencode(h264)"])
        #expect(
            error?.description.contains(
                "re-encoding its HEVC video to h264 needs ffmpeg, which a browser does not have: run livephoto serve or the livephoto command"
            ) == true)
        if case .missingTool(let tool, _)? = error { #expect(tool == "ffmpeg") } else { Issue.record("not a missing tool: \(String(describing: error))") }
    }

    @Test("a codec the video already has copies its samples, with a note, and asks for no re-encoding")
    func codecAlready() throws {
        var shell = ScriptedShell.browser
        let plan = try shell.run(try Self.flow(flavor: .samsung, codec: .hevc))
        #expect(!shell.requests.contains { ScriptedShell.kind($0) == "reencode(hevc)" })
        #expect(plan.result.notes.contains("the video is hevc already; its samples were copied"))
    }

    @Test("JPEG-only flavours refuse a HEIC; a movie given as the photo is refused before anything is read")
    func refusals() throws {
        let heicForOPPO = flowError {
            var shell = ScriptedShell.browser
            _ = try shell.run(try Self.flow(flavor: .oppo))
        }
        #expect(heicForOPPO?.description.contains("oppo's galleries read JPEG motion photos only") == true)
        let movieFirst = flowError {
            var shell = ScriptedShell.browser
            _ = try shell.run(try Self.flow(Self.mov, flavor: .google))
        }
        #expect(movieFirst == .badInput(file: ProjectPaths.sample(Self.mov), reason: "this is a movie; give the photo first"))
    }
}

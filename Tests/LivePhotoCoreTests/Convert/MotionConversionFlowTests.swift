import LivePhotoCore
import MediaFormats
import TestSupport
import Testing

/// `convert --to motion`'s one flow: the video re-encoded only where a codec or the flavour asks, an iPhone's PCM sound
/// copied, other sound encoded where MP4 players cannot play it, and what happens when the shell has no encoder.
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

    @Test("an iPhone's 16-bit PCM sound is copied under an ISO 'sowt' entry: nothing asked, the samples as they were")
    func sound() throws {
        var browser = ScriptedShell.browser
        let plan = try browser.run(try Self.flow(flavor: .google))
        #expect(browser.requests.isEmpty)
        #expect(!plan.result.soundEncoded && !plan.result.reencoded)
        #expect(plan.files.count == 1 && plan.result.format == .heic)
        let output = try plan.files[0].content.read(0..<plan.files[0].content.size)
        #expect(output.firstRange(of: Array("lpcm".utf8)) == nil)
        let at = try #require(output.firstRange(of: Array("sowt".utf8))?.lowerBound) - 4
        // 36 bytes, version 0: one channel, 16 bits, 44100 Hz in 16.16, and no child box.
        #expect(output[at..<at + 4] == [0, 0, 0, 36])
        #expect(Array(output[at + 16..<at + 36]) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 16, 0, 0, 0, 0, 0xAC, 0x44, 0, 0])
        // Every sample of the movie's media data is copied: the MP4's size is the movie's less Apple's metadata.
        #expect(plan.copiedBytes > (try sampleInput(Self.mov)).file.size - 200_000)
    }

    @Test("big-endian PCM is the shell's to encode; with no encoder the Motion Photo is still written, with a note")
    func bigEndianSound() throws {
        let input = try sampleInput(Self.mov)
        var bytes = try input.file.read(at: 0, length: input.file.size)
        // The iPhone's 'lpcm' description says big-endian (its format flags' bit 2): no MP4 player takes that.
        let entry = try #require(bytes.firstRange(of: Array("lpcm".utf8))?.lowerBound) - 4
        bytes[entry + 63] |= 0x02
        var options = MotionConversionSettings()
        options.flavor = .google
        let movie = try InputFile(opened: RandomAccessFile(joining: [.bytes(bytes)], name: "be.mov"), path: "be.mov")
        var browser = ScriptedShell.browser
        let plan = try browser.run(
            MotionConversionFlow(photo: try sampleInput(Self.heic), movie: movie, options: options, photoMilliseconds: 0, folder: ""))
        #expect(browser.requests.map(ScriptedShell.kind) == ["reencode(sound)"])
        #expect(!plan.result.soundEncoded)
        #expect(
            plan.result.notes.contains(
                "the sound (lpcm) stays as it is: there is no AAC encoder here (the command line's ffmpeg has one), and MP4 players "
                    + "(Android's among them) play the video silent"), "\(plan.result.notes)")
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
        if case .missingTool(let tool, _)? = error {
            #expect(tool == "ffmpeg")
        } else {
            Issue.record("not a missing tool: \(String(describing: error))")
        }
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

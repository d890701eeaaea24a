import LivePhotoCore
import MediaFormats
import TestSupport
import Testing

/// `convert --to live`'s one flow: a Motion Photo read in place and made a Live Photo through make's flow.
@Suite("convert --to live's flow", .needsSamples)
struct LiveConversionFlowTests {
    @Test("a Motion Photo becomes a Live Photo with no request: its photo without the video, its movie in place")
    func motionPhoto() throws {
        var shell = ScriptedShell.browser
        let input = try sampleInput("libmphoto_motion_photo_v1_synthetic.jpg")
        let made = try shell.run(LiveConversionFlow(inputs: [input], settings: MakeSettings()))
        #expect(shell.requests.isEmpty)
        #expect(made.photoFormat == .jpeg && made.stem == "libmphoto_motion_photo_v1_synthetic")
        // Both outputs are dated like the Motion Photo, the one file the user gave.
        #expect(made.photoDatedLike === input && made.movieDatedLike === input)
        #expect(abs(made.result.coverTime - 0.5) < 0.05)
        #expect(made.movie.output.pieces.contains { if case .copy(let file, _, _) = $0 { file.isSlice } else { false } })
    }

    @Test("a plain photo is not a Motion Photo; two files that are not vivo's are refused")
    func refusals() throws {
        let plain = ProjectPaths.sample("camera_nikon-d1x_mei.jpg")
        let alone = flowError {
            var shell = ScriptedShell.browser
            _ = try shell.run(LiveConversionFlow(inputs: [try sampleInput("camera_nikon-d1x_mei.jpg")], settings: MakeSettings()))
        }
        #expect(alone == .badInput(file: plain, reason: "not a Motion Photo: it holds no video"))
        let two = flowError {
            var shell = ScriptedShell.browser
            _ = try shell.run(
                LiveConversionFlow(
                    inputs: [try sampleInput("androidx-media_pixel-motion-photo-shortened.jpg"), try sampleInput("iphone_IMG_3853_gwy15.MOV")],
                    settings: MakeSettings()))
        }
        guard case .invalidArgument(let message)? = two else {
            Issue.record("not refused: \(String(describing: two))")
            return
        }
        #expect(message.hasPrefix("a Live Photo is made from one Motion Photo"))
    }
}

import Foundation
import LivePhotoCore
import MediaFormats
import TestSupport
import Testing

/// The browser's shell answers the flows' requests as a browser can: the frame the page drew, and nothing else; the
/// flows word what it cannot do.
@Suite("the engine answers the flows", .needsSamples)
struct EngineAnswerTests {
    static let heic = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), mov = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")

    @Test("HUAWEI's flavour of an HEVC movie is refused with code 5 and where it can be done; Google's copies the PCM sound, no note")
    func unavailable() throws {
        let huawei = try EngineTests.run("convert", [Self.heic, Self.mov], #"{"to": "motion", "flavor": "huawei"}"#)
        let (message, code) = try #require(EngineTests.failure(huawei))
        #expect(code == 5)
        #expect(message.contains("re-encoding its HEVC video to h264 needs ffmpeg, which a browser does not have"))
        guard
            case .done(let report, let files) = try EngineTests.run(
                "convert", [Self.heic, Self.mov], #"{"to": "motion", "flavor": "google"}"#)
        else {
            Issue.record("no Motion Photo")
            return
        }
        #expect(files.count == 1 && report["soundEncoded"]?.boolValue == false)
        #expect(report["notes"]?.arrayValue?.contains { $0.stringValue?.hasPrefix("the sound") == true } == false)
    }

    @Test("a duration no shorter than the movie is made losslessly; a shorter one needs ffmpeg")
    func duration() throws {
        guard case .done(let report, _) = try EngineTests.run("make", [Self.heic, Self.mov], #"{"duration": 30}"#) else {
            Issue.record("not made")
            return
        }
        #expect(report["trim"] == nil || report["trim"] == .null)
        let (message, code) = try #require(EngineTests.failure(try EngineTests.run("make", [Self.heic, Self.mov], #"{"duration": 1}"#)))
        #expect(code == 5 && message.hasPrefix("--duration (cutting the video at a keyframe) needs ffmpeg"))
    }

    @Test("a Live Photo's part alone is refused: the page has no folder to look in")
    func partAlone() throws {
        let (message, code) = try #require(EngineTests.failure(try EngineTests.run("split", [Self.mov])))
        #expect(code == 2 && message.contains("a Live Photo's movie (identifier 71DCA213-5710-4A6C-BC6D-CE6306AEB8D8); give its photo too"))
    }
}

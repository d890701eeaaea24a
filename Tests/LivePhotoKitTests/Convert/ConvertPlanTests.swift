import Foundation
import TestSupport
import Testing

@testable import LivePhotoKit

/// `convert --to motion` reads the movie (again only for a copy ffmpeg made), decides, then plans the MP4 once.
@Suite("convert: the movie planned once", .needsSamples)
struct ConvertPlanTests {
    @Test(
        "a Live Photo to a Motion Photo plans its MP4 once, the HarmonyOS cover time included",
        arguments: [MotionConversionOptions.Flavor.samsung, .google, .huawei])
    func convertOnce(_ flavor: MotionConversionOptions.Flavor) async throws {
        let ws = try Workspace()
        // HEVC kept (no re-encoding); the PCM sound copied under 'sowt', without ffmpeg.
        let options = MotionConversionOptions(
            outputDirectory: ws.path, flavor: flavor, videoCodec: .hevc, ffmpegPath: "/nonexistent/ffmpeg")
        let plans = try await PlanCounter.plainPlans {
            let result = try await LivePhotoConverter.toMotionPhoto(
                photo: MakePlanTests.photo, movie: MakePlanTests.movie, options: options)
            #expect(!result.reencoded && !result.soundEncoded)
        }
        #expect(plans == 1)
    }

    @Test("split plans the plain movie once")
    func splitOnce() async throws {
        let ws = try Workspace()
        let plans = try await PlanCounter.plainPlans {
            _ = try await LivePhotoSplitter.split(
                [MakePlanTests.photo, MakePlanTests.movie], options: SplitOptions(outputDirectory: ws.path))
        }
        #expect(plans == 1)
    }
}

import Foundation
import TestSupport
import Testing

@testable import LivePhotoKit

/// A camera's recording, as a browser's MediaRecorder stamps it (each frame a few milliseconds either side of the
/// camera's clock), cut for a Live Photo: its frames kept at their own times, or put back on the camera's rate.
@Suite("make: a camera's recording and its steady rate")
struct CameraRateTests {
    /// 20 fps with up to 4 ms of jitter, on a millisecond clock, a keyframe every 2 s, with sound; with `dropped`, the
    /// recorder dropped that frame (a tick left empty).
    static func jitteredRecording(in ws: Workspace, dropped: Int? = nil) async throws -> String {
        let path = ws.file("recording-\(dropped ?? -1).mov")
        let select = dropped.map { "select='not(eq(n\\,\($0)))'," } ?? ""
        let skipped = dropped.map { "+gte(N\\,\($0))" } ?? ""
        let filter = select + "settb=1/1000,setpts=((N\(skipped))/20+0.004*sin(N*1.7))/TB"
        try await Tool.run(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=20", "-f", "lavfi", "-i", "sine=frequency=440",
                "-t", "8", "-vf", filter, "-fps_mode", "passthrough",
                "-enc_time_base:v", "1/1000", "-c:v", "libx264", "-preset", "ultrafast", "-g", "40", "-bf", "0",
                "-pix_fmt", "yuv420p", "-video_track_timescale", "1000", "-c:a", "aac", "-shortest", path,
            ])
        return path
    }

    static func intervals(_ times: [Double]) -> [Double] { zip(times.dropFirst(), times).map { $0 - $1 } }

    @Test("the typical frame interval names the camera's rate; frames with no steady rate name none")
    func steadyRate() {
        let jittered = (0..<60).map { Double($0) / 20 + 0.004 * sin(Double($0) * 1.7) }
        #expect(CameraRate.steady(jittered) == 20)
        #expect(CameraRate.steady((0..<90).map { Double($0) * 1001 / 30000 }) == 30000.0 / 1001)
        #expect(CameraRate.steady((0..<60).map { pow(Double($0), 1.3) / 30 }) == nil)
        #expect(CameraRate.steady([0, 0.05, 0.1]) == nil)
        #expect(CameraRate.isOnGrid((0..<20).map { 1.234 + Double($0) / 20 }, rate: 20))
        #expect(!CameraRate.isOnGrid(jittered, rate: 20))
        // A first frame 12 ms early, another 14 ms late: ticks counted from the first would put the late one half a
        // frame off; the offset puts the ticks where the frames are.
        var early = (0..<60).map { Double($0) / 20 }
        early[0] -= 0.012
        early[30] += 0.014
        let offset = CameraRate.offset(early, from: -0.1, duration: 3.2, rate: 20)
        #expect(abs(offset - 0.012) < 0.002, "\(offset)")
    }

    @Test("a cut that re-encodes keeps every frame at its own time: none rounded onto another's")
    func cutKeepsFrameTimes() async throws {
        let ws = try Workspace()
        let recording = try await Self.jitteredRecording(in: ws)
        // The cut starts between two frames (1.525 s), away from a keyframe: it is re-encoded.
        let result = try await LivePhotoMaker.make(
            photo: nil, video: recording,
            options: MakeOptions(outputDirectory: ws.file("out"), name: "C", coverTime: 3, duration: 3, durationBeforeCover: 1.475))
        #expect(result.trim?.method == .reencoded)
        let times = try await Readers.packetTimes(ws.file("out/C.MOV"), stream: 0)
        // 60 frames in 3 s, one fewer when a frame at the window's edge arrived a few milliseconds late.
        #expect((59...60).contains(times.count), "\(times)")
        #expect(Set(times).count == times.count, "two frames at one time: \(times)")
        #expect(Self.intervals(times).allSatisfy { $0 > 0.035 && $0 < 0.065 }, "\(Self.intervals(times))")
    }

    @Test(
        "a camera's recording cut for a Live Photo runs at exactly its 20 fps, a frame the recorder dropped repeated: the lock screen's gate passes"
    )
    func snapsToCameraRate() async throws {
        let ws = try Workspace()
        let recording = try await Self.jitteredRecording(in: ws), dropping = try await Self.jitteredRecording(in: ws, dropped: 80)
        for (index, (recording, cover)) in [(recording, 3.025), (recording, 4.0), (recording, 5.51), (dropping, 4.0)].enumerated() {
            var options = MakeOptions(
                outputDirectory: ws.file("out\(index)"), name: "S", coverTime: cover, duration: 3, durationBeforeCover: 1.5)
            options.snapsToCameraRate = true
            let result = try await LivePhotoMaker.make(photo: nil, video: recording, options: options)
            #expect(result.wallpaperWarnings.isEmpty, "cover \(cover): \(result.wallpaperWarnings)")
            let times = try await Readers.packetTimes(ws.file("out\(index)/S.MOV"), stream: 0)
            #expect((59...60).contains(times.count), "cover \(cover): \(times)")
            #expect(Self.intervals(times).allSatisfy { abs($0 - 0.05) < 0.0005 }, "cover \(cover): \(Self.intervals(times))")
            let report = await LivePhotoVerifier.verify(photo: ws.file("out\(index)/S.JPG"), movie: ws.file("out\(index)/S.MOV"))
            let rate = try #require(report.wallpaper?.gates.first { $0.id == "G4" })
            #expect(rate.passed && rate.detail == "20.00 fps", "cover \(cover): \(rate.detail)")
        }
    }
}

import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import LivePhotoServer

/// The web app's Camera mode in headless Chromium with its fake camera (Tests/Browser/camera_test.py): two presses
/// 0.5 s apart give two Live Photos of before + after seconds, each still the frame at its cover time, each passing
/// verify and the wallpaper gates, with sound and without, with the camera's photos and with frames of the video.
@Suite("serve: the Camera mode in a real browser", .tags(.browser), .timeLimit(.minutes(10)))
struct CameraBrowserTests {
    @Test("two presses 0.5 s apart: two Live Photos, each still its cover frame, verify and wallpaper gates passing")
    func camera() async throws {
        let ws = try Workspace()
        try await BrowserScript.check("camera_test.py", [ProjectPaths.executable, ws.path], prefix: "camera")
    }
}

/// The Camera mode's job, through the router: the recording cut to the window around the press, the cover on the
/// frame the still shows when the press is a few frames off; bad presses refused.
@Suite("serve: the capture job")
struct CaptureJobTests {
    @Test("a 5 s recording, a still of its frame at 2.0 s, a press at 1.9 s: 3 s kept, the cover on that frame")
    func captureJob() async throws {
        let (server, ws) = try ServerTests.server(limit: 64 << 20)
        let clip = try await ClipStore.shared.path(ClipSpec(seconds: 5, audio: true))
        let still = ws.file("still.jpg")
        try await Tool.run("ffmpeg", ["-v", "error", "-y", "-ss", "2.0", "-i", clip, "-frames:v", "1", "-q:v", "2", still])
        try await server.application().test(.router) { client in
            let config = try ServerTests.json(try await client.execute(uri: "/api/config", method: .get))
            #expect(config["captureBefore"] as? Double == 1.5 && config["captureAfter"] as? Double == 1.5)
            func upload(_ path: String, _ name: String) async throws -> String {
                let body = ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: path)))
                let response = try await client.execute(uri: "/api/uploads?name=\(name)", method: .put, body: body)
                return try #require(try ServerTests.json(response)["id"] as? String)
            }
            let video = try await upload(clip, "capture.mov"), photo = try await upload(still, "capture.jpg")
            func post(_ body: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/api/jobs/capture", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
            }
            #expect(try await post(#"{"video":"\#(video)","photo":"\#(photo)","press":-1}"#).status == .badRequest)
            #expect(try await post(#"{"video":"gone","press":1}"#).status == .notFound)
            let created = try await post(#"{"video":"\#(video)","photo":"\#(photo)","press":1.9}"#)
            let job = try #require(try ServerTests.json(created)["id"] as? String)
            var status: [String: Any] = [:]
            for _ in 0..<600 {
                status = try ServerTests.json(try await client.execute(uri: "/api/jobs/\(job)", method: .get))
                if ["done", "failed"].contains(status["state"] as? String ?? "") { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(status["state"] as? String == "done", "\(status)")
            let result = try #require(status["result"] as? [String: Any])
            // The frame at 2.0 s, 1.5 s into a window that starts at 0.5 s.
            let cover = try #require(result["coverTimeSeconds"] as? Double)
            #expect(abs(cover - 1.5) < 0.001, "\(result)")
            let movie = ws.file("capture.MOV")
            let download = try await client.execute(uri: "/api/jobs/\(job)/files/1", method: .get)
            try Data(buffer: download.body).write(to: URL(fileURLWithPath: movie))
            let duration = try await Tool.run(
                "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=duration", "-of", "csv=p=0", movie])
            #expect(abs((Double(duration.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) - 3) < 0.05, "\(duration.stdout)")
        }
    }
}

import Foundation
import LivePhotoMedia
import TestSupport
import Testing

@Suite("the ffmpeg interface")
struct FFmpegTests {
    @Test("ffmpeg and ffprobe are found on the PATH; a wrong path is named in the error")
    func locate() throws {
        let tool = try FFmpeg.locate()
        #expect(FileManager.default.isExecutableFile(atPath: tool.ffmpegPath))
        #expect(FileManager.default.isExecutableFile(atPath: tool.ffprobePath))
        #expect(throws: MediaToolError.missing(tool: "ffmpeg", hint: "/no/such/ffmpeg is not an executable file.")) {
            try FFmpeg.locate(explicitPath: "/no/such/ffmpeg")
        }
    }

    @Test("probe reads containers, codecs, sizes and durations", .needsSamples)
    func probe() async throws {
        let tool = try FFmpeg.locate()
        let info = try await tool.probe(ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV"))
        #expect(info.formatNames.contains("mov"))
        #expect(info.video?.codec == "hevc")
        #expect(info.video?.width == 1920 && info.video?.height == 1440)
        #expect(info.audio?.codec == "pcm_s16le")
        #expect(abs((info.duration ?? 0) - 1.4) < 0.01)
        await #expect(throws: MediaToolError.self) { _ = try await tool.probe("/no/such/file.mov") }
    }

    @Test("progress: ffmpeg's out_time_us becomes a fraction of the expected duration")
    func progressEvents() async throws {
        let ws = try Workspace()
        let tool = try FFmpeg.locate()
        let seen = Fractions()
        try await tool.run(
            ["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=30", "-t", "2", "-c:v", "libx264", "-preset", "ultrafast", ws.file("out.mp4")],
            file: "testsrc2", duration: 2, progress: { seen.add($0) })
        let fractions = seen.values
        #expect(fractions.last == 1)
        #expect(fractions == fractions.sorted())
        #expect(fractions.allSatisfy { (0...1).contains($0) })
    }

    @Test("a failing ffmpeg run reports the end of what it printed, naming the file")
    func failure() async throws {
        let tool = try FFmpeg.locate()
        do {
            try await tool.run(["-i", "/no/such/input.webm", "-f", "null", "-"], file: "/no/such/input.webm", duration: nil)
            Issue.record("ffmpeg succeeded on a missing file")
        } catch {
            guard case .failed(let name, let file, let message) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(name == "ffmpeg" && file == "/no/such/input.webm")
            #expect(message.contains("No such file"))
        }
    }

    @Test("asking to stop terminates ffmpeg and throws stopped")
    func stop() async throws {
        let ws = try Workspace()
        let tool = try FFmpeg.locate()
        await #expect(throws: MediaToolError.stopped) {
            try await tool.run(
                ["-re", "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=30", "-t", "30", "-c:v", "libx264", ws.file("long.mp4")],
                file: "testsrc2", duration: 30, shouldStop: { true })
        }
    }
}

final class Fractions: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Double] = []
    func add(_ f: Double) { lock.withLock { list.append(f) } }
    var values: [Double] { lock.withLock { list } }
}

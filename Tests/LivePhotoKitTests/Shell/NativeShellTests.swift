import Foundation
@testable import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// The command line's shell: it answers the flows' requests with ffmpeg in a work folder made beside the outputs at
/// the first request and removed at the end, answers a missing program as unavailable with the program's own words,
/// and names what it made after the input it came from.
@Suite("the native shell answers the flows")
struct NativeShellTests {
    @Test("the lossless path makes no work folder; a frame is drawn into one, which finish() removes")
    func workFolder() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec())
        let shell = NativeShell(ffmpegPath: nil, outputDirectory: ws.file("out"), workName: "make", progress: nil)
        let video = try InputFile(path: clip)
        let answer = try await shell.answer(.frame(video, seekSeconds: 1, coverTime: 1, quality: 90))
        guard case .file(let frame, let reencoded) = answer else {
            Issue.record("no frame: \(String(describing: answer))")
            return
        }
        #expect(frame.kind == .jpeg && !reencoded)
        // An error about a file it made names the input it came from, never the work folder.
        let named = shell.naming(.badInput(file: frame.file.path, reason: "read \(frame.file.path) again"))
        #expect(named == .badInput(file: "\(clip)'s converted copy", reason: "read \(clip)'s converted copy again"))
        let made = try ws.contents("out")
        #expect(made.count == 1 && made[0].hasPrefix("."), "the work folder is hidden beside the outputs: \(made)")
        shell.finish()
        #expect(try ws.contents("out").isEmpty)
    }

    @Test("a missing ffmpeg is answered unavailable, with its own words; an error naming a file it made names the input")
    func missingTool() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec())
        let shell = NativeShell(ffmpegPath: ws.file("no-ffmpeg"), outputDirectory: ws.file("out"), workName: "make", progress: nil)
        defer { shell.finish() }
        let answer = try await shell.answer(.normalizeVideo(try InputFile(path: clip), codec: .h264))
        guard case .unavailable(let tool, let error?) = answer, case .missingTool = error else {
            Issue.record("not unavailable: \(answer)")
            return
        }
        #expect(tool == "ffmpeg")
        // A flow run through the shell: a video alone whose frame cannot be drawn ends in ffmpeg's own error.
        let thrown = await #expect(throws: LivePhotoError.self) {
            try await shell.run(MakeFlow(photo: nil, video: try InputFile(path: clip), settings: MakeSettings()))
        }
        if case .missingTool(let name, _)? = thrown { #expect(name == "ffmpeg") } else { Issue.record("\(String(describing: thrown))") }
    }
}

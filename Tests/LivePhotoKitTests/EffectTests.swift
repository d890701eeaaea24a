import Foundation
import LivePhotoKit
import TestSupport
import Testing

/// `export --effect`: Loop and Bounce, judged by the frames they show against the clip's own (testsrc2's frames
/// differ from one to the next: its counter and moving parts).
@Suite("export effects: loop and bounce")
struct EffectTests {
    /// Frame `index` of `path`, decoded, made 48×27 grey: what two frames are compared by.
    static func thumb(_ path: String, _ index: Int) async throws -> [UInt8] {
        let r = try await Tool.run(
            "ffmpeg",
            ["-v", "error", "-i", path, "-vf", "select=eq(n\\,\(index)),scale=48:27,format=gray", "-frames:v", "1", "-f", "rawvideo", "-"])
        return [UInt8](r.stdoutData)
    }

    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        return Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
    }

    static func frameCount(_ path: String) async throws -> Int {
        let r = try await Tool.run(
            "ffprobe",
            ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", path])
        return Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// The original frame among `candidates` that `frame` looks most like.
    static func nearest(_ frame: [UInt8], in movie: String, candidates: [Int]) async throws -> Int {
        var best = (index: -1, distance: Double.infinity)
        for i in candidates {
            let d = distance(frame, try await thumb(movie, i))
            if d < best.distance { best = (i, d) }
        }
        return best.index
    }

    @Test("bounce: frames 0 to N-1, then N-2 down to 1 (neither end twice when it loops); silent; STEM-bounce.mp4")
    func bounce() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec(seconds: 1, audio: true))
        let result = try await LivePhotoExporter.export(
            movie: clip, options: ExportOptions(format: .mp4, outputDirectory: ws.path, effect: .bounce))
        #expect(result.output == ws.file("h264-mov-30fps-1.0s-audio-bounce.mp4") && !result.videoCopied)
        let n = try await Self.frameCount(clip)
        #expect(try await Self.frameCount(result.output) == 2 * n - 2)
        #expect(try await Readers.audioCodec(result.output) == nil)
        // At the turn: N-1, then N-2; at the end: 1, which loops back to 0.
        #expect(try await Self.nearest(try await Self.thumb(result.output, n - 1), in: clip, candidates: [n - 3, n - 2, n - 1]) == n - 1)
        #expect(try await Self.nearest(try await Self.thumb(result.output, n), in: clip, candidates: [n - 3, n - 2, n - 1]) == n - 2)
        #expect(try await Self.nearest(try await Self.thumb(result.output, 2 * n - 3), in: clip, candidates: [0, 1, 2]) == 1)
    }

    @Test("loop: the clip from 0.5 s on, its last half second fading into its first: the last frame is the one before the first")
    func loop() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec(seconds: 3))
        for format in [ExportFormat.mp4, .webp] {
            let result = try await LivePhotoExporter.export(
                movie: clip, options: ExportOptions(format: format, outputDirectory: ws.path, effect: .loop))
            #expect(result.output.hasSuffix("-loop.\(format.rawValue)"))
            guard format == .mp4 else { continue }
            #expect(try await Self.frameCount(result.output) == 75, "3 s at 30 fps less the 15 frames of the fade")
            // It starts on frame 15 and ends on frame 14 (the fade done), so that playing it again does not jump.
            #expect(try await Self.nearest(try await Self.thumb(result.output, 0), in: clip, candidates: [0, 14, 15, 16]) == 15)
            #expect(try await Self.nearest(try await Self.thumb(result.output, 74), in: clip, candidates: [13, 14, 15, 89]) == 14)
        }
    }
}

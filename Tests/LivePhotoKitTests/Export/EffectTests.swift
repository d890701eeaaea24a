import Foundation
import LivePhotoKit
import LivePhotoMedia
import TestSupport
import Testing

/// `export --effect`: Loop and Bounce, judged by the frames they show against the clip's own (testsrc2's frames
/// differ from one to the next: its counter and moving parts).
@Suite("export effects: loop, bounce, long exposure", .serialized)
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
        for format in [LivePhotoKit.ExportFormat.mp4, .webp] {
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

    /// A 2 s clip whose frames alternate between two flat greys (luma 40 and 200), H.264 without loss.
    static func flickerClip(_ ws: Workspace) async throws -> String {
        let path = ws.file("flicker.mov")
        _ = try await Tool.run(
            "ffmpeg",
            [
                "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=gray:s=64x48:r=10:d=2", "-vf",
                "geq=lum='if(mod(N\\,2)\\,200\\,40)':cb=128:cr=128", "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", path,
            ])
        return path
    }

    /// The mean RGB value of an image's pixels, decoded by ffmpeg.
    static func meanValue(_ path: String, frame: Int = 0) async throws -> Double {
        let r = try await Tool.run(
            "ffmpeg", ["-v", "error", "-i", path, "-vf", "select=eq(n\\,\(frame)),format=rgb24", "-frames:v", "1", "-f", "rawvideo", "-"])
        let bytes = [UInt8](r.stdoutData)
        return Double(bytes.reduce(0) { $0 + Int($1) }) / Double(max(1, bytes.count))
    }

    @Test("long exposure: the mean of every frame (two greys alternating give the grey between them), a JPEG without a photo")
    func longExposureMean() async throws {
        let ws = try Workspace()
        let clip = try await Self.flickerClip(ws)
        let result = try await LivePhotoExporter.export(
            movie: clip, options: ExportOptions(format: .mp4, outputDirectory: ws.file("out"), effect: .longExposure, stabilize: false))
        #expect(result.output == ws.file("out/flicker-long-exposure.jpg") && result.framesAveraged == 20 && result.stabilized == false)
        let dark = try await Self.meanValue(clip, frame: 0), light = try await Self.meanValue(clip, frame: 1)
        #expect(light - dark > 100, "the clip alternates: \(dark), \(light)")
        let mean = try await Self.meanValue(result.output)
        #expect(abs(mean - (dark + light) / 2) < 3, "\(mean) is not the mean of \(dark) and \(light)")
    }

    @Test(
        "long exposure with the real iPhone still: HEIC, its camera, date and GPS kept, no identifier; stabilised by libvidstab",
        .needsSamples)
    func longExposureMetadata() async throws {
        let ws = try Workspace()
        let photo = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC")
        let clip = try await ClipStore.shared.path(ClipSpec(seconds: 1))
        let result = try await LivePhotoExporter.export(
            movie: clip, options: ExportOptions(format: .mp4, outputDirectory: ws.path, effect: .longExposure, photo: photo))
        #expect(result.output.hasSuffix("-long-exposure.heic") && result.framesAveraged == 30)
        #expect(result.stabilized == true, "Debian's ffmpeg has libvidstab: \(result.notes)")
        let tags = try await Readers.exiftool(result.output, ["-n", "-ImageWidth", "-Make", "-DateTimeOriginal", "-GPSLatitude"])
        let old = try await Readers.exiftool(photo, ["-n", "-Make", "-DateTimeOriginal", "-GPSLatitude"])
        #expect(tags["File:ImageWidth"] == "192")
        for key in ["IFD0:Make", "ExifIFD:DateTimeOriginal", "Composite:GPSLatitude"] {
            #expect(tags[key] != nil && tags[key] == old[key], "\(key)")
        }
        #expect(try await Readers.exiftoolStillIdentifier(result.output) == nil, "a long exposure is a photo, not a Live Photo")
    }

    @Test("the running sum: any split of the stream gives the same mean; a bad header, a change of size or a huge frame is an error")
    func frameAverage() throws {
        func ppm(_ w: Int, _ h: Int, _ value: UInt8) -> [UInt8] {
            Array("P6\n\(w) \(h)\n255\n".utf8) + [UInt8](repeating: value, count: w * h * 3)
        }
        let stream = ppm(3, 2, 10) + ppm(3, 2, 20) + ppm(3, 2, 31)
        for chunk in [1, 2, 7, 1000] {
            var average = FrameAverage()
            for start in stride(from: 0, to: stream.count, by: chunk) {
                try stream[start..<min(stream.count, start + chunk)].withUnsafeBytes { try average.add($0) }
            }
            #expect(average.frames == 3)
            #expect(average.meanPPM() == ppm(3, 2, 20))  // (10 + 20 + 31) / 3 = 20.3, rounded
        }
        for bad in [Array("P5\n3 2\n255\n".utf8), ppm(3, 2, 1) + ppm(2, 3, 1), Array("P6\n100000 100000\n255\n".utf8)] {
            var average = FrameAverage()
            #expect(throws: MediaToolError.self) { try bad.withUnsafeBytes { try average.add($0) } }
        }
    }
}

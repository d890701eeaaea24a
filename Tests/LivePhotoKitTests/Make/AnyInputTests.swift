import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// Inputs that need ffmpeg: a video alone, other image formats, other video codecs and containers.
@Suite("make: any photo, any video")
struct AnyInputTests {
    /// Grey pixels of frame `index` (in presentation order) of `video`, decoded by ffmpeg by index, not by seeking.
    static func grayFrame(_ video: String, index: Int) async throws -> [UInt8] {
        try await [UInt8](
            Tool.run(
                "ffmpeg",
                ["-v", "error", "-i", video, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "-"]
            ).stdoutData)
    }

    static func grayImage(_ image: String) async throws -> [UInt8] {
        try await [UInt8](
            Tool.run("ffmpeg", ["-v", "error", "-i", image, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "-"]).stdoutData)
    }

    static func meanAbsoluteDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        return Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
    }

    @Test(
        "a video alone: the still is the cover frame, as players show it",
        arguments: [
            (ClipSpec(codec: .h264, container: .mov), 1.0),
            (ClipSpec(codec: .hevc, container: .mp4, rate: "30000/1001"), 1.5),
            (ClipSpec(codec: .h264, container: .mov, rotation: 90), 0.8),
            (ClipSpec(codec: .h264, container: .mp4), nil),
        ] as [(ClipSpec, Double?)])
    func videoAlone(_ spec: ClipSpec, _ cover: Double?) async throws {
        let clip = try await ClipStore.shared.path(spec)
        let ws = try Workspace()
        let result = try await LivePhotoMaker.make(
            photo: nil, video: clip, options: MakeOptions(outputDirectory: ws.path, coverTime: cover))
        #expect(result.photoSource == .videoFrame)
        #expect(result.videoSource == .lossless)
        let still = try #require(result.photo), movie = try #require(result.movie)
        #expect(
            try ws.contents() == [
                "\(URL(fileURLWithPath: clip).deletingPathExtension().lastPathComponent).JPG",
                "\(URL(fileURLWithPath: clip).deletingPathExtension().lastPathComponent).MOV",
            ])
        // The frame index of the cover, from ffprobe's packet times of the output.
        let streams = try await Readers.ffprobeStreams(movie)
        let videoIndex = try #require(streams.firstIndex { ($0["codec_type"] as? String) == "video" })
        let times = try await Readers.packetTimes(movie, stream: videoIndex)
        let index = try #require(times.firstIndex { abs($0 - result.coverTime) < 0.0011 })
        let frame = try await Self.grayFrame(movie, index: index)
        let photo = try await Self.grayImage(still)
        let difference = Self.meanAbsoluteDifference(frame, photo)
        #expect(difference < 2.5, "mean absolute difference \(difference) against frame \(index)")
        // The neighbouring frames differ clearly (testsrc2 moves every frame), so the match is exact, not near.
        for neighbour in [index - 1, index + 1] where neighbour >= 0 && neighbour < times.count {
            await #expect(Self.meanAbsoluteDifference(try Self.grayFrame(movie, index: neighbour), photo) > difference + 1)
        }
        // Rotation applied: a portrait clip gives a portrait still, full resolution.
        let report = await LivePhotoInspector.inspect([still])
        let rotated = spec.rotation == 90 || spec.rotation == 270
        #expect(report.files[0].still?.width == (rotated ? 108 : 192))
        #expect(report.files[0].still?.height == (rotated ? 192 : 108))
        #expect(await LivePhotoVerifier.verify(photo: still, movie: movie).passed)
        #expect(try await Readers.framemd5(movie) == Readers.framemd5(clip))
    }

    @Test("other image formats become a JPEG still", arguments: ["png", "webp", "tiff", "bmp", "gif"])
    func imageFormats(_ format: String) async throws {
        let ws = try Workspace()
        let image = ws.file("photo.\(format)")
        try await Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=200x150", "-frames:v", "1", image])
        let id = ContentIdentifier()
        let result = try await LivePhotoMaker.make(
            photo: image, video: try await ClipStore.shared.path(ClipSpec()),
            options: MakeOptions(outputDirectory: ws.file("out"), identifier: id))
        #expect(result.photoSource == .converted)
        let still = try #require(result.photo)
        #expect(try await Readers.exiftoolStillIdentifier(still) == id.rawValue)
        await #expect(Self.meanAbsoluteDifference(try Self.grayImage(image), try Self.grayImage(still)) < 3)
        #expect(await LivePhotoVerifier.verify(photo: still, movie: try #require(result.movie)).passed)
        #expect(try ws.contents("out").count == 2)
    }

    @Test(
        "videos in other codecs and containers",
        arguments: [
            ("webm", ["-c:v", "libvpx-vp9", "-b:v", "300k", "-c:a", "libopus"], true, MakeResult.VideoSource.transcoded),
            ("webm", ["-c:v", "libaom-av1", "-cpu-used", "8", "-row-mt", "1"], false, .transcoded),
            ("mkv", ["-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac"], true, .remuxed),
            ("gif", [], false, .transcoded),
            ("mov", ["-c:v", "prores_ks", "-profile:v", "0"], false, .transcoded),
            ("avi", ["-c:v", "mpeg4", "-c:a", "mp3"], true, .transcoded),
            ("mp4", ["-c:v", "libx264", "-preset", "ultrafast", "-movflags", "frag_keyframe+empty_moov"], false, .remuxed),
        ] as [(String, [String], Bool, MakeResult.VideoSource)])
    func videoFormats(_ ext: String, _ codec: [String], _ audio: Bool, _ expected: MakeResult.VideoSource) async throws {
        let ws = try Workspace()
        let input = ws.file("input.\(ext)")
        var args = ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=15"]
        if audio { args += ["-f", "lavfi", "-i", "sine=sample_rate=48000"] }
        try await Tool.run("ffmpeg", args + ["-t", "2"] + codec + [input])
        let result = try await LivePhotoMaker.make(
            photo: nil, video: input, options: MakeOptions(outputDirectory: ws.file("out"), codec: ext == "avi" ? .hevc : .h264))
        #expect(result.videoSource == expected)
        #expect(result.reencodedVideo == (expected == .transcoded))
        let movie = try #require(result.movie)
        let report = await LivePhotoInspector.inspect([movie])
        #expect(report.files[0].movie?.video?.codec == (ext == "avi" ? "hevc" : "h264"))
        #expect(report.files[0].movie?.audioCodec == (audio ? "aac" : nil))
        #expect(await LivePhotoVerifier.verify(photo: try #require(result.photo), movie: movie).passed)
        if expected == .remuxed {
            let video = { (path: String) in
                try await Tool.run("ffmpeg", ["-v", "error", "-i", path, "-map", "0:v", "-f", "framemd5", "-"]).stdout.split(
                    separator: "\n"
                )
                .filter { !$0.hasPrefix("#") }
            }
            await #expect(try video(movie) == video(input))
        }
        #expect(try ws.contents("out").allSatisfy { !$0.hasPrefix(".") })
    }

    @Test("without ffmpeg: the lossless path works, the others say how to install it")
    func missingFFmpeg() async throws {
        let ws = try Workspace()
        let options = MakeOptions(outputDirectory: ws.file("out"), ffmpegPath: "/nonexistent/ffmpeg")
        let lossless = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: try await ClipStore.shared.path(ClipSpec()), options: options)
        #expect(lossless.videoSource == .lossless)
        await #expect {
            _ = try await LivePhotoMaker.make(
                photo: nil, video: try await ClipStore.shared.path(ClipSpec()),
                options: MakeOptions(outputDirectory: ws.file("o2"), ffmpegPath: "/nonexistent/ffmpeg"))
        } throws: { error in
            guard case .missingTool("ffmpeg", let message) = error as? LivePhotoError else { return false }
            return message.contains("ffmpeg") && message.contains("/nonexistent/ffmpeg")
        }
        #expect(try ws.contents("o2").isEmpty)
    }

    @Test("a zero-length video, and a cover past the end, are clear errors")
    func zeroLengthAndLateCover() async throws {
        let ws = try Workspace()
        let empty = ws.file("empty.webm")
        try await Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=64x48", "-t", "0", "-c:v", "libvpx-vp9", empty])
        do {
            _ = try await LivePhotoMaker.make(photo: nil, video: empty, options: MakeOptions(outputDirectory: ws.file("out")))
            Issue.record("a zero-length video was accepted")
        } catch {
            #expect(error.description.contains(empty))
        }
        await #expect(throws: LivePhotoError.self) {
            _ = try await LivePhotoMaker.make(
                photo: nil, video: try await ClipStore.shared.path(ClipSpec()),
                options: MakeOptions(outputDirectory: ws.file("out"), coverTime: 9))
        }
        #expect(try ws.contents("out").isEmpty)
    }
}

@Suite("make: --duration and --photo-format")
struct TrimAndFormatTests {
    static func long() async throws -> String {
        try await ClipStore.shared.path(ClipSpec(codec: .h264, container: .mp4, seconds: 6, audio: true))
    }

    static func videoHashes(_ path: String) async throws -> [String] {
        try await Tool.run("ffmpeg", ["-v", "error", "-i", path, "-map", "0:v", "-f", "framemd5", "-"]).stdout.split(separator: "\n")
            .filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    @Test("a window that starts on a keyframe is cut without re-encoding")
    func copiedTrim() async throws {
        let ws = try Workspace()
        let clip = try await Self.long()  // keyframes every 15 frames at 30 fps: 0, 0.5, 1.0, ...
        let result = try await LivePhotoMaker.make(
            photo: nil, video: clip, options: MakeOptions(outputDirectory: ws.path, coverTime: 3, duration: 2))
        let trim = try #require(result.trim)
        #expect(trim.method == .copied)
        #expect(!result.reencodedVideo)
        #expect(abs(trim.start - 2) < 0.001)
        #expect(abs(result.coverTime - 1) < 0.001)
        let movie = try #require(result.movie)
        // Every frame of the cut is a frame of the input, byte for byte.
        let input = await Set(try Self.videoHashes(clip))
        let output = try await Self.videoHashes(movie)
        #expect(output.count >= 60)
        #expect(output.allSatisfy(input.contains))
        // The still is the original frame at 3 s (frame 90).
        let still = try await AnyInputTests.grayImage(try #require(result.photo))
        await #expect(AnyInputTests.meanAbsoluteDifference(try AnyInputTests.grayFrame(clip, index: 90), still) < 2.5)
        #expect(await LivePhotoVerifier.verify(photo: try #require(result.photo), movie: movie).passed)
    }

    @Test("a window between keyframes is re-encoded, exactly as long as asked")
    func reencodedTrim() async throws {
        let ws = try Workspace()
        let result = try await LivePhotoMaker.make(
            photo: nil, video: try await Self.long(), options: MakeOptions(outputDirectory: ws.path, coverTime: 3, duration: 1.6))
        let trim = try #require(result.trim)
        #expect(trim.method == .reencoded)
        #expect(result.reencodedVideo)
        #expect(abs(trim.start - 2.2) < 0.001)
        let report = await LivePhotoInspector.inspect([try #require(result.movie)])
        #expect(report.files[0].movie?.video?.frameCount == 48)
        #expect(abs((report.files[0].movie?.video?.durationSeconds ?? 0) - 1.6) < 0.001)
        #expect(report.files[0].movie?.audioCodec == "aac")
        #expect(await LivePhotoVerifier.verify(photo: try #require(result.photo), movie: try #require(result.movie)).passed)
    }

    @Test("a duration longer than the video keeps it whole")
    func longerThanVideo() async throws {
        let ws = try Workspace()
        let result = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: try await ClipStore.shared.path(ClipSpec()),
            options: MakeOptions(outputDirectory: ws.path, duration: 10))
        #expect(result.trim == nil)
        #expect(result.videoSource == .lossless)
    }

    @Test("--photo-format heic: heif-enc encodes the still and keeps the identifier in its MakerNote")
    func heic() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec())
        let id = ContentIdentifier()
        let result = try await LivePhotoMaker.make(
            photo: nil, video: clip, options: MakeOptions(outputDirectory: ws.path, coverTime: 1, identifier: id, photoFormat: .heic))
        let still = try #require(result.photo)
        #expect(still.hasSuffix(".HEIC"))
        let report = await LivePhotoInspector.inspect([still])
        #expect(report.files[0].format == .heic)
        #expect(report.files[0].contentIdentifier == id.rawValue)
        #expect(try await Readers.exiftoolStillIdentifier(still) == id.rawValue)
        #expect(await LivePhotoVerifier.verify(photo: still, movie: try #require(result.movie)).passed)
        // Decoded by libheif, it is the frame at 1 s (frame 30).
        try await Tool.run("heif-convert", [still, ws.file("decoded.png")])
        let difference = await AnyInputTests.meanAbsoluteDifference(
            try AnyInputTests.grayFrame(clip, index: 30), try AnyInputTests.grayImage(ws.file("decoded.png")))
        #expect(difference < 3, "mean absolute difference \(difference)")
    }
}

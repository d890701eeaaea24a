import Foundation
import LivePhotoKit
import TestSupport
import Testing

/// `capture`: Live Photos from a stream played in real time, each keeping the time around its press.
@Suite("capture", .tags(.slow), .timeLimit(.minutes(3)))
struct CaptureTests {
    /// Runs a capture of `input` with presses at `times` (seconds from the stream's start).
    static func capture(
        _ input: String, at times: [Double], in ws: Workspace, audio: Bool = true, also events: [LivePhotoCapture.ShutterEvent] = []
    ) async throws -> [CapturedLivePhoto] {
        let (shutter, continuation) = AsyncStream.makeStream(of: LivePhotoCapture.ShutterEvent.self)
        for time in times { continuation.yield(.pressAt(time)) }
        for event in events { continuation.yield(event) }
        continuation.finish()
        return try await LivePhotoCapture.run(
            options: CaptureOptions(input: input, realtime: true, outputDirectory: ws.file("out"), audio: audio), shutter: shutter)
    }

    /// The index of the source frame the still shows: the frame nearest it, which must be clearly nearer than the
    /// frames beside it.
    static func sourceFrame(of still: String, in source: String, near index: Int) async throws -> Int {
        let image = try await AnyInputTests.grayImage(still)
        var scores: [(Int, Double)] = []
        for candidate in max(0, index - 3)...(index + 3) {
            scores.append(
                (candidate, AnyInputTests.meanAbsoluteDifference(image, try await AnyInputTests.grayFrame(source, index: candidate))))
        }
        let sorted = scores.sorted { $0.1 < $1.1 }
        #expect(sorted[0].1 < 2 && sorted[1].1 > sorted[0].1 * 2, "still \(still): \(scores)")
        return sorted[0].0
    }

    /// The MD5 of each video packet of `movie`.
    static func packetHashes(_ movie: String) async throws -> [String] {
        try await Tool.run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=data_hash", "-show_data_hash", "MD5", "-of", "csv=p=0",
                movie,
            ]
        ).stdout.split(separator: "\n").map(String.init)
    }

    @Test(
        "an H.264 stream, presses at 2 s and 4.5 s: each still is the frame at its press, the packets are the stream's own, verify passes")
    func copiedStream() async throws {
        let ws = try Workspace()
        let source = try await ClipStore.shared.path(ClipSpec(seconds: 6.5, audio: true))
        let captured = try await Self.capture(source, at: [2, 4.5], in: ws)
        #expect(captured.count == 2)
        let sourcePackets = Set(try await Self.packetHashes(source))
        for (photo, press) in zip(captured, [2.0, 4.5]) {
            #expect(photo.copied && photo.pressTime == press && photo.notes.isEmpty, "\(photo)")
            let still = try #require(photo.photo), movie = try #require(photo.movie)
            #expect(try await Self.sourceFrame(of: still, in: source, near: Int(press * 30)) == Int(press * 30))
            let packets = try await Self.packetHashes(movie)
            #expect(packets.count >= 80 && packets.allSatisfy(sourcePackets.contains), "\(movie): packets not the stream's")
            let report = await LivePhotoVerifier.verify(photo: still, movie: movie)
            #expect(report.checks.allSatisfy { $0.passed || $0.requirement == .informational }, "\(report.checks.filter { !$0.passed })")
            #expect(report.wallpaper?.ready == true)
            // 1.5 s on each side of the press: the movie keeps the keyframe before its window, and its edit list
            // starts it at the window.
            #expect(abs(photo.end - press - 1.5) < 0.05 && abs(press - photo.start - 1.5) < 0.05, "\(photo)")
            let duration = try await Tool.run(
                "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=duration", "-of", "csv=p=0", movie]
            ).stdout
            #expect(abs((Double(duration.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) - 3) < 0.1, "\(movie): \(duration)")
        }
    }

    @Test("a press every 2 s, three of them, gives three Live Photos; a press past the stream's end gives none")
    func everyTwoSeconds() async throws {
        let ws = try Workspace()
        let source = try await ClipStore.shared.path(ClipSpec(seconds: 8, audio: false))
        let captured = try await Self.capture(source, at: [30], in: ws, audio: false, also: [.every(seconds: 2, count: 3)])
        #expect(captured.map(\.pressTime) == [2, 4, 6])
        for photo in captured {
            let still = try #require(photo.photo)
            #expect(try await Self.sourceFrame(of: still, in: source, near: Int(photo.pressTime * 30)) == Int(photo.pressTime * 30))
        }
        // The last press's movie ends with the stream, 2 s after it: complete.
        #expect(captured.last?.notes == [])
    }

    @Test("a stream that is not H.264 (Motion JPEG) is encoded once; the Live Photo verifies")
    func encodedStream() async throws {
        let ws = try Workspace()
        let source = ws.file("camera.mkv")
        try await Tool.run(
            "ffmpeg",
            ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-t", "4", "-c:v", "mjpeg", "-q:v", "3", source])
        let captured = try await Self.capture(source, at: [2], in: ws)
        let photo = try #require(captured.first)
        #expect(!photo.copied && captured.count == 1)
        let report = await LivePhotoVerifier.verify(photo: try #require(photo.photo), movie: try #require(photo.movie))
        #expect(report.checks.allSatisfy { $0.passed || $0.requirement == .informational }, "\(report.checks.filter { !$0.passed })")
        #expect(try await Self.sourceFrame(of: try #require(photo.photo), in: source, near: 50) == 50)
    }

    /// The movie's frames shown from its start (presentation time 0 on) before `cover`, in seconds of 30 fps, as
    /// ffprobe reads them: the pre-roll a viewer sees.
    static func shownBefore(_ cover: Double, in movie: String) async throws -> Double {
        let times = try await Tool.run(
            "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time", "-of", "csv=p=0", movie]
        ).stdout.split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: .init(charactersIn: ", "))) }
        return Double(times.filter { $0 >= 0 && $0 < cover - 0.001 }.count) / 30
    }

    @Test(
        "a press 1.6 s into a recording keeps 1.5 s before it: the first segment is used, its frames in order, the still the frame at the press",
        arguments: ["no B-frames, AAC priming", "B-frames"])
    func pressInTheFirstSeconds(_ kind: String) async throws {
        let ws = try Workspace()
        let source: String
        if kind == "B-frames" {
            // ffmpeg copies the first group of pictures of a stream with B-frames 2 frames late.
            source = ws.file("bframes.mov")
            try await Tool.run(
                "ffmpeg",
                [
                    "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-f", "lavfi", "-i", "sine=frequency=440",
                    "-t", "4", "-c:v", "libx264", "-preset", "fast", "-bf", "3", "-g", "15", "-pix_fmt", "yuv420p", "-c:a", "aac", source,
                ])
        } else {
            source = try await ClipStore.shared.path(ClipSpec(seconds: 4, audio: true))
        }
        let photo = try #require(try await Self.capture(source, at: [1.6], in: ws).first)
        #expect(photo.pressTime == 1.6 && photo.notes.isEmpty, "\(photo)")
        #expect(abs(photo.start - 0.1) < 0.05 && abs(photo.end - 3.1) < 0.05, "\(photo)")
        let still = try #require(photo.photo), movie = try #require(photo.movie)
        #expect(try await Self.sourceFrame(of: still, in: source, near: 48) == 48)
        // What the movie shows before its still-image-time.
        let before = try await Self.shownBefore(photo.coverTime, in: movie)
        #expect(before >= 1.4, "\(movie): \(before) s shown before the still at \(photo.coverTime) s")
        // Its first frame shown is the stream's at 0.1 s (frame 3), the first segment's frames in their place.
        let first = try await AnyInputTests.grayFrame(movie, index: 0)
        var scores: [(Int, Double)] = []
        for candidate in 1...5 {
            scores.append(
                (candidate, AnyInputTests.meanAbsoluteDifference(first, try await AnyInputTests.grayFrame(source, index: candidate))))
        }
        #expect(scores.min { $0.1 < $1.1 }?.0 == 3, "\(scores)")
        let report = await LivePhotoVerifier.verify(photo: still, movie: movie)
        #expect(report.checks.allSatisfy { $0.passed || $0.requirement == .informational }, "\(report.checks.filter { !$0.passed })")
    }
}

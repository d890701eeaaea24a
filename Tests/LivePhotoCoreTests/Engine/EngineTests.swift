import Foundation
import LivePhotoCore
import MediaFormats
import TestSupport
import Testing

/// The browser's engine run natively, on files opened from disk: what only it does (its options, the frame it asks
/// the page for, what it refuses for lack of ffmpeg) and that its plans point at the inputs alone. Its outputs against
/// the command line's, byte for byte, are the Node suites' (Web/test/parity.test.mjs) and the browser's
/// (``EngineBrowserTests``).
@Suite("the engine, natively")
struct EngineTests {
    static func run(_ operation: String, _ paths: [String], _ options: String = "{}") throws -> Engine.Outcome {
        let inputs = try paths.map { try RandomAccessFile(path: $0) }
        let renamed = inputs.map { $0 }
        return Engine.run(operation, inputs: renamed, options: try JSONValue.parse(Array(options.utf8)))
    }

    static func failure(_ outcome: Engine.Outcome) -> (String, Int32)? {
        if case .failed(let message, let code) = outcome { return (message, code) }
        return nil
    }

    @Test("options are the command's flags in camelCase: an unknown one, a bad value and a bad operation are refused with code 64")
    func options() async throws {
        let photo = try await ClipStore.shared.jpeg(), clip = try await ClipStore.shared.path(ClipSpec())
        #expect(try Self.failure(Self.run("make", [photo, clip], #"{"photoFromat": "heic"}"#))! == ("Unknown option '--photo-fromat'", 64))
        #expect(
            try Self.failure(Self.run("make", [photo, clip], #"{"cover": -1}"#))! == ("--cover must be a time in seconds, 0 or more", 64))
        #expect(try Self.failure(Self.run("make", [photo, clip], #"{"id": "not-a-uuid"}"#))?.1 == 64)
        #expect(try Self.failure(Self.run("make", [photo, clip], #"{"pvt": true}"#))?.1 == 64)
        #expect(try Self.failure(Self.run("convert", [photo, clip], #"{"to": "gif"}"#))?.1 == 64)
        #expect(try Self.failure(Self.run("export", [clip]))?.1 == 64)
        #expect(
            try Self.failure(Self.run("edit", [photo, clip], #"{"trim": "2..1"}"#))! == (
                "--trim 2..1 is an empty range: its end is not after its start", 64
            ))
    }

    @Test("a video alone: the engine asks for the frame at the cover, then makes the Live Photo with it as a frame of the video")
    func frame() async throws {
        let clip = try await ClipStore.shared.path(ClipSpec())
        guard case .needsFrame(let input, let seconds, let cover) = try Self.run("make", [clip], #"{"cover": 1.5}"#) else {
            Issue.record("no frame asked for")
            return
        }
        #expect(input == 0)
        #expect(abs(cover - 1.5) < 0.001)
        #expect(seconds < cover && seconds > cover - 0.04)
        let frame = try await ClipStore.shared.jpeg()
        guard case .done(let report, let files) = try Self.run("make", [clip, frame], #"{"cover": 1.5, "videoFrame": 1}"#) else {
            Issue.record("no Live Photo")
            return
        }
        #expect(report["photoSource"]?.stringValue == "video-frame")
        #expect(files.map(\.name) == ["h264-mov-30fps-3.0s.JPG", "h264-mov-30fps-3.0s.MOV"])
    }

    @Test("what needs ffmpeg is refused with code 5 and says where it can be done")
    func needsTools() async throws {
        let ws = try Workspace()
        let mpeg4 = ws.file("clip.mp4")
        try await Tool.run(
            "ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=1", "-c:v", "mpeg4", mpeg4])
        let photo = try await ClipStore.shared.jpeg()
        let (message, code) = try #require(Self.failure(Self.run("make", [photo, mpeg4])))
        #expect(code == 5)
        #expect(message.contains("livephoto serve"))
        #expect(
            try Self.failure(Self.run("make", [photo, try await ClipStore.shared.path(ClipSpec())], #"{"photoFormat": "heic"}"#))?.1 == 5)
    }

    @Test(
        "a Motion Photo to a Live Photo: every run of the outputs is the input's own, none of the plain photo read in between",
        .needsSamples)
    func flattened() async throws {
        let sample = ProjectPaths.sample("libmphoto_motion_photo_v1_synthetic.jpg")
        try #require(FileManager.default.fileExists(atPath: sample), "the samples are expected in \(ProjectPaths.sample(""))")
        guard case .done(_, let files) = try Self.run("convert", [sample], #"{"to": "live"}"#) else {
            Issue.record("no Live Photo")
            return
        }
        for file in files {
            for piece in file.content.pieces {
                if case .copy(let source, _, _) = piece { #expect(source.path == sample) }
            }
        }
    }
}

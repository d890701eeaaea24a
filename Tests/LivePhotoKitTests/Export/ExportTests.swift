import Foundation
import LivePhotoKit
import LivePhotoMedia
import TestSupport
import Testing

@Suite("export: GIF, MP4, WebP")
struct ExportTests {
    /// A Live Photo movie made from a 3 s 30 fps clip with audio.
    static func liveMovie(_ ws: Workspace) async throws -> String {
        let result = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: try await ClipStore.shared.path(ClipSpec(audio: true)),
            options: MakeOptions(outputDirectory: ws.file("lp"), name: "LP"))
        return try #require(result.movie)
    }

    static func stream(_ path: String) async throws -> [String: Any] {
        try #require(try await Readers.ffprobeStreams(path).first { ($0["codec_type"] as? String) == "video" })
    }

    @Test("GIF: palette-optimised, looping, scaled and at 15 fps by default")
    func gif() async throws {
        let ws = try Workspace()
        let result = try await LivePhotoExporter.export(
            movie: try await Self.liveMovie(ws), options: ExportOptions(format: .gif, outputDirectory: ws.file("out"), width: 96))
        #expect(result.output == ws.file("out/LP.gif"))
        let video = try await Self.stream(result.output)
        #expect(video["codec_name"] as? String == "gif")
        #expect(video["width"] as? Int == 96)
        let frames = try await Tool.run(
            "ffprobe",
            [
                "-v", "error", "-count_frames", "-select_streams", "v", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0",
                result.output,
            ]
        ).stdout
        #expect(abs((Int(frames.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) - 45) <= 1)
        // NETSCAPE2.0 application extension: loop forever (count 0).
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: result.output)))
        #expect(bytes.starts(with: Array("GIF89a".utf8)))
        #expect(String(decoding: bytes.prefix(2000), as: UTF8.self).contains("NETSCAPE2.0"))
    }

    @Test("MP4: an H.264 movie at its own size is copied, not re-encoded; scaling re-encodes")
    func mp4() async throws {
        let ws = try Workspace()
        let movie = try await Self.liveMovie(ws)
        let copied = try await LivePhotoExporter.export(movie: movie, options: ExportOptions(format: .mp4, outputDirectory: ws.file("out")))
        #expect(copied.videoCopied)
        #expect(try await Readers.framemd5(copied.output) == Readers.framemd5(movie))
        let scaled = try await LivePhotoExporter.export(
            movie: movie, options: ExportOptions(format: .mp4, outputDirectory: ws.file("out"), name: "small", width: 96))
        #expect(!scaled.videoCopied)
        let video = try await Self.stream(scaled.output)
        #expect(video["codec_name"] as? String == "h264")
        #expect(video["width"] as? Int == 96)
        #expect(video["pix_fmt"] as? String == "yuv420p")
        #expect(try await Readers.ffprobeStreams(scaled.output).contains { ($0["codec_name"] as? String) == "aac" })
        // faststart: the movie header comes before the media data.
        let head = try [UInt8](Data(contentsOf: URL(fileURLWithPath: scaled.output)))
        let moov = head.indices.first { head[$0..<min($0 + 4, head.count)].elementsEqual(Array("moov".utf8)) } ?? .max
        let mdat = head.indices.first { head[$0..<min($0 + 4, head.count)].elementsEqual(Array("mdat".utf8)) } ?? .max
        #expect(moov < mdat)
    }

    @Test("WebP: animated, one frame per 1/fps, looping")
    func webp() async throws {
        let ws = try Workspace()
        let result = try await LivePhotoExporter.export(
            movie: try await Self.liveMovie(ws), options: ExportOptions(format: .webp, outputDirectory: ws.file("out"), fps: 10, loop: 2))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: result.output)))
        #expect(bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8))
        let frames = (0..<(bytes.count - 4)).filter { bytes[$0..<$0 + 4].elementsEqual(Array("ANMF".utf8)) }.count
        #expect(frames == 30)
        // ANIM chunk: background colour (4 bytes) then the loop count, little-endian.
        let anim = try #require((0..<(bytes.count - 4)).first { bytes[$0..<$0 + 4].elementsEqual(Array("ANIM".utf8)) })
        #expect(Int(bytes[anim + 12]) | Int(bytes[anim + 13]) << 8 == 2)
    }

    @Test("an existing output is kept without force; a missing ffmpeg is named")
    func safety() async throws {
        let ws = try Workspace()
        let movie = try await Self.liveMovie(ws)
        let options = ExportOptions(format: .gif, outputDirectory: ws.file("out"), width: 64)
        _ = try await LivePhotoExporter.export(movie: movie, options: options)
        await #expect(throws: LivePhotoError.outputExists(path: ws.file("out/LP.gif"))) {
            _ = try await LivePhotoExporter.export(movie: movie, options: options)
        }
        #expect(try ws.contents("out") == ["LP.gif"])
        await #expect {
            _ = try await LivePhotoExporter.export(
                movie: movie, options: ExportOptions(format: .mp4, outputDirectory: ws.file("o2"), ffmpegPath: "/nonexistent/ffmpeg"))
        } throws: { error in
            guard case .missingTool = error as? LivePhotoError else { return false }
            return true
        }
        let text = try ws.write(Array("not a movie".utf8), to: "text.mov")
        await #expect(throws: LivePhotoError.self) {
            _ = try await LivePhotoExporter.export(movie: text, options: ExportOptions(format: .gif, outputDirectory: ws.file("o3")))
        }
        #expect(try ws.contents("o3").isEmpty)
    }
}

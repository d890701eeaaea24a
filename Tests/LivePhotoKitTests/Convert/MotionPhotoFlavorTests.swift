import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// `convert --to motion`'s flavours (Google's XMP with Samsung's SEF trailer, or the XMP alone), the H.264 choice for
/// old players, and the way back to the same Live Photo.
@Suite("convert --to motion: Samsung's trailer, H.264, the way back", .needsSamples)
struct MotionPhotoFlavorTests {
    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// A JPEG Live Photo made from a clip (`codec`), with its identifier.
    static func jpegLivePhoto(_ ws: Workspace, codec: ClipSpec.Codec = .h264) async throws -> (
        photo: String, movie: String, made: MakeResult
    ) {
        let clip = try await ClipStore.shared.path(ClipSpec(codec: codec, audio: true))
        let made = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: clip,
            options: MakeOptions(outputDirectory: ws.file("live"), name: "IMG", coverTime: 1.2))
        return (try #require(made.photo), try #require(made.movie), made)
    }

    /// A copy of `path` with `edit` applied to its bytes.
    static func edited(_ path: String, to copy: String, _ edit: (inout [UInt8]) -> Void) throws -> String {
        var data = try bytes(path)
        edit(&data)
        try Data(data).write(to: URL(fileURLWithPath: copy))
        return copy
    }

    /// Google's namespace URIs made unrecognisable (the same length, so every offset holds): no Motion Photo XMP left.
    static func withoutMotionXMP(_ data: inout [UInt8]) {
        let from = Array("http://ns.google.com/photos/1.0/".utf8), to = Array("http://ns.g00gle.com/photos/1.0/".utf8)
        var i = 0
        while i + from.count <= data.count {
            if data[i] == from[0], Array(data[i..<(i + from.count)]) == from {
                data.replaceSubrange(i..<(i + from.count), with: to)
                i += from.count
            } else {
                i += 1
            }
        }
    }

    @Test(
        "JPEG: Samsung's trailer after the MP4, read by exiftool as the MP4's bytes; the video found by the trailer alone and by the XMP alone"
    )
    func samsungJPEG() async throws {
        let ws = try Workspace()
        let (photo, movie, _) = try await Self.jpegLivePhoto(ws)
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: photo, movie: movie, options: MotionConversionOptions(outputDirectory: ws.file("mp")))
        #expect(result.flavor == .samsung)
        let all = try Self.bytes(result.output)
        let mp4 = Array(all[Int(result.videoOffset)..<Int(result.videoOffset + result.videoLength)])
        #expect(Array(all.suffix(4)) == Array("SEFT".utf8))
        // exiftool's Samsung reader: the MotionPhoto_Data record is the MP4, byte for byte.
        let extracted = try await Tool.run("exiftool", ["-b", "-EmbeddedVideoFile", result.output])
        #expect([UInt8](extracted.stdoutData) == mp4)
        let tags = try await Readers.exiftool(result.output, ["-Samsung:EmbeddedVideoType"])
        #expect(tags["Samsung:EmbeddedVideoType"] == "MotionPhoto_Data")
        let report = try #require(await LivePhotoInspector.inspect([result.output]).files.first)
        #expect(report.motionPhoto?.flavor == .googleAndSamsung && report.problems.isEmpty, "\(report.problems)")

        // The trailer alone (Google's XMP made unrecognisable), then the XMP alone (the trailer's end mark gone).
        let trailerOnly = try Self.edited(result.output, to: ws.file("trailer-only.jpg"), Self.withoutMotionXMP)
        let xmpOnly = try Self.edited(result.output, to: ws.file("xmp-only.jpg")) {
            $0.replaceSubrange(($0.count - 4)..., with: [0, 0, 0, 0])
        }
        for (file, locator, flavor) in [
            (trailerOnly, InspectionReport.MotionPhotoVideoLocator.samsungTrailer, InspectionReport.MotionPhotoReport.Flavor.samsung),
            (xmpOnly, .containerDirectory, .googleMotionPhoto),
        ] {
            let inspected = try #require(await LivePhotoInspector.inspect([file]).files.first)
            #expect(inspected.motionPhoto?.videoLocator == locator && inspected.motionPhoto?.flavor == flavor, "\(file)")
            let split = try #require(
                try await LivePhotoSplitter.split([file], options: SplitOptions(outputDirectory: ws.file("split-\(flavor.rawValue)"))).first
            )
            #expect(try Self.bytes(split.video) == mp4, "\(file)")
        }
    }

    @Test("HEIC: a sefd box after mpvd whose mpv2 record names the MP4; the XMP's lengths agree with it")
    func samsungHEIC() async throws {
        let ws = try Workspace()
        let still = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), movie = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: still, movie: movie, options: MotionConversionOptions(outputDirectory: ws.path, name: "IMG"))
        let file = try RandomAccessFile(path: result.output)
        let heif = try HEIFFile(file: file)
        #expect(heif.topLevel.suffix(2).map(\.type) == ["mpvd", "sefd"])
        let motion = try MotionPhotoFile(file: file)
        let locations = motion.videoLocations(in: file)
        #expect(locations.google == result.videoOffset)
        #expect(locations.samsung == MotionPhotoFile.Span(offset: result.videoOffset, length: result.videoLength))
        // exiftool reads the mpvd box's MP4 and Samsung's record; the MP4 is the movie's frames.
        let mp4 = Array(try Self.bytes(result.output)[Int(result.videoOffset)..<Int(result.videoOffset + result.videoLength)])
        let extracted = try await Tool.run("exiftool", ["-b", "-MotionPhotoVideo", result.output])
        #expect([UInt8](extracted.stdoutData) == mp4)
        let tags = try await Readers.exiftool(result.output, ["-Samsung:EmbeddedVideoType"])
        #expect(tags["Samsung:EmbeddedVideoType"] == "MotionPhoto_Data")
        let report = try #require(await LivePhotoInspector.inspect([result.output]).files.first)
        #expect(report.motionPhoto?.flavor == .googleAndSamsung && report.problems.isEmpty, "\(report.problems)")
    }

    @Test("--flavor google: nothing after the MP4, Google's rule alone")
    func googleOnly() async throws {
        let ws = try Workspace()
        let (photo, movie, _) = try await Self.jpegLivePhoto(ws)
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: photo, movie: movie, options: MotionConversionOptions(outputDirectory: ws.path, flavor: .google))
        let size = Int64(try Self.bytes(result.output).count)
        #expect(result.flavor == .google && result.videoOffset + result.videoLength == size)
        let report = try #require(await LivePhotoInspector.inspect([result.output]).files.first)
        #expect(report.motionPhoto?.flavor == .googleMotionPhoto)
    }

    @Test("--video-codec h264: an HEVC movie re-encoded with the same frames' times and cover; the default copies it")
    func h264ForOldPlayers() async throws {
        let ws = try Workspace()
        let (photo, movie, made) = try await Self.jpegLivePhoto(ws, codec: .hevc)
        let copied = try await LivePhotoConverter.toMotionPhoto(
            photo: photo, movie: movie, options: MotionConversionOptions(outputDirectory: ws.file("copied")))
        let encoded = try await LivePhotoConverter.toMotionPhoto(
            photo: photo, movie: movie, options: MotionConversionOptions(outputDirectory: ws.file("h264"), videoCodec: .h264))
        #expect(!copied.reencoded && encoded.reencoded)
        #expect(encoded.presentationTimestampUs == Int64((made.coverTime * 1_000_000).rounded()))
        var codecs: [String] = []
        var times: [[Double]] = []
        for (name, result) in [("copied", copied), ("h264", encoded)] {
            let split = try #require(
                try await LivePhotoSplitter.split([result.output], options: SplitOptions(outputDirectory: ws.file("\(name)/split"))).first)
            let streams = try await Readers.ffprobeStreams(split.video)
            codecs.append(streams.first { $0["codec_type"] as? String == "video" }?["codec_name"] as? String ?? "")
            times.append(try await Readers.packetTimes(split.video, stream: 0))
        }
        #expect(codecs == ["hevc", "h264"])
        #expect(times[0].count == times[1].count && zip(times[0], times[1]).allSatisfy { abs($0 - $1) < 0.001 })
        // Already H.264: nothing to do, and the result says so.
        let other = try Workspace()
        let (photo264, movie264, _) = try await Self.jpegLivePhoto(other)
        let same = try await LivePhotoConverter.toMotionPhoto(
            photo: photo264, movie: movie264, options: MotionConversionOptions(outputDirectory: ws.file("same"), videoCodec: .h264))
        #expect(!same.reencoded && same.notes.contains { $0.contains("already") })
    }

    @Test("Live → Motion → Live: the same identifier, cover, frames and still pixels; --strip-identifier removes it")
    func wayBack() async throws {
        let ws = try Workspace()
        let still = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), movie = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")
        let identifier = "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8"
        let motion = try await LivePhotoConverter.toMotionPhoto(
            photo: still, movie: movie, options: MotionConversionOptions(outputDirectory: ws.file("mp"), name: "IMG"))
        #expect(try await Readers.exiftoolStillIdentifier(motion.output) == identifier)
        let back = try await LivePhotoConverter.toLivePhoto(motion.output, options: MakeOptions(outputDirectory: ws.file("back")))
        let photo = try #require(back.photo), movieBack = try #require(back.movie)
        #expect(back.identifier.rawValue == identifier)
        #expect(abs(back.coverTime - 0.9) < 1e-6)
        #expect(try await Readers.exiftoolStillIdentifier(photo) == identifier)
        #expect(try await Readers.exiftoolMovieIdentifier(movieBack) == identifier)
        // The pictures and the sound are the same: the iPhone's PCM went into the MP4 and back as it was.
        #expect(!motion.soundEncoded)
        #expect(try await Readers.videoFramemd5(movieBack) == Readers.videoFramemd5(movie))
        #expect(try await Readers.audioCodec(movieBack) == "pcm_s16le")
        #expect(try await Readers.pixelDigest(photo) == Readers.pixelDigest(still))

        let stripped = try await LivePhotoConverter.toMotionPhoto(
            photo: still, movie: movie, options: MotionConversionOptions(outputDirectory: ws.file("stripped"), keepsIdentifier: false))
        #expect(try await Readers.exiftoolStillIdentifier(stripped.output) == nil)
        let mp4 = ws.file("stripped.mp4")
        let all = try Self.bytes(stripped.output)
        try Data(all[Int(stripped.videoOffset)..<Int(stripped.videoOffset + stripped.videoLength)]).write(to: URL(fileURLWithPath: mp4))
        #expect(try await Readers.exiftoolMovieIdentifier(mp4) == nil)
        let fresh = try await LivePhotoConverter.toLivePhoto(stripped.output, options: MakeOptions(outputDirectory: ws.file("fresh")))
        #expect(fresh.identifier.rawValue != identifier)
    }
}

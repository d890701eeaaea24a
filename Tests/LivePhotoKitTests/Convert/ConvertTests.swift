import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// `convert`: Live Photo to Google Motion Photo and back, losslessly.
@Suite("convert", .needsSamples)
struct ConvertTests {
    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// The Container directory as exiftool reads it: (Mime, Semantic, Length, Padding) per item.
    static func directory(_ path: String) async throws -> [(mime: String, semantic: String, length: Int, padding: Int)] {
        let r = try await Tool.run("exiftool", ["-json", "-struct", "-XMP-Container:Directory", path])
        let top = try #require((try JSONSerialization.jsonObject(with: r.stdoutData) as? [[String: Any]])?.first)
        let items = try #require(top["Directory"] as? [[String: Any]])
        return items.compactMap { $0["Item"] as? [String: Any] }.map {
            ($0["Mime"] as? String ?? "", $0["Semantic"] as? String ?? "", $0["Length"] as? Int ?? 0, $0["Padding"] as? Int ?? 0)
        }
    }

    /// The video Google's rule finds (the last item's Length bytes at the end of the file), written to `to`.
    static func googleVideo(_ path: String, to: String) async throws -> (offset: Int, length: Int) {
        let items = try await directory(path)
        #expect(items.map(\.semantic) == ["Primary", "MotionPhoto"])
        let length = try #require(items.last?.length)
        let all = try bytes(path)
        try Data(all[(all.count - length)...]).write(to: URL(fileURLWithPath: to))
        return (all.count - length, length)
    }

    @Test("Live Photo (JPEG) to Motion Photo: the XMP exiftool reads, an honest directory, the same frames at the end")
    func jpegToMotion() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        let live = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: clip,
            options: MakeOptions(outputDirectory: ws.file("live"), name: "IMG", coverTime: 1.2))
        let photo = try #require(live.photo), movie = try #require(live.movie)
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: photo, movie: movie, options: MotionConversionOptions(outputDirectory: ws.file("mp")))
        #expect(result.output == ws.file("mp/IMG.MP.jpg"))
        #expect(result.format == .jpeg)
        #expect(result.presentationTimestampUs == Int64((live.coverTime * 1_000_000).rounded()))
        let tags = try await Readers.exiftool(result.output, ["-XMP-GCamera:all", "-XMP-Container:all"])
        #expect(tags["XMP-GCamera:MotionPhoto"] == "1")
        #expect(tags["XMP-GCamera:MotionPhotoVersion"] == "1")
        #expect(tags["XMP-GCamera:MotionPhotoPresentationTimestampUs"] == "\(result.presentationTimestampUs)")
        // Google's rule finds the MP4's first byte; its span runs to the end of the file, Samsung's trailer included.
        let (offset, length) = try await Self.googleVideo(result.output, to: ws.file("tail.mp4"))
        let size = try Self.bytes(result.output).count
        #expect(Int64(offset) == result.videoOffset && offset + length == size && Int64(length) > result.videoLength)
        #expect(try await Readers.framemd5(ws.file("tail.mp4")) == Readers.framemd5(clip))
        let streams = try await Readers.ffprobeStreams(ws.file("tail.mp4"))
        #expect(streams.compactMap { $0["codec_tag_string"] as? String }.sorted() == ["avc1", "mp4a"])
        #expect(Array(try Self.bytes(ws.file("tail.mp4"))[4..<12]) == Array("ftypmp42".utf8))
        // The still before it: the JPEG's pixels; the identifier kept (the way back to the same Live Photo).
        #expect(try await Readers.pixelDigest(result.output) == Readers.pixelDigest(photo))
        #expect(try await Readers.exiftoolStillIdentifier(result.output) == live.identifier.rawValue)
        #expect(try await Readers.exiftool(result.output, ["-validate", "-warning"])["ExifTool:Validate"] == "OK")
        let inspected = await LivePhotoInspector.inspect([result.output]).files[0]
        #expect(inspected.role == .motionPhoto)
        #expect(inspected.motionPhoto?.videoLocator == .containerDirectory)
    }

    @Test("Live Photo (the real iPhone HEIC) to Motion Photo: XMP item, mpvd last, padding 8, pixels and frames unchanged")
    func heicToMotion() async throws {
        let ws = try Workspace()
        let still = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), movie = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: still, movie: movie, options: MotionConversionOptions(outputDirectory: ws.path, name: "IMG"))
        #expect(result.output == ws.file("IMG.MP.heic") && result.format == .heic)
        #expect(result.presentationTimestampUs == 900_000)
        let heif = try HEIFFile(file: RandomAccessFile(path: result.output))
        // mpvd then Samsung's sefd, last.
        let last = heif.topLevel.suffix(2).map(\.type)
        #expect(last == ["mpvd", "sefd"] && heif.topLevel.dropLast().last?.payloadOffset == result.videoOffset)
        await #expect(try Self.directory(result.output).first?.padding == 8)
        let (offset, _) = try await Self.googleVideo(result.output, to: ws.file("tail.mp4"))
        #expect(Int64(offset) == result.videoOffset)
        // The iPhone's PCM sound is copied under 'sowt', which MP4 players play; every picture is the same.
        #expect(try await Readers.videoFramemd5(ws.file("tail.mp4")) == Readers.videoFramemd5(movie))
        #expect(!result.soundEncoded && !result.reencoded)
        #expect(try await Readers.audioCodec(ws.file("tail.mp4")) == "pcm_s16le")
        #expect(try await Readers.pixelDigest(result.output) == Readers.pixelDigest(still))
        await #expect(try HEICStillTests.appleTags(result.output) == HEICStillTests.appleTags(still))
        // Google's reader and ours agree; split gives back the same MP4 bytes.
        let split = try #require(
            try await LivePhotoSplitter.split([result.output], options: SplitOptions(outputDirectory: ws.file("s"))).first)
        #expect(try Self.bytes(split.video) == Array(try Self.bytes(ws.file("tail.mp4")).prefix(Int(result.videoLength))))
        #expect(abs((split.coverTimeSeconds ?? 0) - 0.9) < 1e-6)
    }

    @Test("a HEIC without an XMP item gets one (meta grows, extents move); pixels unchanged")
    func heicWithoutXMP() async throws {
        let ws = try Workspace()
        try await Tool.run("heif-enc", ["-q", "60", try await ClipStore.shared.jpeg(width: 320, height: 240), "-o", ws.file("plain.heic")])
        #expect(try HEIFFile(file: RandomAccessFile(path: ws.file("plain.heic"))).primaryXMPItem == nil)
        let clip = try await ClipStore.shared.path(ClipSpec())
        let live = try await LivePhotoMaker.make(
            photo: ws.file("plain.heic"), video: clip, options: MakeOptions(outputDirectory: ws.file("live")))
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: try #require(live.photo), movie: try #require(live.movie),
            options: MotionConversionOptions(outputDirectory: ws.file("mp")))
        #expect(try HEIFFile(file: RandomAccessFile(path: result.output)).primaryXMPItem != nil)
        #expect(try await Readers.exiftool(result.output, ["-XMP-GCamera:MotionPhoto"])["XMP-GCamera:MotionPhoto"] == "1")
        #expect(try await Readers.pixelDigest(result.output) == Readers.pixelDigest(ws.file("plain.heic")))
        _ = try await Self.googleVideo(result.output, to: ws.file("tail.mp4"))
        #expect(try await Readers.framemd5(ws.file("tail.mp4")) == Readers.framemd5(clip))
    }

    static let motionSamples: [(String, Double?)] = [
        ("libmphoto_motion_photo_v1_synthetic.jpg", 0.5), ("libmphoto_microvideo_samsung-remuxed.jpg", 0),
        ("androidx-media_sample_MP.heic", 0), ("samsung-s22-google-motionphoto-v1_ente.heic", 2.05659),
    ]

    @Test(
        "Motion Photo to Live Photo: verify passes, the cover is the presentation timestamp's frame, the frames are the MP4's",
        arguments: motionSamples)
    func motionToLive(_ sample: String, _ timestamp: Double?) async throws {
        let ws = try Workspace()
        let input = ProjectPaths.sample(sample)
        let result = try await LivePhotoConverter.toLivePhoto(input, options: MakeOptions(outputDirectory: ws.path))
        let photo = try #require(result.photo), movie = try #require(result.movie)
        #expect(await LivePhotoVerifier.verify(photo: photo, movie: movie).passed)
        if let timestamp { #expect(abs(result.coverTime - timestamp) < 0.05, "cover \(result.coverTime)") }
        let split = try #require(try await LivePhotoSplitter.split([input], options: SplitOptions(outputDirectory: ws.file("s"))).first)
        #expect(try await Readers.framemd5(movie) == Readers.framemd5(split.video))
        #expect(try await Readers.pixelDigest(photo) == Readers.pixelDigest(input))
        #expect(result.videoSource == .lossless && result.photoSource == .lossless)
    }

    @Test("Live to Motion to Live keeps the cover frame and every frame")
    func roundTrip() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec(codec: .hevc, audio: true))
        let live = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: clip, options: MakeOptions(outputDirectory: ws.file("a"), coverTime: 0.7))
        let motion = try await LivePhotoConverter.toMotionPhoto(
            photo: try #require(live.photo), movie: try #require(live.movie),
            options: MotionConversionOptions(outputDirectory: ws.file("b")))
        let back = try await LivePhotoConverter.toLivePhoto(motion.output, options: MakeOptions(outputDirectory: ws.file("c")))
        #expect(abs(back.coverTime - live.coverTime) < 0.001)
        #expect(try await Readers.framemd5(try #require(back.movie)) == Readers.framemd5(clip))
    }

    @Test("convert refuses what it cannot convert, naming the file")
    func refusals() async throws {
        let ws = try Workspace()
        let plain = ProjectPaths.sample("iphone7-ios12_IMG_2682_immich.heic")
        await #expect {
            _ = try await LivePhotoConverter.toLivePhoto(plain, options: MakeOptions(outputDirectory: ws.path))
        } throws: { error in
            guard case .badInput(let file, let reason) = error as? LivePhotoError else { return false }
            return file == plain && reason.contains("not a Motion Photo")
        }
        let motion = ProjectPaths.sample("libmphoto_motion_photo_v1_synthetic.jpg")
        await #expect {
            _ = try await LivePhotoConverter.toMotionPhoto(
                photo: motion, movie: try await ClipStore.shared.path(ClipSpec()),
                options: MotionConversionOptions(outputDirectory: ws.path))
        } throws: { error in
            guard case .badInput(let file, let reason) = error as? LivePhotoError else { return false }
            return file == motion && reason.contains("already a Motion Photo")
        }
        let shortened = ProjectPaths.sample("androidx-media_pixel-motion-photo-shortened.jpg")
        await #expect {
            _ = try await LivePhotoConverter.toLivePhoto(shortened, options: MakeOptions(outputDirectory: ws.path))
        } throws: { error in
            guard case .badInput(let file, let reason) = error as? LivePhotoError else { return false }
            return file == shortened && reason.contains("embedded video")
        }
        #expect(try ws.contents().isEmpty)
    }
}

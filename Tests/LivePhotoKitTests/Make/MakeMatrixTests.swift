import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// `make` on every kind of input the issue names, each result checked by readers we did not write.
@Suite("make: lossless Live Photos from many movies")
struct MakeMatrixTests {
    static let inputs: [ClipSpec] = [
        ClipSpec(codec: .h264, container: .mov),
        ClipSpec(codec: .h264, container: .mp4, audio: true),
        ClipSpec(codec: .h264, container: .mp4, faststart: true),
        ClipSpec(codec: .h264, container: .mov, audio: true, faststart: true),
        ClipSpec(codec: .hevc, container: .mov, audio: true),
        ClipSpec(codec: .hevc, container: .mp4, faststart: true),
        ClipSpec(codec: .h264, container: .mov, rotation: 90),
        ClipSpec(codec: .hevc, container: .mp4, rotation: 270),
        ClipSpec(codec: .h264, container: .mp4, rate: "30000/1001", audio: true),
        ClipSpec(codec: .hevc, container: .mov, rate: "30000/1001"),
        ClipSpec(codec: .h264, container: .mov, rate: "24000/1001"),
        ClipSpec(codec: .h264, container: .mp4, rate: "60"),
        ClipSpec(codec: .h264, container: .mp4, variableRate: true),
    ]

    @Test("independent readers agree", arguments: inputs)
    func makeAndRead(_ spec: ClipSpec) async throws {
        let clip = try await ClipStore.shared.path(spec)
        let photo = try await ClipStore.shared.jpeg()
        let before = (try await fileDigest(clip), try await fileDigest(photo))
        let ws = try Workspace()
        let id = ContentIdentifier()
        let result = try await LivePhotoMaker.make(
            photo: photo, video: clip, options: MakeOptions(outputDirectory: ws.path, name: "LP", identifier: id))
        let still = try #require(result.photo), movie = try #require(result.movie)

        // Inputs untouched; exactly the two outputs, nothing hidden left over.
        #expect(try await fileDigest(clip) == before.0)
        #expect(try await fileDigest(photo) == before.1)
        #expect(try ws.contents() == ["LP.JPG", "LP.MOV"])

        // exiftool reads the same identifier from both.
        #expect(try await Readers.exiftoolStillIdentifier(still) == id.rawValue)
        #expect(try await Readers.exiftoolMovieIdentifier(movie) == id.rawValue)

        // ffprobe: two mebx data streams, live-photo-info (a packet per frame) and still-image-time (one packet,
        // starting at the cover time); the cover is the frame nearest the middle.
        let streams = try await Readers.ffprobeStreams(movie)
        let mebx = streams.filter { ($0["codec_tag_string"] as? String) == "mebx" }
        #expect(mebx.count == 2)
        let start = try #require(Double(Readers.stillImageTimeStream(streams)?["start_time"] as? String ?? ""))
        #expect(abs(start - result.coverTime) < 0.0000011, "ffprobe start_time \(start) vs cover \(result.coverTime)")
        let videoIndex = try #require(streams.firstIndex { ($0["codec_type"] as? String) == "video" })
        let frames = try await Readers.packetTimes(movie, stream: videoIndex)
        let duration = try #require(Double(streams[videoIndex]["duration"] as? String ?? ""))
        let nearestMiddle = try #require(frames.min { abs($0 - duration / 2) < abs($1 - duration / 2) })
        #expect(
            abs(nearestMiddle - result.coverTime) < 0.0011, "cover \(result.coverTime) is not the frame nearest the middle \(nearestMiddle)"
        )

        // The media is copied, not decoded: the same frames and audio.
        #expect(try await Readers.framemd5(movie) == Readers.framemd5(clip))

        // The movie is the iPhone form, and verify accepts the pair.
        let report = await LivePhotoVerifier.verify(photo: still, movie: movie)
        #expect(report.passed)
        for check in report.checks { #expect(check.passed, "\(check.id): \(check.detail)") }
        let inspected = await LivePhotoInspector.inspect([still, movie])
        #expect(inspected.pair?.paired == true)
        // Rotation (the track matrix) is kept; exiftool and we read it the same way, clockwise.
        let inputRotation = try await Readers.exiftool(clip, ["-Composite:Rotation"])["Composite:Rotation"] ?? "0"
        #expect(try await Readers.exiftool(movie, ["-Composite:Rotation"])["Composite:Rotation"] ?? "0" == inputRotation)
        #expect(inspected.files[1].movie?.video?.rotationDegrees.map(String.init) == inputRotation)
        #expect(spec.rotation == 0 || inputRotation != "0")
    }

    @Test("the still keeps every byte but the Exif segment")
    func stillImageDataUntouched() async throws {
        let photo = try await ClipStore.shared.jpeg(width: 320, height: 240)
        let clip = try await ClipStore.shared.path(ClipSpec())
        let ws = try Workspace()
        let result = try await LivePhotoMaker.make(photo: photo, video: clip, options: MakeOptions(outputDirectory: ws.path))
        let input = try [UInt8](Data(contentsOf: URL(fileURLWithPath: photo)))
        let output = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try #require(result.photo))))
        // ffmpeg's JPEG: SOI, APP0 JFIF, then tables and the scan. Ours: SOI, APP0, APP1 Exif, then the same bytes.
        let app0End = 4 + Int(input[4]) << 8 + Int(input[5])
        #expect(Array(output[0..<app0End]) == Array(input[0..<app0End]))
        #expect(output[app0End] == 0xFF && output[app0End + 1] == 0xE1)
        let app1Length = Int(output[app0End + 2]) << 8 + Int(output[app0End + 3])
        #expect(Array(output[(app0End + 2 + app1Length)...]) == Array(input[app0End...]))
        // The decoded pixels are the same too.
        #expect(try await Readers.framemd5(try #require(result.photo)) == Readers.framemd5(photo))
        let tags = try await Readers.exiftool(try #require(result.photo), ["-validate", "-warning"])
        #expect(tags["ExifTool:Validate"] == "OK")
    }
}

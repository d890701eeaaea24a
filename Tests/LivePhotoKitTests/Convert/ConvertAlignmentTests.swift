import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// `convert --to motion` puts the MP4's media data where the movie has it modulo 64 KiB (a `free` box after `ftyp`
/// takes up the difference), so that the kernel copies it as fast as `cp` copies a file; the samples are the same
/// bytes, and the photo's directory and trailers still find the MP4.
@Suite("convert: the Motion Photo's media data at the movie's place", .needsSamples)
struct ConvertAlignmentTests {
    @Test(
        "the MP4's media data lands at the movie's place modulo 64 KiB, after a HEIC or a JPEG, in each layout",
        arguments: [
            ("heic", MotionConversionOptions.Flavor.google), ("heic", .samsung), ("jpeg", .google), ("jpeg", .samsung),
            ("jpeg", .huawei),
        ])
    func aligned(_ still: String, _ flavor: MotionConversionOptions.Flavor) async throws {
        let ws = try Workspace()
        let photo = still == "heic" ? MakePlanTests.photo : try await ClipStore.shared.jpeg()
        // The iPhone's 3.4 MB movie (HEVC kept; its PCM sound copied): over the 2 MiB of media
        // data from which the alignment is worth its `free` box.
        let options = MotionConversionOptions(
            outputDirectory: ws.path, name: "IMG", flavor: flavor, videoCodec: .hevc, ffmpegPath: "/nonexistent/ffmpeg")
        let result = try await LivePhotoConverter.toMotionPhoto(photo: photo, movie: MakePlanTests.movie, options: options)
        #expect(!result.reencoded && !result.soundEncoded)

        let source = try RandomAccessFile(path: MakePlanTests.movie)
        let sourceData = try #require(try Movie(file: source).mediaDataBoxes.first)
        let output = try RandomAccessFile(path: result.output)
        let embedded = try Movie(file: output.slice(at: result.videoOffset, length: result.videoLength))
        #expect(Array(embedded.topLevel.map(\.type).prefix(3)) == ["ftyp", "free", "mdat"])
        let data = try #require(embedded.mediaDataBoxes.first)
        let landed = result.videoOffset + data.payloadOffset
        #expect((landed - sourceData.payloadOffset) % (64 << 10) == 0)
        #expect(data.payloadSize == sourceData.payloadSize)
        #expect(
            try output.read(at: landed, count: Int(data.payloadSize))
                == source.read(at: sourceData.payloadOffset, count: Int(sourceData.payloadSize)))
        // Every maker's way of finding the video finds this MP4, whole.
        let motion = try MotionPhotoFile(file: output)
        #expect(motion.video?.offset == result.videoOffset && motion.video?.length == result.videoLength)
    }
}

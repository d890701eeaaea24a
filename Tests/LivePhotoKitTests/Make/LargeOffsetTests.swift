import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

@Suite("make: movies past 4 GiB", .tags(.slow), .timeLimit(.minutes(8)))
struct LargeOffsetTests {
    /// The output is a real 4.3 GB file: run this where the disk can hold it, and say so where it cannot.
    static var freeDiskBytes: Int64 {
        let attributes = try? FileManager.default.attributesOfFileSystem(forPath: FileManager.default.temporaryDirectory.path)
        return (attributes?[.systemFreeSize] as? NSNumber)?.int64Value ?? 0
    }

    @Test(
        "chunk offsets become co64 and the movie still plays the same frames",
        .enabled(if: freeDiskBytes > 6 << 30, "needs 6 GB of free disk in the temporary folder to write a 4.3 GB movie"))
    func co64() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        let input = ws.file("big.mov")
        try SparseMovie.write(from: clip, to: input, gap: (4 << 30) + (64 << 20))
        let inputMovie = try Movie(file: RandomAccessFile(path: input))
        #expect(inputMovie.tracks.allSatisfy { $0.tables.chunkOffsets.allSatisfy { $0 > UInt64(UInt32.max) } })
        #expect(try await Readers.framemd5(input) == Readers.framemd5(clip))

        let result = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: input, options: MakeOptions(outputDirectory: ws.file("out"), coverTime: 2))
        let out = try #require(result.movie)
        let movie = try Movie(file: RandomAccessFile(path: out))
        #expect(movie.mediaDataBoxes.first?.headerSize == 16)  // a 64-bit mdat, no wide needed
        for track in movie.tracks {
            let stbl = try #require(track.atom.find(["mdia", "minf", "stbl"]))
            // The video and audio chunks lie past 4 GiB; the still-image-time sample comes last, also past it.
            #expect(stbl.child("co64") != nil && stbl.child("stco") == nil, "track \(track.trackID)")
        }
        #expect(try await Readers.framemd5(out) == Readers.framemd5(clip))
        let mebx = try #require(Readers.stillImageTimeStream(try await Readers.ffprobeStreams(out)))
        #expect(mebx["start_time"] as? String == "2.000000")
        #expect(await LivePhotoVerifier.verify(photo: try #require(result.photo), movie: out).passed)
        try FileManager.default.removeItem(atPath: out)
    }
}

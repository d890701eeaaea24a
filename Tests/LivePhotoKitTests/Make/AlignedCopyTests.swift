import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// A large movie's media data lands at its input's place in a page, behind a `free` box, so the kernel copies whole
/// pages; a small one keeps an iPhone's layout (`ftyp`, `wide`, `mdat`).
@Suite("make: the media copied page by page")
struct AlignedCopyTests {
    static func layout(_ path: String) throws -> (types: [FourCC], payload: Int64) {
        let file = try RandomAccessFile(path: path)
        let movie = try Movie(file: file)
        let top = try file.topLevelBoxes().map(\.type)
        return (top, try #require(movie.mediaDataBoxes.first).payloadOffset)
    }

    @Test(
        "20 MB of media, made and taken back from a Motion Photo: the payload at its input's place in a page (a free box when needed), the same frames"
    )
    func largeAligned() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        let input = ws.file("big.mov")
        try SparseMovie.write(from: clip, to: input, gap: 20 << 20)
        let source = try Self.layout(input)
        let made = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: input, options: MakeOptions(outputDirectory: ws.file("out")))
        let out = try Self.layout(try #require(made.movie))
        #expect(out.payload % 4096 == source.payload % 4096, "\(out.payload) against \(source.payload)")
        #expect(out.types.contains("free") == (source.payload % 4096 != 36), "\(out.types)")
        #expect(try await Readers.framemd5(try #require(made.movie)) == Readers.framemd5(clip))

        // The movie inside a Motion Photo starts wherever the photo ends: the Live Photo made back from it is aligned
        // with that place in the file, read in place.
        let motion = try await LivePhotoConverter.toMotionPhoto(
            photo: try #require(made.photo), movie: try #require(made.movie),
            options: MotionConversionOptions(outputDirectory: ws.file("mp")))
        let embedded = try Movie(file: RandomAccessFile(path: motion.output).slice(at: motion.videoOffset, length: motion.videoLength))
        let physical = motion.videoOffset + (try #require(embedded.mediaDataBoxes.first).payloadOffset)
        let back = try await LivePhotoConverter.toLivePhoto(motion.output, options: MakeOptions(outputDirectory: ws.file("back")))
        let backMovie = try #require(back.movie)
        let backLayout = try Self.layout(backMovie)
        #expect(backLayout.payload % 4096 == physical % 4096, "\(backLayout.payload) against \(physical)")
        #expect(backLayout.types.contains("free") == (physical % 4096 != 36), "\(backLayout.types)")
        #expect(try await Readers.framemd5(backMovie) == Readers.framemd5(clip))
        #expect(await LivePhotoVerifier.verify(photo: try #require(back.photo), movie: backMovie).passed)
    }

    @Test("a small movie: ftyp, wide, mdat, as an iPhone lays it out")
    func smallUnpadded() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec())
        let result = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: clip, options: MakeOptions(outputDirectory: ws.path))
        let made = try Self.layout(try #require(result.movie))
        #expect(Array(made.types.prefix(3)) == ["ftyp", "wide", "mdat"] && made.payload == 36)
    }
}

/// Where the media data goes, worked out in MediaFormats: the same place in a page as the input's, a gap never under 8.
@Suite("QuickTime payload offsets")
struct PayloadOffsetTests {
    @Test("aligned offsets, and the start that pads to them")
    func offsets() {
        let qt = FileTypeBox.quickTime
        #expect(qt.quickTimePayloadOffset == 36)
        #expect(qt.quickTimePayloadOffset(aligningWith: 36) == 36)
        #expect(qt.quickTimePayloadOffset(aligningWith: 4096 + 36) == 36)
        #expect(qt.quickTimePayloadOffset(aligningWith: 16) == 4096 + 16)
        #expect(qt.quickTimePayloadOffset(aligningWith: 40) == 4096 + 40)  // a gap of 4 holds no box: a page more
        #expect(qt.quickTimePayloadOffset(aligningWith: 100) == 100)
        for source in [Int64(16), 100, 5000, 77_777] {
            let offset = qt.quickTimePayloadOffset(aligningWith: source)
            #expect(qt.movieStart(payloadSize: 1000, payloadOffset: offset).count == Int(offset), "\(source)")
        }
    }
}

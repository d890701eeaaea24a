import Foundation
import MediaFormats
import TestSupport
import Testing

/// ``MovieRewrite`` on the real iPhone movie: its layout adds up, reads back as a movie, and puts the media data where
/// it says.
@Suite("a movie rewritten: header bytes and copy plan", .needsSamples)
struct MovieRewriteTests {
    static func movie() throws -> (RandomAccessFile, Movie) {
        let file = try RandomAccessFile(path: ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV"))
        return (file, try Movie(file: file))
    }

    /// The output of `layout`, assembled in memory.
    static func bytes(_ layout: MovieLayout, from file: RandomAccessFile) throws -> [UInt8] {
        try layout.pieces.flatMap { piece -> [UInt8] in
            switch piece {
            case .bytes(let bytes): bytes
            case .copy(let offset, let length): try file.read(at: offset, count: Int(length))
            }
        }
    }

    @Test("tracks dropped and added, the timescale doubled, the identifier set: the output reads back with them")
    func rewritten() throws {
        let (file, movie) = try Self.movie()
        let video = try #require(movie.videoTrack)
        let timed = Set(movie.tracks.filter(\.isTimedMetadata).map(\.trackID))
        var rewrite = try MovieRewrite(movie: movie, fileType: .quickTime)
        rewrite.droppedTrackIDs = timed
        rewrite.timescaleFactor = 2
        rewrite.stillImageTime = .init(
            videoTrackID: video.trackID, stillTime: UInt64(movie.header.timescale), mediaTimescale: 600,
            sample: AppleTimedMetadata.stillImageTimeSample(value: -1, width: 1, height: 1))
        rewrite.livePhotoInfoVideo = video
        rewrite.metadata = .init(setting: [(AppleMovieMetadata.contentIdentifierKey, .utf8("ID"))], refusesOtherMetadata: true)
        try rewrite.checkSupported()
        let layout = try rewrite.layout()
        let output = try Self.bytes(layout, from: file)
        #expect(Int64(output.count) == layout.size)
        #expect(layout.copiedBytes == movie.mediaDataBoxes.reduce(0) { $0 + $1.payloadSize })
        let ws = try Workspace()
        let back = try Movie(file: RandomAccessFile(path: try ws.write(output, to: "rewritten.mov")))
        #expect(back.header.timescale == 2 * movie.header.timescale)
        #expect(back.tracks.count == movie.tracks.count - timed.count + 2)
        #expect(back.tracks.filter(\.isTimedMetadata).count == 2)
        #expect(back.metadata?.value(for: AppleMovieMetadata.contentIdentifierKey) == .utf8("ID"))
        #expect(back.mediaDataBoxes.first?.payloadOffset == Int64(layout.start.count))
        #expect(back.header.nextTrackID > back.tracks.map(\.trackID).max() ?? 0)
    }

    @Test("large media data starts at its source's place in a page, behind a free box")
    func aligned() throws {
        let (_, movie) = try Self.movie()
        var rewrite = try MovieRewrite(movie: movie, fileType: .quickTime)
        rewrite.pageAlignmentMinimum = 0
        let source = try #require(movie.mediaDataBoxes.first).payloadOffset
        for offset: Int64 in [0, 100, 4095] {
            let start = try rewrite.layout(sourceOffset: offset).start
            #expect(Int64(start.count) % 4096 == (offset + source) % 4096 || start.count == 36, "\(offset)")
        }
        rewrite.pageAlignmentMinimum = nil
        #expect(try rewrite.layout(sourceOffset: 100).start.count == 36)
    }

    @Test("an MP4 takes no added track: unsupported, not a wrong layout")
    func mp4Refuses() throws {
        let (_, movie) = try Self.movie()
        var rewrite = try MovieRewrite(movie: movie, fileType: .mp4)
        rewrite.livePhotoInfoVideo = movie.videoTrack
        #expect(throws: FormatError.self) { try rewrite.layout() }
    }
}

import Foundation
import MediaFormats
import TestSupport
import Testing

/// ``MovieRewrite/TrackReplacement``, ``MovieLayout/overlaying(_:)`` and
/// ``AppleTimedMetadata/turning(_:keys:clockwiseQuarterTurns:frameSize:)`` on the real iPhone movie: what
/// `repair --bake-rotation` splices a movie's turned tracks with.
@Suite("a movie's track replaced by its frames turned", .needsSamples)
struct MovieTrackReplacementTests {
    @Test("the video replaced by its own samples as turned a quarter: the same ID, edits and samples, sizes and apertures swapped")
    func replacedVideo() throws {
        let (file, movie) = try MovieRewriteTests.movie()
        let video = try #require(movie.videoTrack)
        var rewrite = try MovieRewrite(movie: movie, fileType: .quickTime)
        rewrite.mediaData = .usedChunks
        rewrite.replacedTracks[video.trackID] = try MovieRewrite.TrackReplacement(track: video, in: file, clockwiseQuarterTurns: 1)
        let layout = try rewrite.layout()
        let output = try MovieRewriteTests.bytes(layout, from: file)
        let ws = try Workspace()
        let path = try ws.write(output, to: "replaced.mov")
        let back = try Movie(file: RandomAccessFile(path: path))
        #expect(back.tracks.map(\.trackID) == movie.tracks.map(\.trackID))
        let new = try #require(back.videoTrack)
        #expect(new.header.matrix == [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000])
        #expect(new.header.width == video.header.height && new.header.height == video.header.width)
        #expect(new.editList == video.editList)
        #expect(new.atom.child("meta") == video.atom.child("meta"))
        // tapt: clef (1744×1308), prof and enof (1920×1440), each with its sides swapped.
        let oldTapt = try #require(video.atom.child("tapt")).data, tapt = try #require(new.atom.child("tapt")).data
        #expect(tapt.count == 60 && oldTapt.count == 60)
        for at in [12, 32, 52] {
            #expect(tapt[at..<at + 4] == oldTapt[at + 4..<at + 8] && tapt[at + 4..<at + 8] == oldTapt[at..<at + 4])
        }
        #expect(tapt[12..<20] == [0x05, 0x1C, 0, 0, 0x06, 0xD0, 0, 0])
        // Every chunk of every track reads back as it was.
        let newFile = try RandomAccessFile(path: path)
        for (old, now) in zip(movie.tracks, back.tracks) {
            let (a, b) = (try old.chunks(), try now.chunks())
            #expect(a.map(\.size) == b.map(\.size))
            for (x, y) in zip(a, b) {
                #expect(try file.read(at: Int64(x.offset), count: Int(x.size)) == newFile.read(at: Int64(y.offset), count: Int(y.size)))
            }
        }
        // Its samples are copied once: the old chunks are left behind.
        #expect(layout.size < file.size + 4096)
    }

    @Test("a replacement whose frames are not at the old times, or in another timescale, is refused")
    func otherTimesRefused() throws {
        let (file, movie) = try MovieRewriteTests.movie()
        let video = try #require(movie.videoTrack)
        let sound = try #require(movie.tracks.first { $0.isAudio })
        var rewrite = try MovieRewrite(movie: movie, fileType: .quickTime)
        rewrite.replacedTracks[video.trackID] = try MovieRewrite.TrackReplacement(track: sound, in: file, clockwiseQuarterTurns: 1)
        #expect(throws: FormatError.self) { try rewrite.layout() }
    }

    @Test("overlays replace the bytes they cover as the media data is copied; one outside the copied runs is refused")
    func overlays() throws {
        let (file, movie) = try MovieRewriteTests.movie()
        let layout = try MovieRewrite(movie: movie, fileType: .quickTime).layout()
        let mdat = try #require(movie.mediaDataBoxes.first)
        #expect(layout.pieces.dropFirst().first == .copy(offset: mdat.payloadOffset, length: mdat.payloadSize))
        let (a, b) = (mdat.payloadOffset + 2, mdat.end - 1)
        let over = try layout.overlaying([.init(sourceOffset: b, bytes: [7]), .init(sourceOffset: a, bytes: [9, 9])])
        #expect(
            Array(over.pieces.dropFirst().prefix(5)) == [
                .copy(offset: mdat.payloadOffset, length: 2), .bytes([9, 9]), .copy(offset: a + 2, length: b - a - 2), .bytes([7]),
                layout.pieces[2],
            ])
        #expect(over.size == layout.size)
        var expected = try MovieRewriteTests.bytes(layout, from: file)
        let start = layout.start.count
        expected.replaceSubrange(start + 2..<start + 4, with: [9, 9])
        expected[start + Int(mdat.payloadSize) - 1] = 7
        #expect(try MovieRewriteTests.bytes(over, from: file) == expected)
        // The moov is written anew, not copied: an overlay there, or across two runs, lands nowhere.
        #expect(throws: FormatError.self) { try layout.overlaying([.init(sourceOffset: movie.moovHeader.offset, bytes: [0])]) }
        #expect(throws: FormatError.self) { try layout.overlaying([.init(sourceOffset: b, bytes: [0, 0])]) }
    }

    @Test("the still-image-time sample turned a quarter: dimensions swapped, the transform seen in the turned frames; a half keeps them")
    func stillSampleTurned() throws {
        let keys = try TimedMetadataSampleEntry(entryBytes: AppleTimedMetadata.stillImageTimeSampleEntry)
        var sample = AppleTimedMetadata.stillImageTimeSample(value: -1, width: 1920, height: 1440)
        // A translation by (10, 20) in the stored frames.
        let translation: [Double] = [1, 0, 10, 0, 1, 20, 0, 0, 1]
        for (i, v) in translation.enumerated() {
            for b in 0..<8 { sample[17 + 8 * i + b] = UInt8(truncatingIfNeeded: v.bitPattern >> (56 - 8 * b)) }
        }
        let turned = try AppleTimedMetadata.turning(sample, keys: keys, clockwiseQuarterTurns: 1, frameSize: (1920, 1440))
        #expect(turned.count == sample.count && turned[..<17] == sample[..<17])
        #expect(Array(turned[97..<105]) == Array(sample[101..<105]) + Array(sample[97..<101]))
        let values = (0..<9).map { i in Double(bitPattern: turned[17 + 8 * i..<25 + 8 * i].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }) }
        // Turned a quarter clockwise, a move right is a move down, a move down a move left.
        #expect(values == [1, 0, -20, 0, 1, 10, 0, 0, 1])
        let half = try AppleTimedMetadata.turning(sample, keys: keys, clockwiseQuarterTurns: 2, frameSize: (1920, 1440))
        #expect(half[97..<105] == sample[97..<105])
        #expect(try AppleTimedMetadata.turning(sample, keys: keys, clockwiseQuarterTurns: 4, frameSize: (1920, 1440)) == sample)
    }

    @Test("the video orientation an iPhone writes for a portrait capture (Exif 6) reads 1 once its frames are turned upright")
    func orientationTurned() throws {
        let keys = TimedMetadataSampleEntry(keys: [.init(localID: 1, name: AppleTimedMetadata.videoOrientationKey, wellKnownType: 66)])
        let sample: [UInt8] = [0, 0, 0, 10, 0, 0, 0, 1, 0, 6]
        #expect(try AppleTimedMetadata.turning(sample, keys: keys, clockwiseQuarterTurns: 1, frameSize: (1920, 1440)).suffix(2) == [0, 1])
        // A front camera's 8 (turned 270°) turned a quarter the other way is upright too; a half turn of 6 is 8.
        let front: [UInt8] = [0, 0, 0, 10, 0, 0, 0, 1, 0, 8]
        #expect(try AppleTimedMetadata.turning(front, keys: keys, clockwiseQuarterTurns: 3, frameSize: (1920, 1440)).suffix(2) == [0, 1])
        #expect(try AppleTimedMetadata.turning(sample, keys: keys, clockwiseQuarterTurns: 2, frameSize: (1920, 1440)).suffix(2) == [0, 8])
    }
}

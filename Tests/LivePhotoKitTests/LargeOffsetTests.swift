import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

@Suite("make: movies past 4 GiB", .timeLimit(.minutes(8)))
struct LargeOffsetTests {
    /// Builds a movie whose samples sit more than 4 GiB into the file (a sparse gap of zeros at the start of
    /// its mdat), with `co64` chunk offsets, from a small clip.
    static func bigMovie(from clip: String, at path: String, gap: Int64) throws {
        let file = try RandomAccessFile(path: clip)
        let movie = try Movie(file: file)
        let mdat = try #require(movie.mediaDataBoxes.first)
        let ftyp = try #require(movie.topLevel.first { $0.type == "ftyp" })
        let newPayloadStart = ftyp.size + 16 + gap
        let shift = newPayloadStart - mdat.payloadOffset
        var moov = movie.moov
        moov.modifyChildren("trak") { trak in
            trak.modifyChildren("mdia") { mdia in
                mdia.modifyChildren("minf") { minf in
                    minf.modifyChildren("stbl") { stbl in
                        guard let tables = try? SampleTables(stbl: stbl) else { return }
                        let moved = tables.chunkOffsets.map { UInt64(Int64($0) + shift) }
                        stbl.setChildren(stbl.children.map { $0.type == "stco" || $0.type == "co64" ? SampleTables.chunkOffsetAtom(moved) : $0 })
                    }
                }
            }
        }
        FileManager.default.createFile(atPath: path, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? out.close() }
        var head = try file.read(at: ftyp.offset, count: Int(ftyp.size))
        var w = ByteWriter()
        w.appendUInt32(1); w.appendFourCC("mdat"); w.appendUInt64(UInt64(16 + gap + mdat.payloadSize))
        head += w.bytes
        try out.write(contentsOf: head)
        try out.truncate(atOffset: UInt64(newPayloadStart))  // the gap stays a hole: no disk used
        try out.seek(toOffset: UInt64(newPayloadStart))
        try out.write(contentsOf: try file.read(at: mdat.payloadOffset, count: Int(mdat.payloadSize)))
        try out.write(contentsOf: moov.serialized())
    }

    @Test("chunk offsets become co64 and the movie still plays the same frames")
    func co64() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        let input = ws.file("big.mov")
        try Self.bigMovie(from: clip, at: input, gap: (4 << 30) + (64 << 20))
        let inputMovie = try Movie(file: RandomAccessFile(path: input))
        #expect(inputMovie.tracks.allSatisfy { $0.tables.chunkOffsets.allSatisfy { $0 > UInt64(UInt32.max) } })
        #expect(try Readers.framemd5(input) == Readers.framemd5(clip))

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
        #expect(try Readers.framemd5(out) == Readers.framemd5(clip))
        let mebx = try #require(try Readers.ffprobeStreams(out).first { ($0["codec_tag_string"] as? String) == "mebx" })
        #expect(mebx["start_time"] as? String == "2.000000")
        #expect(await LivePhotoVerifier.verify(photo: try #require(result.photo), movie: out).passed)
        try FileManager.default.removeItem(atPath: out)
    }
}

import MediaFormats
import TestSupport
import Testing

/// Boxes declared once (`mvhd`, `tkhd`, `mdhd`, `elst`): the one declaration reads, writes and describes them.
@Suite("declared boxes")
struct DeclaredBoxTests {
    @Test("every header box of the real iPhone movie is written back byte for byte")
    func realMovieRoundTrip() throws {
        let movie = try Movie(file: RandomAccessFile(path: ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")))
        let mvhd = try #require(movie.moov.child("mvhd"))
        #expect(try MovieHeader(mvhd).atom == mvhd)
        #expect(!movie.tracks.isEmpty)
        for track in movie.tracks {
            let tkhd = try #require(track.atom.child("tkhd"))
            #expect(try TrackHeader(tkhd).atom == tkhd)
            let mdhd = try #require(track.atom.find(["mdia", "mdhd"]))
            #expect(try MediaHeader(mdhd).atom == mdhd)
            if let elst = track.atom.find(["edts", "elst"]) { #expect(try EditList(elst).atom == elst) }
        }
    }

    @Test("a value past 32 bits moves the box to version 1, and it reads back")
    func version1() throws {
        var header = TrackHeader(trackID: 3, flags: 0xF, duration: 1 << 33, creationTime: 5, modificationTime: 6)
        #expect(header.versionToWrite == 1)
        let atom = header.atom
        #expect(atom.data[0] == 1)
        #expect(atom.data.count == 4 + 8 + 8 + 4 + 4 + 8 + 16 + 36 + 8)
        let read = try TrackHeader(atom)
        #expect(read.duration == 1 << 33 && read.trackID == 3 && read.flags == 0xF && read.rotationDegrees == 0)
        header.duration = 10
        #expect(header.versionToWrite == 0 && header.atom.data.count == 4 + 4 + 4 + 4 + 4 + 4 + 16 + 36 + 8)

        let list = EditList(entries: [.init(segmentDuration: 100, mediaTime: -1), .init(segmentDuration: 5, mediaTime: 1 << 40)])
        #expect(list.versionToWrite == 1)
        #expect(try EditList(list.atom).entries == list.entries)
        #expect(EditList(entries: [.init(segmentDuration: 100, mediaTime: -1)]).versionToWrite == 0)
    }

    @Test("a count past the bytes left is an error before anything is allocated; a truncated field names itself")
    func lyingCounts() throws {
        #expect {
            _ = try EditList(Atom(type: "elst", data: [0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]))
        } throws: { error in
            (error as? FormatError)?.message.contains("claims 4294967295 entries") == true
        }
        #expect {
            _ = try MediaHeader(Atom(type: "mdhd", data: [0, 0, 0, 0, 0, 0, 0, 1]))
        } throws: { error in
            (error as? FormatError)?.message.contains("mdhd modification time") == true
        }
    }

    @Test("fields describe the box in order, for a dump")
    func describe() throws {
        let header = MediaHeader(timescale: 600, duration: 1800, language: 0x55C4)
        let fields = header.fields
        #expect(
            fields.map(\.name) == [
                "version", "flags", "creation time", "modification time", "timescale", "duration", "language", "quality",
            ])
        #expect(fields.first { $0.name == "timescale" }?.value == "600")
    }
}

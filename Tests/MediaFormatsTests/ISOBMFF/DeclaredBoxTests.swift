import MediaFormats
import TestSupport
import Testing

/// Boxes declared once (`mvhd`, `tkhd`, `mdhd`, `elst`): the one declaration reads, writes and describes them.
@Suite("declared boxes")
struct DeclaredBoxTests {
    @Test("every header box of the real iPhone movie is written back byte for byte", .needsSamples)
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

    @Test("bytes after the last declared field are kept")
    func trailingBytes() throws {
        let header = TrackHeader(trackID: 1, flags: 3, duration: 10, creationTime: 0, modificationTime: 0).atom
        let longer = Atom(type: "tkhd", data: header.data + [9, 8, 7, 6])
        let read = try TrackHeader(longer)
        #expect(read.trailing == [9, 8, 7, 6] && read.atom == longer)
        #expect(read.fields.last == BoxField(name: "more", value: "4 bytes"))
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

/// The HEIF boxes that `make` edits (`iloc`, `iinf`, `infe`, `iref`), declared the same way.
@Suite("declared HEIF boxes")
struct DeclaredHEIFBoxTests {
    static let heics = [
        "iphone_IMG_3853_gwy15.HEIC", "iphone7-ios12_IMG_2682_immich.heic", "samsung-s22-google-motionphoto-v1_ente.heic",
        "androidx-media_sample_MP.heic",
    ]

    @Test("every iloc, iinf, infe and iref of the real HEICs is written back byte for byte", .needsSamples, arguments: heics)
    func realRoundTrip(_ sample: String) throws {
        let heif = try HEIFFile(file: RandomAccessFile(path: ProjectPaths.sample(sample)))
        let iloc = try #require(heif.meta.child("iloc"))
        #expect(try ItemLocationBox(iloc).encoded() == iloc)
        let iinfAtom = try #require(heif.meta.child("iinf"))
        let iinf = try ItemInfoBox(iinfAtom)
        #expect(try iinf.encoded() == iinfAtom)
        #expect(!iinf.entries.isEmpty)
        for entry in iinf.entries { #expect(try ItemInfoEntry(entry).encoded() == entry) }
        #expect(try iinf.itemEntries().map(\.id) == heif.items.map(\.id))
        if let iref = heif.meta.child("iref") { #expect(try ItemReferenceBox(iref).encoded() == iref) }
    }

    @Test("an item ID past 16 bits moves infe to version 3 and iref to version 1, and they read back")
    func wideIDs() throws {
        let entry = ItemInfoEntry(id: 70_000, type: "mime", contentType: "application/rdf+xml")
        let encoded = try entry.encoded()
        #expect(encoded.data[0] == 3)
        let read = try ItemInfoEntry(encoded)
        #expect(read.id == 70_000 && read.type == "mime" && read.contentType == "application/rdf+xml" && read.unmodelled.isEmpty)
        #expect(try ItemInfoEntry(ItemInfoEntry(id: 7, type: "Exif").encoded()).version == 2)

        var iref = ItemReferenceBox()
        iref.append(ItemReference(type: "cdsc", fromItemID: 2, toItemIDs: [1]))
        #expect(try iref.encoded().data == [0, 0, 0, 0, 0, 0, 0, 14, 0x63, 0x64, 0x73, 0x63, 0, 2, 0, 1, 0, 1])
        iref.append(ItemReference(type: "cdsc", fromItemID: 70_000, toItemIDs: [1]))
        let wide = try iref.encoded()
        #expect(wide.data[0] == 1)
        #expect(try ItemReferenceBox(wide).references == iref.references)
    }

    @Test("a value past its iloc field width is an error when written; the describer lists every field")
    func ilocWidths() throws {
        var iloc = ItemLocationBox()
        iloc.items = [.init(id: 1, extents: [.init(offset: 1 << 32, length: 10)])]
        #expect {
            _ = try iloc.encoded()
        } throws: { error in
            (error as? FormatError)?.message.contains("extent offset 4294967296 does not fit its 4-byte field") == true
        }
        iloc.offsetSize = 8
        let read = try ItemLocationBox(try iloc.encoded())
        #expect(read.items == iloc.items && read.offsetSize == 8)
        #expect(
            read.fields.map(\.name) == [
                "version", "flags", "offset and length sizes", "base offset and index sizes", "item count", "item ID",
                "data reference index", "base offset", "extent count", "extent offset", "extent length",
            ])
    }
}

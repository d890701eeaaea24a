import Foundation
import TestSupport
import Testing

/// The rules of an Apple data copy and of XMP sidecars, each on a small export of its own: an upload date never over
/// a file's own, a CSV that cannot be read failing the run, every file counted once, a Live Photo hidden or deleted
/// as its still is, an icloudpd date in its offset, a shared album's date.
@Suite("import: the data copy's rules, one at a time", .timeLimit(.minutes(10)))
struct ImportICloudRulesTests {
    typealias Fixture = ICloudExportFixture
    static let top = "iCloud Photos Part 1 of 1"

    struct Run {
        var status: Int32
        var lines: [[String: Any]]
        var out: String
        var text: String

        var media: [[String: Any]] { lines.filter { $0["type"] == nil } }
        var nonMedia: [[String: Any]] { lines.filter { $0["type"] as? String == "non-media" } }
        var summary: [String: Any] { lines.last { $0["type"] as? String == "summary" } ?? [:] }

        func entry(_ name: String) throws -> [String: Any] {
            let found = media.filter { ($0["member"] as? String)?.hasSuffix("/" + name) == true || $0["member"] as? String == name }
            try #require(found.count == 1, "\(found.count) lines for \(name): \(text.prefix(3000))")
            return found[0]
        }

        func output(_ name: String) throws -> String {
            "\(out)/\(try #require(try entry(name)["output"] as? String, "\(name) has no output: \(text.prefix(2000))"))"
        }
    }

    func run(_ inputs: [String], _ ws: Workspace, _ options: [String] = []) async throws -> Run {
        let out = ws.file("library-\(UUID().uuidString.prefix(8))")
        let result = try await LivePhotoCLI.run(["import"] + inputs + ["--out", out, "--json"] + options)
        let lines = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        return Run(status: result.status, lines: lines, out: out, text: result.stdout + result.stderr)
    }

    func part(_ ws: Workspace, _ members: [TakeoutFixture.Member], name: String = "\(top).zip") throws -> String {
        try TakeoutFixture.zip(members, to: ws.file(name))
    }

    func member(_ path: String, _ bytes: [UInt8]) -> TakeoutFixture.Member {
        TakeoutFixture.Member(path: "\(Self.top)/\(path)", bytes: bytes)
    }

    @Test("an upload date (originalCreationDate = importDate) never replaces a file's own, even with --prefer-json; a real one does")
    func uploadDate() async throws {
        let ws = try Workspace()
        let own = Fixture.utc(2016, 5, 1, 10, 34, 56)
        let upload = try await Fixture.datedJPEG(width: 172, date: "2016:05:01 12:34:56", offset: "+02:00", work: ws.file("w"))
        let adjusted = try await Fixture.datedJPEG(width: 174, date: "2016:05:01 12:34:56", offset: "+02:00", work: ws.file("w"))
        let later = Fixture.utc(2020, 1, 1, 9, 30), earlier = Fixture.utc(2015, 3, 3, 8, 15)
        let rows = [
            Fixture.Row(name: "IMG_0001.JPG", checksum: "a", created: later, imported: later),
            Fixture.Row(name: "IMG_0002.JPG", checksum: "b", created: earlier, imported: later),
        ]
        let zip = try part(
            ws,
            [
                member("Photos/IMG_0001.JPG", upload), member("Photos/IMG_0002.JPG", adjusted),
                member("Photos/Photo Details.csv", Fixture.csv(rows)),
            ])
        let result = try await run([zip], ws, ["--prefer-json"])
        #expect(result.status == 0, "\(result.text.suffix(2000))")
        let kept = try await Readers.exiftoolNumbers(try result.output("IMG_0001.JPG"), ["DateTimeOriginal", "OffsetTimeOriginal"])
        #expect(kept["DateTimeOriginal"] == "2016:05:01 12:34:56" && kept["OffsetTimeOriginal"] == "+02:00", "\(kept)")
        let replaced = try await Readers.exiftoolNumbers(try result.output("IMG_0002.JPG"), ["DateTimeOriginal", "OffsetTimeOriginal"])
        // The row's instant, written in the offset the photo states for its clock.
        #expect(replaced["DateTimeOriginal"] == "2015:03:03 10:15:00" && replaced["OffsetTimeOriginal"] == "+02:00", "\(replaced)")
        let times = try [result.output("IMG_0001.JPG"), result.output("IMG_0002.JPG")].map {
            Int(try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate].flatMap { $0 as? Date }?.timeIntervalSince1970 ?? 0)
        }
        #expect(times == [own, earlier], "modification times \(times)")
    }

    @Test("a Photo Details CSV that cannot be read: exit 6, named among the problems and as not read")
    func unreadableCSV() async throws {
        let ws = try Workspace()
        let zip = try part(
            ws,
            [
                member("Photos/IMG_0001.JPG", try await Fixture.jpeg(width: 176)),
                member(
                    "Photos/Photo Details.csv", Array("imgName,fileChecksum,originalCreationDate\nIMG_0001.JPG,x,\"never closed\n".utf8)),
            ])
        let result = try await run([zip], ws)
        #expect(result.status == 6, "\(result.text.suffix(2000))")
        let problems = result.summary["problems"] as? [String] ?? []
        #expect(problems.contains { $0.contains("Photo Details.csv") }, "problems: \(problems)")
        let line = result.nonMedia.first { ($0["member"] as? String)?.hasSuffix("Photo Details.csv") == true }
        #expect(line?["kind"] as? String == "not-read", "\(String(describing: line))")
    }

    @Test("every file read is one line or one sidecar, a nested zip's too; its copy is gone after the run")
    func accounting() async throws {
        let ws = try Workspace()
        let shared = try Fixture.zipBytes([
            TakeoutFixture.Member(path: "My Albums/Kids/IMG_9001.JPG", bytes: try await Fixture.jpeg(width: 178)),
            TakeoutFixture.Member(
                path: "My Albums/Kids/AlbumInfo.json",
                bytes: Array(
                    #"{"albumName":"Kids","photos":[{"name":"IMG_9001.JPG","dateCreated":"Friday May 3,2019 6:30 PM GMT"}]}"#.utf8)),
        ])
        let row = Fixture.Row(
            name: "IMG_0001.JPG", checksum: "a", created: Fixture.utc(2018, 2, 3, 4, 5), imported: Fixture.utc(2018, 2, 9))
        let zip = try part(
            ws,
            [
                member("Photos/IMG_0001.JPG", try await Fixture.jpeg(width: 180)), member("Photos/Photo Details.csv", Fixture.csv([row])),
                member("Albums/Walks.csv", Array("Images\nIMG_0001.JPG\n".utf8)), member("iCloud Shared Albums.zip", shared),
                member(".DS_Store", [0, 0, 0, 1]),
            ])
        let result = try await run([zip], ws)
        #expect(result.status == 0, "\(result.text.suffix(2000))")
        // Members: 5 in the part, 2 in the nested zip.
        let media = result.summary["mediaFiles"] as? Int ?? -1, sidecars = result.summary["sidecarFiles"] as? Int ?? -1
        let others = result.summary["nonMediaFiles"] as? Int ?? -1
        #expect(media == 2 && sidecars == 1 && others == 4, "media \(media), sidecars \(sidecars), non-media \(others)")
        #expect(media + sidecars + others == 7)
        // A file of the data copy's own is called so, not Takeout's.
        let store = result.nonMedia.first { ($0["member"] as? String)?.hasSuffix(".DS_Store") == true }
        #expect(
            store?["kind"] as? String == "takeout-data" && store?["reason"] as? String == "not a photo or video: the data copy's own data",
            "\(String(describing: store))")
        let shown = try await Readers.exiftoolNumbers(try result.output("IMG_9001.JPG"), ["DateTimeOriginal"])
        #expect(shown["DateTimeOriginal"] == "2019:05:03 18:30:00", "the shared photo's date from AlbumInfo.json: \(shown)")
        let albums = try result.entry("IMG_0001.JPG")["albums"] as? [String]
        #expect(albums == ["Walks"], "\(String(describing: albums))")
        let left = FileManager.default.enumerator(atPath: result.out)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".zip") } ?? []
        #expect(left.isEmpty, "copies left: \(left)")
    }

    @Test("a zip stored in a shared albums' zip that lies in a folder (a data copy unpacked): its files are read too")
    func zipInAZipInAFolder() async throws {
        let ws = try Workspace()
        let inner = try Fixture.zipBytes([TakeoutFixture.Member(path: "Inner/IMG_9101.JPG", bytes: try await Fixture.jpeg(width: 176))])
        let shared = try Fixture.zipBytes([
            TakeoutFixture.Member(path: "My Albums/Kids/IMG_9001.JPG", bytes: try await Fixture.jpeg(width: 178)),
            TakeoutFixture.Member(path: "My Albums/More.zip", bytes: inner, deflated: false),
        ])
        let folder = ws.file("Export")
        try FileManager.default.createDirectory(atPath: "\(folder)/\(Self.top)", withIntermediateDirectories: true)
        try Data(shared).write(to: URL(fileURLWithPath: "\(folder)/\(Self.top)/iCloud Shared Albums.zip"))
        let result = try await run([folder], ws)
        #expect(result.status == 0, "\(result.text.suffix(2000))")
        // The zip inside the shared albums' zip is found in that file, not at the folder's path.
        #expect(try result.entry("IMG_9101.JPG")["outcome"] as? String == "written")
        #expect(try result.entry("IMG_9001.JPG")["outcome"] as? String == "written")
        let problems = result.summary["problems"] as? [String] ?? ["no summary"]
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("a Live Photo goes as its still: hidden still, both under Hidden/; deleted still, both skipped", .needsSamples)
    func pairFollowsStill() async throws {
        let ws = try Workspace()
        let hidden = try Fixture.livePhoto(identifier: "AAAAAAAA-1111-2222-3333-444444444444")
        let deleted = try Fixture.livePhoto(identifier: "BBBBBBBB-1111-2222-3333-444444444444")
        let date = Fixture.utc(2024, 6, 1, 12)
        let rows = [
            Fixture.Row(name: "IMG_0100.HEIC", checksum: "a", hidden: true, created: date, imported: date + 60),
            Fixture.Row(name: "IMG_0100.MOV", checksum: "b", created: date, imported: date + 60),
            Fixture.Row(name: "IMG_0200.HEIC", checksum: "c", deleted: true, created: date, imported: date + 60),
            Fixture.Row(name: "IMG_0200.MOV", checksum: "d", created: date, imported: date + 60),
        ]
        let zip = try part(
            ws,
            [
                member("Photos/IMG_0100.HEIC", hidden.still), member("Photos/IMG_0100.MOV", hidden.movie),
                member("Photos/IMG_0200.HEIC", deleted.still), member("Photos/IMG_0200.MOV", deleted.movie),
                member("Photos/Photo Details.csv", Fixture.csv(rows)),
            ])
        let result = try await run([zip], ws)
        #expect(result.status == 0, "\(result.text.suffix(2000))")
        for name in ["IMG_0100.HEIC", "IMG_0100.MOV"] {
            let line = try result.entry(name)
            #expect(
                (line["output"] as? String)?.hasPrefix("Hidden/") == true && line["outcome"] as? String == "paired-live-photo", "\(line)")
        }
        for name in ["IMG_0200.HEIC", "IMG_0200.MOV"] {
            let line = try result.entry(name)
            #expect(line["outcome"] as? String == "skipped", "\(name): \(line)")
        }
        let skipping = try await run([zip], ws, ["--skip-hidden"])
        for name in ["IMG_0100.HEIC", "IMG_0100.MOV"] {
            let line = try skipping.entry(name)
            #expect(line["outcome"] as? String == "skipped" && (line["reason"] as? String)?.contains("hidden") == true, "\(line)")
        }
    }

    @Test("a Live Photo's half without the other: the note names Apple's data copy, or the export for a folder", .needsSamples)
    func halfAloneNamesTheExport() async throws {
        let ws = try Workspace()
        let pair = try Fixture.livePhoto(identifier: "DDDDDDDD-1111-2222-3333-444444444444")
        let date = Fixture.utc(2024, 6, 1, 12)
        let row = Fixture.Row(name: "IMG_0300.HEIC", checksum: "a", created: date, imported: date + 60)
        let zip = try part(
            ws, [member("Photos/IMG_0300.HEIC", pair.still), member("Photos/Photo Details.csv", Fixture.csv([row]))])
        let copy = try await run([zip], ws)
        #expect(copy.status == 0, "\(copy.text.suffix(2000))")
        let notes = try copy.entry("IMG_0300.HEIC")["notes"] as? [String] ?? []
        #expect(notes.contains("a Live Photo's still whose movie is not in Apple's data copy"), "\(notes)")

        // A folder of files alone says no export's name.
        let folder = ws.file("camera")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(pair.movie).write(to: URL(fileURLWithPath: "\(folder)/IMG_0300.MOV"))
        let plain = try await run([folder], ws)
        #expect(plain.status == 0, "\(plain.text.suffix(2000))")
        let movieNotes = try plain.entry("IMG_0300.MOV")["notes"] as? [String] ?? []
        #expect(movieNotes.contains("a Live Photo's movie whose still is not in the export"), "\(movieNotes)")
    }

    @Test("what has nothing to gain is written byte for byte: a Live Photo with its own dates; ffprobe reads its movie", .needsSamples)
    func byteForByte() async throws {
        let ws = try Workspace()
        let pair = try Fixture.livePhoto(identifier: "CCCCCCCC-1111-2222-3333-444444444444")
        let date = Fixture.utc(2024, 6, 1, 12)
        let rows = [
            Fixture.Row(name: "IMG_0300.HEIC", checksum: "a", created: date, imported: date + 60),
            Fixture.Row(name: "IMG_0300.MOV", checksum: "b", created: date, imported: date + 60),
        ]
        let zip = try part(
            ws,
            [
                member("Photos/IMG_0300.HEIC", pair.still), member("Photos/IMG_0300.MOV", pair.movie),
                member("Photos/Photo Details.csv", Fixture.csv(rows)),
            ])
        let result = try await run([zip], ws)
        #expect(result.status == 0, "\(result.text.suffix(2000))")
        for (name, bytes) in [("IMG_0300.HEIC", pair.still), ("IMG_0300.MOV", pair.movie)] {
            let original = try ws.write(bytes, to: "original-\(name)")
            let written = try await fileDigest(try result.output(name)), expected = try await fileDigest(original)
            let line = try result.entry(name)
            #expect(written == expected, "\(name) changed: \(line)")
        }
        let streams = try await Readers.ffprobeStreams(try result.output("IMG_0300.MOV"))
        #expect(streams.contains { $0["codec_type"] as? String == "video" }, "\(streams)")
        #expect(Readers.stillImageTimeStream(streams) != nil, "no still-image-time track: \(streams)")
    }

    @Test("an icloudpd XMP sidecar: its date in its +0900 offset, its title and keywords written into a photo without them")
    func icloudpdSidecar() async throws {
        let ws = try Workspace()
        let folder = ws.file("icloudpd")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(try await Fixture.jpeg(width: 182)).write(to: URL(fileURLWithPath: "\(folder)/IMG_5000.JPG"))
        let xmp = """
            <?xml version="1.0" encoding="UTF-8"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
             xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/">
            <dc:title>Market</dc:title>
            <dc:subject><rdf:Bag><rdf:li>food</rdf:li><rdf:li>Osaka</rdf:li></rdf:Bag></dc:subject>
            <xmp:CreateDate>2021-03-04T05:06:07+0900</xmp:CreateDate>
            <photoshop:DateCreated>2021-03-04T05:06:07+0900</photoshop:DateCreated>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        try Data(xmp.utf8).write(to: URL(fileURLWithPath: "\(folder)/IMG_5000.JPG.xmp"))
        let result = try await run([folder], ws)
        #expect(result.status == 0, "\(result.text.suffix(2000))")
        let tags = try await Readers.exiftoolNumbers(
            try result.output("IMG_5000.JPG"), ["DateTimeOriginal", "OffsetTimeOriginal", "Title", "Subject"])
        #expect(tags["DateTimeOriginal"] == "2021:03:03 20:06:07" && tags["OffsetTimeOriginal"] == "+00:00", "\(tags)")
        #expect(tags["Title"] == "Market" && tags["Subject"] == "food|Osaka", "\(tags)")
        let wrote = try result.entry("IMG_5000.JPG")["wrote"] as? [String]
        #expect(wrote == ["date", "title", "keywords"], "\(String(describing: wrote))")
    }
}

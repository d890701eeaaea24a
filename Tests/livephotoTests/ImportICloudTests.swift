import Foundation
import TestSupport
import Testing

/// One `livephoto import PART... --out OUT --json` of the iCloud data copy: what it printed, and where it wrote.
struct ICloudImportRun: Sendable {
    var arguments: [String]
    var status: Int32
    var stdout: String
    var stderr: String
    /// The library folder.
    var out: String

    /// Every line printed, parsed; a line that is not a JSON object is left out (``unparsed`` counts them).
    var lines: [[String: Any]] {
        stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
    var unparsed: Int { stdout.split(separator: "\n").count - lines.count }
    /// The media files' lines (no `type`).
    var media: [[String: Any]] { lines.filter { $0["type"] == nil } }
    var nonMedia: [[String: Any]] { lines.filter { $0["type"] as? String == "non-media" } }
    var summary: [String: Any]? { lines.last.flatMap { $0["type"] as? String == "summary" ? $0 : nil } }

    /// The media lines naming `item`.
    func entries(_ item: ICloudExportFixture.Item) -> [[String: Any]] {
        media.filter { item.matches(part: $0["part"] as? String, member: $0["member"] as? String) }
    }

    /// The one media line naming `item`.
    func entry(_ item: ICloudExportFixture.Item) throws -> [String: Any] {
        let found = entries(item)
        try #require(found.count == 1, "\(found.count) media lines for \(item), not 1; \(context)")
        return found[0]
    }

    /// The absolute path of the file written for `item`.
    func output(_ item: ICloudExportFixture.Item) throws -> String {
        let line = try entry(item)
        let relative = try #require(line["output"] as? String, "no output for \(item): \(showLine(line))")
        return "\(out)/\(relative)"
    }

    /// What a failure message shows of the run.
    var context: String { "livephoto \(arguments.joined(separator: " ")) exited \(status); stderr: \(stderr.suffix(1500))" }
}

/// A line as it was printed (sorted keys), for failure messages.
func showLine(_ line: [String: Any]) -> String {
    (try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "\(line)"
}

/// The export, built once per test process (into a temporary folder removed at exit; the parts are only read), and the
/// runs several tests read, each into its own library folder.
actor ICloudExportCache {
    static let shared = ICloudExportCache()

    private var building: Task<ICloudExportFixture.Export, any Error>?
    private var runs: [[String]: Task<ICloudImportRun, any Error>] = [:]

    func export() async throws -> ICloudExportFixture.Export {
        if let building { return try await building.value }
        let task = Task { try await ICloudExportFixture.build(in: try TemporaryFolders.make("livephoto-icloud-export")) }
        building = task
        return try await task.value
    }

    /// `livephoto COMMAND PARTS... --out (a new folder) --json OPTIONS`, run once per process for each command and options.
    func run(_ options: [String] = [], command: String = "import") async throws -> ICloudImportRun {
        let key = [command] + options
        if let existing = runs[key] { return try await existing.value }
        let task = Task { try await Self.fresh(options, command: command, export: try await self.export()) }
        runs[key] = task
        return try await task.value
    }

    /// A run into a new library folder, or into `out`.
    static func fresh(_ options: [String] = [], command: String = "import", export: ICloudExportFixture.Export, out: String? = nil)
        async throws -> ICloudImportRun
    {
        let library = try out ?? (TemporaryFolders.make("livephoto-icloud-library") + "/library")
        let arguments = [command] + export.parts + ["--out", library, "--json"] + options
        let result = try await LivePhotoCLI.run(arguments)
        return ICloudImportRun(arguments: arguments, status: result.status, stdout: result.stdout, stderr: result.stderr, out: library)
    }
}

/// `livephoto import` given the parts of an Apple data copy of iCloud Photos (`ICloudExportFixture`): every media
/// member accounted for, dates from each part's own CSV rows, Live Photos paired across suffixes and parts, the
/// favourite, hidden and deleted flags, albums, memories and shared albums, placeholders, duplicates, and resuming.
@Suite("import: an iCloud Photos data copy", .needsSamples, .timeLimit(.minutes(10)))
struct ImportICloudTests {
    typealias Item = ICloudExportFixture.Item

    func export() async throws -> ICloudExportFixture.Export { try await ICloudExportCache.shared.export() }
    func run(_ options: [String] = [], command: String = "import") async throws -> ICloudImportRun {
        try await ICloudExportCache.shared.run(options, command: command)
    }

    /// exiftool's value of `name` (`DateTimeOriginal`): the Exif one when there is one, else any group's.
    func tag(_ tags: [String: String], _ name: String) -> String? {
        tags["ExifIFD:\(name)"] ?? tags.first { $0.key.hasSuffix(":\(name)") }?.value
    }

    /// A file's modification time, seconds since 1970.
    func modified(_ path: String) throws -> Double {
        let date = try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
        return date.timeIntervalSince1970
    }

    /// The UTC clock of `seconds` as Exif writes it.
    func exifClock(_ seconds: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(seconds)))
        return String(format: "%04d:%02d:%02d %02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    func outcome(_ line: [String: Any]) -> String? { line["outcome"] as? String }

    // MARK: - The fixture itself

    @Test("the fixture: three parts with their top folders, the CSVs with Apple's header and dates, an empty CSV, a nested zip")
    func fixtureLayout() async throws {
        #expect(
            ICloudExportFixture.appleDate(seconds: ICloudExportFixture.utc(2013, 8, 29, 7, 8)) == "Thursday August 29,2013 7:08 AM GMT")
        #expect(
            ICloudExportFixture.appleDate(seconds: ICloudExportFixture.utc(2013, 9, 4, 21, 10))
                == "Wednesday September 4,2013 9:10 PM GMT")
        #expect(ICloudExportFixture.appleDate(seconds: ICloudExportFixture.utc(2020, 1, 5, 0, 3)) == "Sunday January 5,2020 12:03 AM GMT")
        let checksum = ICloudExportFixture.checksum([1, 2, 3])
        #expect(checksum.count == 28 && Data(base64Encoded: checksum)?.first == 0x01, "\(checksum)")

        let export = try await export()
        #expect(export.parts.map { URL(fileURLWithPath: $0).lastPathComponent } == (1...3).map { "iCloud Photos Part \($0) of 3.zip" })
        let script = """
            import sys, zipfile
            for path in sys.argv[1:]:
                with zipfile.ZipFile(path) as z:
                    for info in z.infolist():
                        print(path.rsplit('/', 1)[-1] + '\\t' + info.filename + '\\t' + str(info.file_size))
            """
        let listing = try await Tool.run(Readers.python, ["-c", script] + export.parts).stdout
        let rows = listing.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        for row in rows {
            #expect(
                row.count == 3 && row[1].hasPrefix(row[0].replacingOccurrences(of: ".zip", with: "/")),
                "a member outside its top folder: \(row)")
        }
        let members = Set(rows.map { "\($0[0]): \($0[1])" })
        for item in export.media where item.nestedIn == nil {
            #expect(members.contains("\(item.part): \(item.member)"), "\(item) is not in its part")
        }
        #expect(rows.contains { $0[1] == export.emptyCSV.member && $0[2] == "0" }, "no empty \(export.emptyCSV.member)")
        #expect(rows.contains { $0[1] == export.placeholder.member && $0[2] == "0" }, "no empty \(export.placeholder.member)")
        #expect(rows.contains { $0[1].hasSuffix("/iCloud Shared Albums.zip") }, "no nested shared-albums zip")
        #expect(rows.contains { $0[1].hasSuffix("/Recently Deleted/IMG_0602.JPG") })
        let details = try await Tool.run(
            "unzip", ["-p", export.parts[0], "\(ICloudExportFixture.partName(1, of: 3))/Photos/Photo Details-1.csv"])
        let csv = details.stdout.split(separator: "\n").map(String.init)
        #expect(csv.first == ICloudExportFixture.csvHeader, "\(csv)")
        #expect(
            csv.contains {
                $0.hasPrefix("IMG_0403.JPG,")
                    && $0.hasSuffix(#",no,no,no,"Thursday August 29,2013 7:08 AM GMT",0,"Wednesday September 4,2013 9:10 PM GMT""#)
            }, "\(csv)")
    }

    // MARK: - Every member

    @Test("every media member is in exactly one media line, with an outcome of the contract; exit 0; the summary adds up")
    func everyMemberOnce() async throws {
        let export = try await export()
        let run = try await run()
        #expect(run.status == 0, "\(run.context)")
        #expect(run.unparsed == 0, "lines that are not JSON: \(run.stdout.prefix(2000))")
        let known: Set<String> = [
            "written", "paired-live-photo", "merged-into-motion-photo", "duplicate", "already-written", "skipped", "failed",
        ]
        for item in export.media {
            let lines = run.entries(item)
            #expect(lines.count == 1, "\(item): \(lines.count) media lines, not 1: \(lines.map(showLine))")
            for line in lines { #expect(known.contains(outcome(line) ?? ""), "\(item): outcome not of the contract: \(showLine(line))") }
        }
        let strangers = run.media.filter { export.item(part: $0["part"] as? String, member: $0["member"] as? String) == nil }
        #expect(strangers.isEmpty, "media lines for members that are not media of the export: \(strangers.map(showLine))")
        #expect(run.media.count == export.media.count, "\(run.media.count) media lines for \(export.media.count) media members")
        #expect(!run.media.contains { outcome($0) == "failed" }, "failed: \(run.media.filter { outcome($0) == "failed" }.map(showLine))")
        // The CSVs (the empty one too), album CSVs and AlbumInfo.json are not media.
        for csv in export.csvFiles {
            #expect(!run.media.contains { ($0["member"] as? String) == csv.member }, "\(csv.member) reported as media")
        }
        let summary = try #require(run.summary, "no summary line last: \(run.stdout.suffix(1000))")
        #expect(summary["mediaFiles"] as? Int == export.media.count, "summary: \(showLine(summary))")
        let outcomes = try #require(summary["outcomes"] as? [String: Int], "summary without outcomes: \(showLine(summary))")
        #expect(outcomes.values.reduce(0, +) == export.media.count, "the outcomes do not add up to the media files: \(outcomes)")
        for (name, count) in outcomes {
            #expect(run.media.filter { outcome($0) == name }.count == count, "summary says \(count) \(name), the lines differ")
        }
    }

    @Test("`livephoto takeout` is another name for the same command: the same lines and outcomes")
    func takeoutIsTheSameCommand() async throws {
        let export = try await export()
        let viaImport = try await run(), viaTakeout = try await run(command: "takeout")
        #expect(viaTakeout.status == viaImport.status, "import exited \(viaImport.status), \(viaTakeout.context)")
        // Which of the two copies of a duplicate is written may depend on timing; everything else must agree.
        for item in export.media where !export.duplicates.contains(item) {
            let a = try viaImport.entry(item), b = try viaTakeout.entry(item)
            #expect(outcome(a) == outcome(b), "\(item): import \(showLine(a)), takeout \(showLine(b))")
            #expect(a["output"] as? String == b["output"] as? String, "\(item): import \(showLine(a)), takeout \(showLine(b))")
        }
        #expect(
            viaImport.summary?["outcomes"] as? [String: Int] == viaTakeout.summary?["outcomes"] as? [String: Int],
            "import: \(viaImport.summary.map(showLine) ?? "no summary"); takeout: \(viaTakeout.summary.map(showLine) ?? "no summary")")
        let importTree = Set(FileTree.files(under: viaImport.out)), takeoutTree = Set(FileTree.files(under: viaTakeout.out))
        #expect(importTree == takeoutTree, "the two libraries differ: \(importTree.symmetricDifference(takeoutTree).sorted())")
    }

    // MARK: - Dates

    @Test("two IMG_0403.JPG of different parts: each its own part's row date (UTC, +00:00), mtime, and its own CSV named")
    func namesakesKeepTheirOwnDates() async throws {
        let export = try await export()
        let run = try await run()
        #expect(Set(export.namesakes.map(\.name)).count == 1 && Set(export.namesakes.map(\.part)).count == 2)
        var outputs: [String] = []
        for item in export.namesakes {
            let line = try run.entry(item)
            #expect(outcome(line) == "written", "\(item): \(showLine(line))")
            let path = try run.output(item)
            outputs.append(path)
            let created = try #require(item.created)
            let tags = try await Readers.exiftool(path, ["-DateTimeOriginal", "-OffsetTimeOriginal"])
            let message =
                "\(item): its row says \(exifClock(created)) +00:00 (\(ICloudExportFixture.appleDate(seconds: created))), "
                + "the file says \(tags)"
            #expect(tag(tags, "DateTimeOriginal") == exifClock(created) && tag(tags, "OffsetTimeOriginal") == "+00:00", "\(message)")
            let mtime = try modified(path)
            #expect(
                abs(mtime - Double(created)) < 1,
                "\(item): modified \(Date(timeIntervalSince1970: mtime)), its row's date \(Date(timeIntervalSince1970: Double(created)))")
            #expect(
                line["sidecar"] as? String == item.csv, "\(item): sidecar \(line["sidecar"] ?? "none"), its row is in \(item.csv ?? "-")")
        }
        #expect(Set(outputs).count == 2, "both written to one file: \(outputs)")
    }

    @Test("a file's own Exif date wins over its CSV row's; a file dated only by its upload date still gets a date")
    func ownDateWins() async throws {
        let export = try await export()
        let run = try await run()
        let own = try run.entry(export.ownDated)
        #expect(outcome(own) == "written", "\(showLine(own))")
        let path = try run.output(export.ownDated)
        let tags = try await Readers.exiftool(path, ["-DateTimeOriginal", "-OffsetTimeOriginal"])
        let message =
            "the file's own \(export.ownDate) \(export.ownOffset) was not kept "
            + "(its row says \(ICloudExportFixture.appleDate(seconds: export.ownDated.created ?? 0))): \(tags)"
        #expect(tag(tags, "DateTimeOriginal") == export.ownDate && tag(tags, "OffsetTimeOriginal") == export.ownOffset, "\(message)")
        let mtime = try modified(path)
        #expect(
            abs(mtime - Double(export.ownInstant)) < 1,
            "modified \(Date(timeIntervalSince1970: mtime)), its own date is \(Date(timeIntervalSince1970: Double(export.ownInstant)))")

        let upload = try run.entry(export.uploadDated)
        #expect(outcome(upload) == "written", "\(export.uploadDated): \(showLine(upload))")
        let uploadTags = try await Readers.exiftool(try run.output(export.uploadDated), ["-DateTimeOriginal"])
        #expect(tag(uploadTags, "DateTimeOriginal") != nil, "\(export.uploadDated) got no date: \(uploadTags), \(showLine(upload))")
    }

    // MARK: - Live Photos

    @Test("Live Photos paired: halves with Apple's digit suffix, and a still in part 2 with its movie in part 3; each pair verifies")
    func livePhotosPaired() async throws {
        let export = try await export()
        let run = try await run()
        for pair in [export.suffixPair, export.crossPartPair] {
            let still = try run.entry(pair.still), movie = try run.entry(pair.movie)
            #expect(
                outcome(still) == "paired-live-photo" && outcome(movie) == "paired-live-photo",
                "\(pair.still.name) + \(pair.movie.name) not paired: \(showLine(still)); \(showLine(movie))")
            let verify = try await LivePhotoCLI.run(["verify", try run.output(pair.still), try run.output(pair.movie)])
            #expect(
                verify.status == 0,
                "verify of \(pair.still.name) + \(pair.movie.name) exited \(verify.status): \(verify.stdout)\(verify.stderr)")
        }
    }

    @Test("--to android: each Live Photo becomes one Motion Photo, as inspect says")
    func livePhotosToAndroid() async throws {
        let export = try await export()
        let run = try await run(["--to", "android"])
        #expect(run.status == 0, "\(run.context)")
        for pair in [export.suffixPair, export.crossPartPair] {
            let still = try run.entry(pair.still)
            let path = try run.output(pair.still)
            let inspected = try await LivePhotoCLI.run(["inspect", path, "--json"])
            let object = try JSONSerialization.jsonObject(with: inspected.stdoutData) as? [String: Any]
            let file = (object?["files"] as? [[String: Any]])?.first
            let message =
                "\(pair.still.name) → \(still["output"] ?? "-") is not a Motion Photo: role \(file?["role"] ?? "none"); "
                + "\(showLine(still)); \(inspected.stderr)"
            #expect(file?["role"] as? String == "motion-photo", "\(message)")
            let movie = try run.entry(pair.movie)
            #expect(outcome(movie) != "failed" && outcome(movie) != "skipped", "\(pair.movie.name): \(showLine(movie))")
        }
    }

    // MARK: - Flags

    @Test("favorite=yes: XMP Rating 5 on the output")
    func favoriteRated() async throws {
        let export = try await export()
        let run = try await run()
        let line = try run.entry(export.favorite)
        #expect(outcome(line) == "written", "\(showLine(line))")
        let rating = try await Readers.exiftoolNumbers(try run.output(export.favorite), ["XMP:Rating"])["Rating"]
        #expect(rating == "5", "\(export.favorite): XMP:Rating \(rating ?? "missing"), not 5; \(showLine(line))")
    }

    @Test("hidden=yes: written under Hidden/; with --skip-hidden skipped, and the reason says hidden")
    func hidden() async throws {
        let export = try await export()
        let run = try await run()
        let line = try run.entry(export.hidden)
        #expect(outcome(line) == "written", "\(showLine(line))")
        #expect((line["output"] as? String)?.hasPrefix("Hidden/") == true, "\(export.hidden): output not under Hidden/: \(showLine(line))")

        let skipping = try await self.run(["--skip-hidden"])
        #expect(skipping.status == 0, "\(skipping.context)")
        let skipped = try skipping.entry(export.hidden)
        #expect(outcome(skipped) == "skipped", "with --skip-hidden: \(showLine(skipped))")
        #expect(
            (skipped["reason"] as? String)?.lowercased().contains("hidden") == true, "the reason does not say hidden: \(showLine(skipped))")
        #expect(!FileManager.default.fileExists(atPath: "\(skipping.out)/Hidden"), "--skip-hidden still wrote Hidden/")
        // Nothing else is skipped for it.
        let favorite = try skipping.entry(export.favorite)
        #expect(outcome(favorite) == "written", "with --skip-hidden, \(export.favorite): \(showLine(favorite))")
    }

    @Test("deleted=yes and Recently Deleted/: skipped, the reason says deleted; with --include-deleted written")
    func deleted() async throws {
        let export = try await export()
        let run = try await run()
        for item in [export.flaggedDeleted, export.recentlyDeleted] {
            let line = try run.entry(item)
            #expect(outcome(line) == "skipped", "\(item): \(showLine(line))")
            #expect(
                (line["reason"] as? String)?.lowercased().contains("deleted") == true,
                "\(item): the reason does not say deleted: \(showLine(line))")
        }
        let including = try await self.run(["--include-deleted"])
        #expect(including.status == 0, "\(including.context)")
        for item in [export.flaggedDeleted, export.recentlyDeleted] {
            let line = try including.entry(item)
            #expect(outcome(line) == "written", "with --include-deleted, \(item): \(showLine(line))")
            if let output = line["output"] as? String {
                #expect(FileManager.default.fileExists(atPath: "\(including.out)/\(output)"), "\(item): \(output) is not there")
            }
        }
    }

    // MARK: - Albums

    /// The names in `OUT/Albums/TITLE/`, each checked to lead to a file.
    func albumNames(_ run: ICloudImportRun, _ title: String) throws -> Set<String> {
        let folder = "\(run.out)/Albums/\(title)"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names {
            #expect(FileManager.default.fileExists(atPath: "\(folder)/\(name)"), "Albums/\(title)/\(name) leads nowhere")
        }
        return Set(names)
    }

    @Test("albums: Albums/Trip/ links both halves of its Live Photo and its photo; no Hidden or Favorites album; the shared album")
    func albums() async throws {
        let export = try await export()
        let run = try await run()
        let albums = (try? FileManager.default.contentsOfDirectory(atPath: "\(run.out)/Albums")) ?? []
        let trip = try albumNames(run, export.album.title)
        let expected = Set(try export.album.items.map { URL(fileURLWithPath: try run.output($0)).lastPathComponent })
        #expect(
            trip == expected,
            "Albums/\(export.album.title) holds \(trip.sorted()), expected \(expected.sorted()) (Albums/: \(albums.sorted()))")
        // The entries of the files in the album list it: a Live Photo's movie half too, which the CSV does not name.
        for item in export.album.items {
            let line = try run.entry(item)
            #expect((line["albums"] as? [String])?.contains(export.album.title) == true, "\(item): albums \(line["albums"] ?? "none")")
        }
        for title in export.notAlbums {
            #expect(!albums.contains(title), "Albums/\(title) written: \(title).csv is not an album")
        }
        #expect(!albums.contains(export.memory.title), "Albums/\(export.memory.title) written without --memories")

        // The shared album from the nested zip, titled by its AlbumInfo.json, the photo noted as a shared copy.
        let shared = try albumNames(run, export.sharedAlbum.title)
        let sharedOutput = URL(fileURLWithPath: try run.output(export.sharedPhoto)).lastPathComponent
        #expect(
            shared.contains(sharedOutput),
            "Albums/\(export.sharedAlbum.title) holds \(shared.sorted()), not \(sharedOutput) (Albums/: \(albums.sorted()))")
        let line = try run.entry(export.sharedPhoto)
        #expect(outcome(line) == "written", "\(showLine(line))")
        let notes = line["notes"] as? [String] ?? []
        #expect(
            notes.contains { $0.lowercased().contains("shared") },
            "\(export.sharedPhoto): no note of a shared album copy: \(showLine(line))")
    }

    @Test("--memories: Albums/Summer 2019/ holds the memory's files")
    func memories() async throws {
        let export = try await export()
        let run = try await run(["--memories"])
        #expect(run.status == 0, "\(run.context)")
        let names = try albumNames(run, export.memory.title)
        let expected = Set(try export.memory.items.map { URL(fileURLWithPath: try run.output($0)).lastPathComponent })
        #expect(names == expected, "Albums/\(export.memory.title) holds \(names.sorted()), expected \(expected.sorted())")
    }

    // MARK: - Placeholders, duplicates, resuming

    @Test("the 0-byte placeholder is skipped as empty, its -1 original written; the same bytes in parts 1 and 3 written once")
    func placeholderAndDuplicate() async throws {
        let export = try await export()
        let run = try await run()
        let placeholder = try run.entry(export.placeholder)
        #expect(outcome(placeholder) == "skipped", "\(export.placeholder): \(showLine(placeholder))")
        #expect(
            (placeholder["reason"] as? String)?.lowercased().contains("empty") == true,
            "the reason does not say empty: \(showLine(placeholder))")
        let original = try run.entry(export.placeholderOriginal)
        #expect(outcome(original) == "written", "\(export.placeholderOriginal): \(showLine(original))")

        let copies = try export.duplicates.map { try run.entry($0) }
        let written = copies.filter { outcome($0) == "written" }, duplicate = copies.filter { outcome($0) == "duplicate" }
        #expect(written.count == 1 && duplicate.count == 1, "one written and one duplicate expected: \(copies.map(showLine))")
        if let kept = written.first, let copy = duplicate.first {
            let of = copy["duplicateOf"] as? String ?? ""
            let keptPart = kept["part"] as? String ?? "?", keptMember = kept["member"] as? String ?? "?"
            #expect(
                of.contains(keptMember) && of.contains(keptPart),
                "duplicateOf \(of.isEmpty ? "missing" : of), expected \(keptPart): \(keptMember)")
        }
    }

    @Test("a second run into the same folder: already-written for all written, exit 0")
    func secondRun() async throws {
        let export = try await export()
        let first = try await ICloudExportCache.fresh(export: export)
        #expect(first.status == 0, "\(first.context)")
        let again = try await ICloudExportCache.fresh(export: export, out: first.out)
        #expect(again.status == 0, "\(again.context)")
        let wroteSomething: Set<String> = ["written", "paired-live-photo", "merged-into-motion-photo"]
        var checked = 0
        for item in export.media {
            let before = try first.entry(item), after = try again.entry(item)
            guard wroteSomething.contains(outcome(before) ?? "") else { continue }
            checked += 1
            #expect(outcome(after) == "already-written", "\(item): first \(showLine(before)); again \(showLine(after))")
            #expect(
                after["output"] as? String == before["output"] as? String,
                "\(item) moved: first \(showLine(before)); again \(showLine(after))")
        }
        #expect(checked > 0, "the first run wrote nothing")
    }
}

import ArgumentParser
import LivePhotoKit
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn a photo library's export (Google Takeout, Apple's data copy, icloudpd, osxphotos) into a clean library.",
        discussion: """
            Reads a Google Takeout (takeout-DATE-001.zip and the others, or .tgz), Apple's data copy of iCloud Photos \
            ("iCloud Photos Part 1 of 3.zip" and the others, in any language), the folders these unpack to, or a \
            folder icloudpd or osxphotos wrote, as one tree, without extracting anything first: each photo and video \
            is streamed out of its archive straight into the library. What each file is comes from its content, not \
            its name.

            Live Photos are paired by their content identifier whatever the export named them, across parts too; \
            Motion Photos keep (or get back) their video. The capture time and place of each JSON sidecar, CSV row or \
            XMP file are written into the file where it lacks them (no re-encoding); a CSV date is written as UTC \
            (+00:00). Favourites get a rating of 5. Duplicates are written once; albums are kept as folders of \
            links; items hidden in Photos go under Hidden/. Files go into YYYY/MM/ by capture time.

            Every media file of the input is accounted for in the summary: written, paired, merged into a Motion \
            Photo, a duplicate of another, skipped (trashed, deleted, hidden, empty) or failed, with why. Running \
            again into the same folder resumes: what is written already is left alone. "takeout" is another name \
            for this command.

            Examples:
              livephoto import ~/Downloads/takeout-*.zip --out ~/Pictures/Lib
              livephoto import "iCloud Photos Part "*.zip --out lib --to android
              livephoto import icloudpd/ --out lib --albums json --json > out.jsonl

            Exit status: 0 when every file was written (or skipped on purpose), 6 when some file or part failed \
            (each is listed), 4 when writing failed (a full disk: what was done is kept, run again to resume), 130 \
            when interrupted.
            """,
        aliases: ["takeout"]
    )

    @Argument(help: "The export's parts (.zip, .tgz, .tar) or the folders they were extracted to.")
    var inputs: [String]

    @Option(name: .long, help: "The library's folder (created when missing; run again into it to resume).")
    var out: String

    @Option(
        name: .long,
        help:
            "keep (pairs as pairs, Motion Photos as Motion Photos), apple (Motion Photos become Live Photos) or android (Live Photos become Motion Photos)."
    )
    var to: LibraryImport.Destination = .keep

    @Option(
        help: "The Motion Photo flavor of --to android: \(MotionConversionOptions.Flavor.allCases.map(\.rawValue).joined(separator: ", "))."
    )
    var flavor: MotionConversionOptions.Flavor = .samsung

    @Option(help: "Folders by capture time: flat, year or year-month.")
    var layout: LibraryImport.Layout = .yearMonth

    @Option(help: "How albums are kept: links (Albums/TITLE/ of links), copies, json (albums.json) or none.")
    var albums: LibraryImport.AlbumMode = .links

    @Flag(
        name: [.customLong("include-trashed"), .customLong("include-deleted")],
        help: "Write trashed and recently deleted items too (skipped by default).")
    var includeTrashed = false

    @Flag(help: "Leave out the items hidden in Photos (by default they go under Hidden/).")
    var skipHidden = false

    @Flag(help: "Make albums of Apple's memories too (Memories/*.csv of a data copy).")
    var memories = false

    @Flag(help: "Write the sidecar's date and place even over the file's own (a CSV's upload date never is).")
    var preferJson = false

    @Option(help: "How many parts and files are worked on at once (default: the number of cores).")
    var jobs: Int?

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("name the export's parts or its folder") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if flavor == .vivoPair, to == .android { throw ValidationError("--flavor vivo-pair writes two files; choose a one-file flavor") }
    }

    func run() async throws {
        common.bootstrap(batch: true)
        InterruptHandling.install()
        var options = LibraryImport.Options(
            outputDirectory: out, destination: to, flavor: flavor, layout: layout, albums: albums, includeTrashed: includeTrashed,
            prefersSidecar: preferJson)
        options.skipHidden = skipHidden
        options.memories = memories
        if let jobs { options.jobs = jobs }
        let bar = ImportProgressBar(json: common.json)
        let json = common.json
        let report: LibraryImport.Report
        do {
            report = try await LibraryImport.run(inputs, options: options, progress: { bar.show($0) }) { entry in
                if json { Self.printLine(entry) }
            }
        } catch {
            bar.finish()
            throw Failure.report(error, json: common.json)
        }
        bar.finish()
        if json {
            for file in report.nonMediaFiles { Self.printLine(ImportNonMediaLine(file)) }
            Self.printLine(ImportSummaryLine(report))
        } else {
            print(Self.summary(report), terminator: "")
        }
        if report.hasFailures { throw ExitCode(Failure.someItemsFailed) }
    }

    static func printLine<T: Encodable>(_ value: T) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(value) { StandardStreams.output(String(decoding: data, as: UTF8.self) + "\n") }
    }

    /// The text summary: counts that add up to the media files read, then every failure, note and problem.
    static func summary(_ report: LibraryImport.Report) -> String {
        var text = "\(report.entries.count) media files read into \(report.outputDirectory)\n"
        for outcome in LibraryImport.Entry.Outcome.allCases {
            let count = report.count(outcome)
            if count > 0 { text += "  \(outcome.rawValue.column(26)) \(count)\n" }
        }
        if !report.otherFiles.isEmpty { text += "  \(report.otherFiles.count) other files (HTML, album JSON and CSV…) not copied\n" }
        if !report.unusedSidecars.isEmpty { text += "  \(report.unusedSidecars.count) sidecars matched no file\n" }
        for entry in report.entries where entry.outcome == .failed {
            text += "failed: \(entry.part): \(entry.member): \(entry.reason ?? "")\n"
        }
        for entry in report.entries where !entry.notes.isEmpty {
            for note in entry.notes { text += "note: \(entry.member): \(note)\n" }
        }
        for sidecar in report.unusedSidecars { text += "unused sidecar: \(sidecar)\n" }
        // An album or memory list some of whose names were not found, or named several files: said as notes.
        for file in report.nonMediaFiles where file.kind == .albumMetadata && file.reason.contains("names found;") {
            text += "note: \(file.part): \(file.member): \(file.reason.replacing(every: "not a photo or video: ", with: ""))\n"
        }
        for problem in report.problems { text += "problem: \(problem)\n" }
        return text
    }
}

/// A `--json` line for a file that is not media, after the media files' lines.
struct ImportNonMediaLine: Encodable {
    let type = "non-media"
    let part: String
    let member: String
    let kind: String
    let reason: String

    init(_ file: LibraryImport.NonMediaFile) {
        part = file.part
        member = file.member
        kind = file.kind.rawValue
        reason = file.reason
    }
}

/// The last `--json` line: the counts.
struct ImportSummaryLine: Encodable {
    let type = "summary"
    let outputDirectory: String
    let mediaFiles: Int
    let outcomes: [String: Int]
    /// The files that are not media, each a `non-media` line, and how many are of each kind.
    let nonMediaFiles: Int
    let nonMedia: [String: Int]
    /// The sidecars media files took their dates from: with the media and non-media files, every file read.
    let sidecarFiles: Int
    let otherFiles: [String]
    let unusedSidecars: [String]
    let problems: [String]

    init(_ report: LibraryImport.Report) {
        outputDirectory = report.outputDirectory
        mediaFiles = report.entries.count
        var counts: [String: Int] = [:]
        for outcome in LibraryImport.Entry.Outcome.allCases { counts[outcome.rawValue] = report.count(outcome) }
        outcomes = counts
        nonMediaFiles = report.nonMediaFiles.count
        var kinds: [String: Int] = [:]
        for kind in LibraryImport.NonMediaFile.Kind.allCases { kinds[kind.rawValue] = report.count(kind) }
        nonMedia = kinds
        sidecarFiles = report.sidecarFiles
        otherFiles = report.otherFiles
        unusedSidecars = report.unusedSidecars
        problems = report.problems
    }
}

extension LibraryImport.Destination: ExpressibleByArgument {}
extension LibraryImport.Layout: ExpressibleByArgument {}
extension LibraryImport.AlbumMode: ExpressibleByArgument {}

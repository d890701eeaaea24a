import ArgumentParser
import LivePhotoKit
internal import PortableFoundation

struct ScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Find and pair every Live Photo and Motion Photo in folders.",
        discussion: """
            Reads every file's headers (never its media) and pairs Live Photos by content identifier, across names \
            and folders: IMG_1234.HEIC with IMG_1234(1).MOV, a movie renamed .MP4 by an export, an edited \
            IMG_E1234.JPG beside the original (listed as a variant). Files without identifiers are paired by folder \
            and name, and the item says so. Reports Live Photos, Motion Photos, orphans (a still whose movie is \
            missing, or the reverse), conflicts (one identifier on too many files, one name with two identifiers), \
            damaged files, plain photos and movies, and other files.

            Prints a summary with counts; --json prints one JSON object per item, a line each; --csv a table. \
            What each file is goes into an index (SQLite, in $XDG_CACHE_HOME/livephoto or ~/.cache/livephoto \
            unless --index says where; never in the scanned folders): a rescan reads only the files whose size, \
            modification time or inode changed, and forgets deleted ones.

            Examples:
              livephoto scan ~/Pictures/Takeout
              livephoto scan --json export/ | jq -c 'select(.kind == "orphan-still")'
              livephoto scan --csv library/ > library.csv
            """
    )

    @Argument(help: "Folders (or files) to scan.")
    var roots: [String]

    @Flag(help: "Print a CSV table: kind, identifier, paired by, flavor, files, variants, note.")
    var csv = false

    @Option(help: "How many files are read at once (default: the number of cores).")
    var jobs: Int?

    @OptionGroup var reading: IndexOptions

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if roots.isEmpty { throw ValidationError("name at least one folder") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if csv && common.json { throw ValidationError("--json and --csv cannot be given together") }
        for root in roots where !FileManager.default.fileExists(atPath: root) {
            throw ValidationError("\(root) does not exist")
        }
    }

    func run() async throws {
        common.bootstrap()
        var options = reading.scanOptions(jobs: jobs)
        // The summary lists only these; the others are counts, which a rescan reads from the index without the items.
        let listedKinds: Set<LibraryItem.Kind> = [.orphanStill, .orphanMovie, .conflict, .damaged]
        if !common.json && !csv { options.itemKinds = listedKinds }
        // Items are printed as they are paired (JSON and CSV), so a library of millions needs no more memory than a
        // folder; the summary keeps only the items it lists (orphans, conflicts, damaged files).
        if csv { print("kind,identifier,paired_by,flavor,files,variants,note") }
        var listed: [LibraryItem] = []
        // JSON lines, written a buffer at a time: a library of 100,000 items prints in a fraction of a second.
        var pending: [UInt8] = []
        let summary: LibraryScan.Summary
        do {
            summary = try await LibraryScanner.scan(roots, options: options) { item in
                if common.json {
                    item.appendJSONLine(to: &pending)
                    if pending.count >= Self.flushSize { StandardStreams.output(bytes: &pending) }
                } else if csv {
                    let fields = [
                        item.kind.rawValue, item.identifier ?? "", item.pairedBy?.rawValue ?? "", item.flavor?.rawValue ?? "",
                        item.files.joined(separator: "|"), item.variants.joined(separator: "|"), item.note ?? "",
                    ]
                    print(fields.map(Self.csvField).joined(separator: ","))
                } else if listedKinds.contains(item.kind) {
                    listed.append(item)
                }
            }
        } catch {
            StandardStreams.output(bytes: &pending)
            throw Failure.report(error, json: common.json)
        }
        StandardStreams.output(bytes: &pending)
        guard !common.json && !csv else { return }
        let unchanged = summary.filesFound - summary.filesRead
        print(
            "\(summary.filesFound) files found, \(summary.filesRead) read"
                + (unchanged > 0 ? " (\(unchanged) unchanged since the last scan)" : ""))
        for kind in LibraryItem.Kind.allCases {
            let count = summary.count(kind)
            if count > 0 { print("  \(kind.rawValue.column(14)) \(count)") }
        }
        if summary.pairedByName > 0 {
            print("  (\(summary.pairedByName) Live Photos paired by name only: their files lack a content identifier)")
        }
        for item in listed.sorted(by: { ($0.files.first ?? "") < ($1.files.first ?? "") }) {
            print("\(item.kind.rawValue): \(item.files.joined(separator: ", "))\(item.note.map { " — \($0)" } ?? "")")
        }
    }

    /// How many bytes of JSON lines are gathered before they are written.
    static let flushSize = 1 << 16

    /// A CSV field, quoted when it holds a comma, a quote or a line break.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacing(every: "\"", with: "\"\"") + "\""
    }
}

import ArgumentParser
import LivePhotoKit
internal import PortableFoundation

/// How a command works on folders: every item of a library, as `scan` finds them, or the items of a scan's JSON
/// lines.
struct LibraryOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Work on the items of a scan's JSON lines (scan --json), '-' for standard input, instead of scanning.", valueName: "file"))
    var from: String?

    @Option(help: "Folders: how many items are worked on at once (default: the number of cores).")
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Folders: take share I of N (0 <= I < N), chosen by a hash of each item's path below its folder.", valueName: "I/N"))
    var shard: String?

    @Flag(help: "Folders: list what would be written, and write nothing.")
    var dryRun = false

    @OptionGroup var reading: IndexOptions

    /// True when the command works on a library: `--from` is given, or an argument is a folder that is not a
    /// `.pvt` bundle.
    func isBatch(_ arguments: [String]) -> Bool {
        from != nil || arguments.contains(where: Self.isLibraryFolder)
    }

    static func isLibraryFolder(_ path: String) -> Bool {
        guard FileManager.default.isFolder(atPath: path) else { return false }
        let name = URL(fileURLWithPath: path).lastPathComponent.lowercased()
        return !name.hasSuffix(".pvt") && !FileManager.default.fileExists(atPath: path + "/metadata.plist")
    }

    /// Checks the options that belong to folders; `batch` says whether the command works on one.
    func validate(batch: Bool, arguments: [String]) throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let shard, Shard(shard) == nil { throw ValidationError("--shard must be I/N with 0 <= I < N, like 0/4") }
        if from != nil && !arguments.isEmpty { throw ValidationError("give folders or --from, not both") }
        if !batch && (jobs != nil || shard != nil || dryRun || from != nil) {
            throw ValidationError("--jobs, --shard, --dry-run and --from are for folders")
        }
        if batch {
            for path in arguments where !FileManager.default.fileExists(atPath: path) { throw ValidationError("\(path) does not exist") }
        }
    }

    var batchOptionsJobs: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }
}

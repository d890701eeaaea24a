import ArgumentParser
import LivePhotoKit

/// How folders are read: links, and the scan index that makes a rescan read only changed files.
struct IndexOptions: ParsableArguments {
    @Flag(help: "Follow symbolic links to files and folders.")
    var followLinks = false

    @Option(help: "The scan index (default: scan-index.sqlite in the user's cache folder).")
    var index: String?

    @Flag(help: "Read every file, and keep no index.")
    var noIndex = false

    func validate() throws {
        if noIndex && index != nil { throw ValidationError("--index and --no-index cannot be given together") }
    }

    /// The index to keep, or nil for none.
    var indexPath: String? { noIndex ? nil : index ?? ScanOptions.defaultIndexPath }

    /// The scan's options, `jobs` at once when given.
    func scanOptions(jobs: Int?) -> ScanOptions {
        var options = ScanOptions(followLinks: followLinks, indexPath: indexPath)
        if let jobs { options.jobs = jobs }
        return options
    }
}

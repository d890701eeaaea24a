public import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a library scan should do.
public struct ScanOptions: Sendable {
    /// How many files are read at once.
    public var jobs: Int
    /// Follow symbolic links to files and folders (each real folder is still read once).
    public var followLinks: Bool
    /// The SQLite index that makes a rescan read only changed files; nil scans without one.
    public var indexPath: String?
    /// The kinds of item a scan hands over one by one; the others are only counted (a rescan that changed nothing
    /// then reads back only these). Nil: every kind.
    public var itemKinds: Set<LibraryItem.Kind>?

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, followLinks: Bool = false, indexPath: String? = nil) {
        self.jobs = max(1, jobs)
        self.followLinks = followLinks
        self.indexPath = indexPath
    }

    /// Where the CLI keeps its index: `$XDG_CACHE_HOME/livephoto/scan-index.sqlite`, else under `~/.cache`.
    public static var defaultIndexPath: String {
        let environment = ProcessInfo.processInfo.environment
        let cache =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (FileManager.default.homeDirectoryForCurrentUser.path + "/.cache")
        return cache + "/livephoto/scan-index.sqlite"
    }
}

/// What a library scan found, item by item, with counts by kind.
public struct LibraryScan: Sendable, Codable, Equatable {
    public var items: [LibraryItem]
    /// How many files were found.
    public var filesFound: Int
    /// How many of them were read (the others were unchanged in the index).
    public var filesRead: Int

    /// How many items there are of each kind.
    public func count(_ kind: LibraryItem.Kind) -> Int { items.filter { $0.kind == kind }.count }
}

/// Finds every Live Photo and Motion Photo in folders, pairing stills and movies by content identifier (across names
/// and folders), and by name only where identifiers are missing. Files are read from their headers alone.
public enum LibraryScanner {
    /// Files read between two writes to the index.
    static let readBatch = 256

    /// Scans `roots` (folders, or single files) and hands each item to `each` as it is paired, in the order of its
    /// first file's path; paths are absolute. One folder and one item are held at a time: memory does not grow with
    /// the library. Without an index (`options.indexPath` nil) a temporary one is used and removed.
    /// - Throws: `LivePhotoError` when the index cannot be opened or written.
    public static func scan(
        _ roots: [String], options: ScanOptions = ScanOptions(), each: (LibraryItem) -> Void
    ) async throws(LivePhotoError) -> LibraryScan.Summary {
        let scope = ScanScope(roots)
        let temporary = options.indexPath == nil
        let indexPath =
            options.indexPath
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("livephoto-scan-\(UUID().uuidString).sqlite").path
        defer {
            if temporary { for suffix in ["", "-journal", "-wal", "-shm"] { unlink(indexPath + suffix) } }
        }
        do {
            let index = try ScanIndex(path: indexPath, temporary: temporary)
            var summary = LibraryScan.Summary()
            var reads = PendingReads(index: index, jobs: options.jobs)
            for root in scope.roots {
                switch root {
                case .file(let entry):
                    summary.filesFound += 1
                    let known = try temporary ? nil : index.stamp(of: entry.path)
                    if known != ScanIndex.Stamp(entry) { reads.entries.append(entry) }
                case .folder(let folder):
                    var visited: Set<String> = []
                    try await FileWalk.walk(under: folder, followLinks: options.followLinks) { folder, files in
                        visited.insert(folder)
                        summary.filesFound += files.count
                        // Each file the index knows is taken out of `known` as the walk meets it: what is left was deleted.
                        var known = try temporary ? [:] : index.stamps(in: folder)
                        for entry in files where known.removeValue(forKey: entry.path) != ScanIndex.Stamp(entry) {
                            reads.entries.append(entry)
                        }
                        reads.gone += known.keys
                        if reads.entries.count >= readBatch { summary.filesRead += try await reads.flush() }
                    }
                    if !temporary { reads.goneFolders += try index.folders(under: folder).filter { !visited.contains($0) } }
                }
            }
            summary.filesRead += try await reads.flush()
            try LibraryPairing.items(
                in: index, scope: scope, keep: !temporary, kinds: options.itemKinds, counting: &summary
            ) { item in each(scope.placed(item)) }
            return summary
        } catch {
            throw .io(path: temporary ? "a temporary scan index" : indexPath, reason: "the scan index: \(error)")
        }
    }

    /// Scans `roots` (folders, or single files) and returns every item, sorted by its first file's path.
    /// - Throws: `LivePhotoError` when the index cannot be opened or written.
    public static func scan(_ roots: [String], options: ScanOptions = ScanOptions()) async throws(LivePhotoError) -> LibraryScan {
        var items: [LibraryItem] = []
        let summary = try await scan(roots, options: options) { items.append($0) }
        items.sort { ($0.files.first ?? "") < ($1.files.first ?? "") }
        return LibraryScan(items: items, filesFound: summary.filesFound, filesRead: summary.filesRead)
    }

    /// Files waiting to be read, and files the index should forget: written to the index a batch at a time.
    private struct PendingReads {
        let index: ScanIndex
        let jobs: Int
        var entries: [FileWalk.Entry] = []
        var gone: [String] = []
        var goneFolders: [String] = []

        /// Reads the waiting files and writes what changed; returns how many files were read.
        mutating func flush() async throws -> Int {
            let files = await LibraryScanner.classify(entries.map(\.path), jobs: jobs)
            try index.update(zip(entries, files).map { (ScanIndex.Stamp($0), $1) }, removing: gone, goneFolders: goneFolders)
            defer {
                entries.removeAll(keepingCapacity: true)
                gone.removeAll()
                goneFolders.removeAll()
            }
            return files.count
        }
    }

    /// Reads each file's headers, `jobs` at a time, in the order given.
    static func classify(_ paths: [String], jobs: Int) async -> [ScannedFile] {
        var results = [ScannedFile?](repeating: nil, count: paths.count)
        await BoundedTasks.run(paths, limit: jobs) { path in
            ScannedFile(path: path)
        } collect: { index, file in
            results[index] = file
        }
        return results.compactMap { $0 }
    }
}

extension LibraryScan {
    /// The counts of a scan whose items went by one at a time.
    public struct Summary: Sendable, Equatable {
        /// How many files were found.
        public var filesFound = 0
        /// How many of them were read (the others were unchanged in the index).
        public var filesRead = 0
        /// How many items there are of each kind.
        public var counts: [LibraryItem.Kind: Int] = [:]
        /// How many Live Photos were paired by name only.
        public var pairedByName = 0

        public func count(_ kind: LibraryItem.Kind) -> Int { counts[kind, default: 0] }

        /// Counts `item`.
        mutating func count(_ item: LibraryItem) {
            counts[item.kind, default: 0] += 1
            if item.pairedBy == .name { pairedByName += 1 }
        }
    }
}

import Foundation

/// What a library scan should do.
public struct ScanOptions: Sendable {
    /// How many files are read at once.
    public var jobs: Int
    /// Follow symbolic links to files and folders (each real folder is still read once).
    public var followLinks: Bool
    /// The SQLite index that makes a rescan read only changed files; nil scans without one.
    public var indexPath: String?

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, followLinks: Bool = false, indexPath: String? = nil) {
        self.jobs = max(1, jobs)
        self.followLinks = followLinks
        self.indexPath = indexPath
    }

    /// Where the CLI keeps its index: `$XDG_CACHE_HOME/livephoto/scan-index.sqlite`, else under `~/.cache`.
    public static var defaultIndexPath: String {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.cache")
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
    /// Scans `roots` (folders, or single files); paths in the result are absolute.
    /// - Throws: ``LivePhotoError`` when the index cannot be opened or written.
    public static func scan(_ roots: [String], options: ScanOptions = ScanOptions()) async throws(LivePhotoError) -> LibraryScan {
        let absolute = roots.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        // Overlapping roots (a folder and its subfolder, one folder twice) find a file once.
        var seenPaths: Set<String> = []
        let entries = absolute.flatMap { FileWalk.files(under: $0, followLinks: options.followLinks) }.filter {
            absolute.count == 1 || seenPaths.insert($0.path).inserted
        }
        let paths = entries.map(\.path)
        guard let indexPath = options.indexPath else {
            let files = await classify(paths, jobs: options.jobs)
            return LibraryScan(items: rooted(LibraryPairing(files).items, in: absolute), filesFound: files.count, filesRead: files.count)
        }
        do {
            let index = try ScanIndex(path: indexPath)
            var known: [String: (ScanIndex.Stamp, ScannedFile)] = [:]
            for root in absolute {
                let entries = try index.entries(under: root)
                if known.isEmpty { known = entries } else { known.merge(entries) { a, _ in a } }
            }
            // Each file the index knows is taken out of `known` as the walk meets it: what is left was deleted.
            var unchanged: [ScannedFile] = []
            var toRead: [FileWalk.Entry] = []
            for entry in entries {
                if let (old, file) = known.removeValue(forKey: entry.path), old == ScanIndex.Stamp(entry) {
                    unchanged.append(file)
                } else {
                    toRead.append(entry)
                }
            }
            let read = await classify(toRead.map(\.path), jobs: options.jobs)
            try index.update(zip(toRead, read).map { (ScanIndex.Stamp($0), $1) }, removing: Array(known.keys))
            // The walk's order is kept when nothing was read.
            let all = read.isEmpty ? unchanged : (unchanged + read).sorted { $0.path < $1.path }
            return LibraryScan(items: rooted(LibraryPairing(all).items, in: absolute), filesFound: all.count, filesRead: read.count)
        } catch {
            throw .io(path: indexPath, reason: "the scan index: \(error)")
        }
    }

    /// `items` with the root each lies under: the longest of `roots` that holds its first file (a file given as a
    /// root lies under its own folder).
    static func rooted(_ items: [LibraryItem], in roots: [String]) -> [LibraryItem] {
        let folders = roots.map { root -> String in
            var isDirectory: ObjCBool = false
            let folder =
                FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) && !isDirectory.boolValue
                ? URL(fileURLWithPath: root).deletingLastPathComponent().path : root
            return folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        }.sorted { $0.count > $1.count }
        let prefixes = folders.map { ($0, $0 + "/") }
        return items.map { item in
            var item = item
            let first = item.files.first ?? ""
            item.root = prefixes.first { first.hasPrefix($0.1) }?.0
            return item
        }
    }

    /// Reads each file's headers, `jobs` at a time, in the order given.
    static func classify(_ paths: [String], jobs: Int) async -> [ScannedFile] {
        await withTaskGroup(of: (Int, ScannedFile).self) { group in
            var results = [ScannedFile?](repeating: nil, count: paths.count)
            var next = 0
            func add() {
                let index = next
                let path = paths[index]
                group.addTask { (index, ScannedFile(path: path)) }
                next += 1
            }
            while next < min(jobs, paths.count) { add() }
            while let (index, file) = await group.next() {
                results[index] = file
                if next < paths.count { add() }
            }
            return results.compactMap { $0 }
        }
    }
}

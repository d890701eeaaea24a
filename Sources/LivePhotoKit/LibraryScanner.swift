import Foundation

/// What a library scan should do.
public struct ScanOptions: Sendable {
    /// How many files are read at once.
    public var jobs: Int
    /// Follow symbolic links to files and folders (each real folder is still read once).
    public var followLinks: Bool

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, followLinks: Bool = false) {
        self.jobs = max(1, jobs)
        self.followLinks = followLinks
    }
}

/// What a library scan found, item by item, with counts by kind.
public struct LibraryScan: Sendable, Codable, Equatable {
    public var items: [LibraryItem]
    /// How many files were read.
    public var filesRead: Int

    /// How many items there are of each kind.
    public func count(_ kind: LibraryItem.Kind) -> Int { items.filter { $0.kind == kind }.count }
}

/// Finds every Live Photo and Motion Photo in folders, pairing stills and movies by content identifier (across names
/// and folders), and by name only where identifiers are missing. Files are read from their headers alone.
public enum LibraryScanner {
    /// Scans `roots` (folders, or single files).
    public static func scan(_ roots: [String], options: ScanOptions = ScanOptions()) async -> LibraryScan {
        let paths = roots.flatMap { FileWalk.files(under: $0, followLinks: options.followLinks) }
        let files = await classify(paths, jobs: options.jobs)
        return LibraryScan(items: LibraryPairing(files).items, filesRead: files.count)
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

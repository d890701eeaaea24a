internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files under a folder, a folder at a time (each folder's files sorted by name), hidden files and folders left
/// out. Only the folders being read ahead are held at once, so a walk's memory does not grow with the library.
enum FileWalk {
    /// A file found, with what `stat` said of it (the file a link leads to, for a link followed).
    struct Entry: Sendable, Equatable {
        var path: String
        var size: Int64
        /// The modification time in nanoseconds since 1970.
        var modified: Int64
        var inode: UInt64

        init(path: String, _ info: stat) {
            self.path = path
            size = Int64(info.st_size)
            let time = FileDates.modificationTime(in: info)
            // Nanoseconds hold until 2262; a time past it (a bogus date) is kept as the largest value.
            let (seconds, overflow) = Int64(time.tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
            let (total, sumOverflow) = seconds.addingReportingOverflow(Int64(time.tv_nsec))
            modified = overflow || sumOverflow ? .max : total
            inode = UInt64(info.st_ino)
        }
    }

    /// What `root` is: a folder to walk, a single file, or nothing a scan can read.
    enum Root {
        case folder
        case file(Entry)
        case missing
    }

    static func root(_ path: String) -> Root {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file(Entry(path: path, info))
        default: return .missing
        }
    }

    /// One folder's regular files and subfolders, each sorted by path, and the folder's device and inode.
    struct Listing: Sendable {
        var identity: [UInt64]
        var files: [Entry]
        var folders: [String]
    }

    /// Calls `body` with each folder under `root` (itself included) and the regular files directly in it, sorted by
    /// path; folders are visited depth first.
    ///
    /// The folders `body` will see next are read ahead, `readAhead` at once on other threads, while `body` works on
    /// the current one: a rescan's time is half the kernel's (`getdents`, `fstatat`) and half the index's, and the two
    /// overlap. At most `readAhead` listings wait, so memory still does not grow with the library.
    /// - Parameter followLinks: follow links to files and folders; a folder reached twice is read once.
    static func walk(
        under root: String, followLinks: Bool, readAhead: Int = 4,
        _ body: (_ folder: String, _ files: [Entry]) async throws -> Void
    ) async rethrows {
        let root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        // Folders already visited, by device and inode: a link back up the tree is visited once.
        var seen: Set<[UInt64]> = []
        // The folders still to visit, the next on top, each with its read when it has started.
        var pending: [(folder: String, read: Task<Listing?, Never>?)] = [(root, nil)]
        defer { for entry in pending { entry.read?.cancel() } }
        while !pending.isEmpty {
            for position in pending.indices.suffix(max(1, readAhead)) where pending[position].read == nil {
                let folder = pending[position].folder
                pending[position].read = Task.detached { Self.read(folder, followLinks: followLinks) }
            }
            let (folder, read) = pending.removeLast()
            guard let listing = await read?.value, seen.insert(listing.identity).inserted else { continue }
            // Reversed onto the stack: the first subfolder by name is walked next.
            pending.append(contentsOf: listing.folders.reversed().map { ($0, nil) })
            try await body(folder, listing.files)
        }
    }

    /// Reads one folder's names and what `fstatat` says of each; nil when it cannot be opened.
    private static func read(_ folder: String, followLinks: Bool) -> Listing? {
        var folderInfo = stat()
        guard !Task.isCancelled, stat(folder, &folderInfo) == 0 else { return nil }
        // The folder is opened once and each name is looked at relative to it (fstatat): no path walk per file.
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var files: [Entry] = []
        var folders: [String] = []
        let descriptor = dirfd(directory)
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        while let record = readdir(directory) {
            let name = withUnsafeBytes(of: record.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            var mode = info.st_mode & S_IFMT
            if mode == S_IFLNK {
                guard followLinks, fstatat(descriptor, name, &info, 0) == 0 else { continue }
                mode = info.st_mode & S_IFMT
            }
            if mode == S_IFDIR {
                folders.append(prefix + name)
            } else if mode == S_IFREG {
                files.append(Entry(path: prefix + name, info))
            }
        }
        return Listing(
            identity: [UInt64(folderInfo.st_dev), UInt64(folderInfo.st_ino)], files: files.sorted { $0.path < $1.path },
            folders: folders.sorted())
    }

    /// The folder a file lies in (its path up to the last "/").
    static func folder(of path: String) -> String { PathName.folder(of: path) }
}

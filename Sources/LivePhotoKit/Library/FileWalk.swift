import Foundation

/// The files under a folder, a folder at a time (each folder's files sorted by name), hidden files and folders left
/// out. Only one folder's names are held at once, so a walk's memory does not grow with the library.
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

    /// Calls `body` with each folder under `root` (itself included) and the regular files directly in it, sorted by
    /// path; folders are visited depth first.
    /// - Parameter followLinks: follow links to files and folders; a folder reached twice is read once.
    static func walk(
        under root: String, followLinks: Bool, _ body: (_ folder: String, _ files: [Entry]) async throws -> Void
    ) async rethrows {
        let root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        // Folders already read, by device and inode: a link back up the tree is read once.
        var seen: Set<[UInt64]> = []
        var pending = [root]
        while let folder = pending.popLast() {
            var files: [Entry] = []
            var folders: [String] = []
            guard read(folder, followLinks: followLinks, seen: &seen, files: &files, folders: &folders) else { continue }
            // Reversed onto the stack: the first subfolder by name is walked next.
            pending.append(contentsOf: folders.sorted(by: >))
            try await body(folder, files.sorted { $0.path < $1.path })
        }
    }

    /// Reads one folder's names; false when it cannot be opened or was read before.
    private static func read(
        _ folder: String, followLinks: Bool, seen: inout Set<[UInt64]>, files: inout [Entry], folders: inout [String]
    ) -> Bool {
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0, seen.insert([UInt64(folderInfo.st_dev), UInt64(folderInfo.st_ino)]).inserted else {
            return false
        }
        // The folder is opened once and each name is looked at relative to it (fstatat): no path walk per file.
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
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
        return true
    }

    /// The folder a file lies in (its path up to the last "/").
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

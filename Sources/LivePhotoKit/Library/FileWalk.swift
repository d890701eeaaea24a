import Foundation

/// The files under a folder, in a stable order (sorted by path), hidden files and folders left out.
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

    /// Every regular file under `root` (or `root` itself when it is a file).
    /// - Parameter followLinks: follow links to files and folders; a folder reached twice is read once.
    static func files(under root: String, followLinks: Bool) -> [Entry] {
        var rootInfo = stat()
        guard stat(root, &rootInfo) == 0 else { return [] }
        guard rootInfo.st_mode & S_IFMT == S_IFDIR else { return rootInfo.st_mode & S_IFMT == S_IFREG ? [Entry(path: root, rootInfo)] : [] }
        var found: [Entry] = []
        // Folders already read, by device and inode: a link back up the tree is read once.
        var seen: Set<[UInt64]> = []
        var pending = [root]
        while let folder = pending.popLast() {
            var folderInfo = stat()
            guard stat(folder, &folderInfo) == 0, seen.insert([UInt64(folderInfo.st_dev), UInt64(folderInfo.st_ino)]).inserted else {
                continue
            }
            // The folder is opened once and each name is looked at relative to it (fstatat): no path walk per file.
            guard let directory = opendir(folder) else { continue }
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
                    pending.append(prefix + name)
                } else if mode == S_IFREG {
                    found.append(Entry(path: prefix + name, info))
                }
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}

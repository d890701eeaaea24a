#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a repair knows a file by (docs/guide/repair.md#how-files-are-written): the file itself (device and inode, so
/// that two paths to one file are one file) and its state when it was diagnosed (size and modification time, so that
/// a file changed since is not written from what was read before).
struct RepairFileStamp: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var modifiedNanoseconds: Int

    /// The stamp of the file at `path` (links followed); nil when it cannot be read.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let time = FileDates.modificationTime(in: info)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(time.tv_sec)
        modifiedNanoseconds = Int(time.tv_nsec)
    }

    /// True when both stamps are of one file.
    func isSameFile(as other: RepairFileStamp) -> Bool { device == other.device && inode == other.inode }
}

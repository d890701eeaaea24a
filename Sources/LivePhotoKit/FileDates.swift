#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// File modification times, carried from an input to what is made of it: photo libraries sort by the file's
/// time when a file's metadata has none, so an output must not look newer than the capture it came from.
enum FileDates {
    /// The modification time of `path`, to the nanosecond; nil when it cannot be read.
    static func modificationTime(of path: String) -> timespec? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            return info.st_mtimespec
        #else
            return info.st_mtim
        #endif
    }

    /// Gives `path` (a file or a folder) the modification (and access) time `time`, as `touch -r` does.
    /// Best effort: a file system that refuses leaves the output as it is.
    static func setModificationTime(_ time: timespec, of path: String) {
        var times = [time, time]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    /// Gives the open file `descriptor` the modification time `time`.
    static func setModificationTime(_ time: timespec, descriptor: Int32) {
        var times = [time, time]
        _ = futimens(descriptor, &times)
    }

    /// Gives `destination` the modification time of `source`.
    static func copyModificationTime(from source: String, to destination: String) {
        if let time = modificationTime(of: source) { setModificationTime(time, of: destination) }
    }
}

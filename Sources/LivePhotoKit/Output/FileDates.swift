internal import PortableFoundation

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
        return modificationTime(in: info)
    }

    /// The modification time `stat` gave, as each platform names it.
    static func modificationTime(in info: stat) -> timespec {
        #if canImport(Darwin)
            return info.st_mtimespec
        #else
            return info.st_mtim
        #endif
    }

    /// The modification time of `path` as a `Date`; nil when it cannot be read.
    static func modificationDate(of path: String) -> Date? {
        modificationTime(of: path).map { Date(timeIntervalSince1970: Double($0.tv_sec) + Double($0.tv_nsec) / 1e9) }
    }

    /// `UTIME_OMIT` (a C macro Swift does not import): leave that time as it is.
    #if canImport(Darwin)
        private static let omit = -2
    #else
        private static let omit = (1 << 30) - 2
    #endif

    /// The access time kept, the modification time set.
    private static func times(_ modification: timespec) -> [timespec] {
        [timespec(tv_sec: 0, tv_nsec: omit), modification]
    }

    /// Gives `path` (a file or a folder) the modification time `time`; its access time is left alone.
    /// Best effort: a file system that refuses leaves the output as it is.
    static func setModificationTime(_ time: timespec, of path: String) {
        var values = times(time)
        _ = utimensat(AT_FDCWD, path, &values, 0)
    }

    /// Gives the open file `descriptor` the modification time `time`; its access time is left alone.
    static func setModificationTime(_ time: timespec, descriptor: Int32) {
        var values = times(time)
        _ = futimens(descriptor, &values)
    }

    /// Gives `destination` the modification time of `source`.
    static func copyModificationTime(from source: String, to destination: String) {
        if let time = modificationTime(of: source) { setModificationTime(time, of: destination) }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's open-file limit, which bounds how many connections the server may hold: each takes a descriptor, and
/// the server needs some for itself (uploads, results, ffmpeg's pipes).
enum OpenFileLimit {
    /// Descriptors kept for the server's own files, beside its connections.
    static let reserved = 64
    /// macOS refuses a soft limit above OPEN_MAX (10240) even when the hard limit is "unlimited".
    static let darwinCeiling: rlim_t = 10240

    /// Raises the soft limit to the hard one (macOS's default soft limit, 256, is lower than the server's default
    /// connection count); returns the soft limit now in force, or nil when it cannot be read.
    static func raised() -> UInt64? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var wanted = limit
            wanted.rlim_cur = limit.rlim_max
            #if canImport(Darwin)
                wanted.rlim_cur = min(limit.rlim_max, darwinCeiling)
            #endif
            if setrlimit(resource, &wanted) == 0 { limit = wanted }
        }
        return UInt64(limit.rlim_cur)
    }

    /// The connections that fit under `limit` with ``reserved`` descriptors left: `wanted` when they all fit, else
    /// fewer; nil when not even one does.
    static func connections(_ wanted: Int, under limit: UInt64) -> Int? {
        guard limit > UInt64(reserved) else { return nil }
        let room = limit - UInt64(reserved)
        return UInt64(wanted) <= room ? wanted : Int(clamping: room)
    }

    private static var resource: Int32 {
        #if canImport(Darwin)
            RLIMIT_NOFILE
        #else
            Int32(RLIMIT_NOFILE.rawValue)
        #endif
    }
}

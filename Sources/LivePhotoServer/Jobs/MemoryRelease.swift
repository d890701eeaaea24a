import CSystemShims

/// Gives memory freed after a burst of uploads back to the system. glibc keeps what its per-thread arenas freed
/// (the I/O threads that wrote 50 concurrent uploads left the process about 30 MB larger, for good); `malloc_trim`
/// returns it. Elsewhere it does nothing.
enum MemoryRelease {
    static func afterBurst() { _ = lp_malloc_trim() }
}

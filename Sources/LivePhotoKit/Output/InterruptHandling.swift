#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Written only by the signal handler, read by the work: the classic async-signal-safe flag.
nonisolated(unsafe) private var interruptSignals: sig_atomic_t = 0

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP (a closed terminal) for long operations: the first one asks the work to stop at its next
/// checkpoint (every copied chunk, every output placed), which removes what it wrote and throws
/// `LivePhotoError.interrupted`; a second one exits at once.
package enum InterruptHandling {
    /// Installs the handlers. Call once, from a program that runs long operations.
    package static func install() {
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { _ in
                interruptSignals += 1
                if interruptSignals > 1 { _exit(130) }
            }
        }
    }

    /// True once an interrupt has been asked for (or the current task is cancelled).
    package static var requested: Bool { interruptSignals > 0 || Task.isCancelled }
}

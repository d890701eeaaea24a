internal import PortableFoundation
import Synchronization

/// The outputs an operation has moved into place before it finished: a failed or interrupted operation rolls
/// them back, so it leaves nothing (its hidden temporary files remove themselves).
///
/// Creating and placing outputs take one lock and check for an interrupt first, so once an interrupt has
/// been asked for, nothing new is made or placed.
final class PendingOutputs: Sendable {
    static let shared = PendingOutputs()

    /// What is pending, changed only inside ``transaction(_:)``.
    struct Ledger {
        /// Outputs moved into place by operations that have not finished.
        var placed: Set<String> = []
    }

    private let ledger = Mutex(Ledger())

    /// Runs `body` with the ledger, holding the lock; refuses once an interrupt has begun.
    func transaction<T: Sendable>(_ body: (inout Ledger) throws(LivePhotoError) -> T) throws(LivePhotoError) -> T {
        try ledger.withLock { (ledger) throws(LivePhotoError) -> T in
            guard !InterruptHandling.requested else { throw .interrupted }
            return try body(&ledger)
        }
    }

    /// The operation that placed `outputs` has finished: they are the user's now.
    func finish(_ outputs: [String]) {
        ledger.withLock { $0.placed.subtract(outputs) }
    }

    /// The operation that placed `outputs` failed: remove them.
    func rollBack(_ outputs: [String]) {
        ledger.withLock { ledger in
            for path in outputs where ledger.placed.contains(path) {
                try? FileManager.default.removeItem(atPath: path)
                ledger.placed.remove(path)
            }
        }
    }
}

internal import PortableFoundation
import Synchronization

/// At most one run per key at a time: a caller that comes while a run for its key is under way waits for that run
/// instead of starting its own (a hundred requests for the same frame start one ffmpeg). The run is cancelled only
/// when every caller waiting for it has been cancelled, so a job stopped at shutdown stops its preview too, while a
/// preview someone else still waits for goes on.
actor OncePerKey<Key: Hashable & Sendable> {
    private var runs: [Key: SharedRun] = [:]

    /// Runs `make` for `key`, or waits for the run already under way for it.
    /// - Throws: what the run threw (every waiter gets the same error).
    func run(_ key: Key, _ make: @escaping @Sendable () async throws -> Void) async throws {
        let shared: SharedRun
        if let running = runs[key], !running.task.isCancelled {
            shared = running
        } else {
            shared = SharedRun(Task { try await make() })
            runs[key] = shared
        }
        defer { if runs[key] === shared { runs[key] = nil } }
        try await shared.wait()
    }

    /// Runs under way (for tests).
    var count: Int { runs.count }
}

/// One run and the callers waiting for it.
final class SharedRun: Sendable {
    let task: Task<Void, any Error>
    /// Callers waiting that have not been cancelled.
    private let waiting = Mutex(0)

    init(_ task: Task<Void, any Error>) { self.task = task }

    /// Waits for the run to end; when this caller is cancelled and was the last one waiting, the run is cancelled.
    func wait() async throws {
        waiting.withLock { $0 += 1 }
        try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            let last = waiting.withLock { waiting in
                waiting -= 1
                return waiting == 0
            }
            if last { task.cancel() }
        }
    }
}

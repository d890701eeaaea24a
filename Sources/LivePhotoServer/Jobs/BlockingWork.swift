import Dispatch
internal import PortableFoundation

/// Work that holds a thread while the disk answers (walking a folder, copying or reading a file, parsing headers)
/// runs on threads of its own, never on Swift's cooperative pool, which serves every request: that pool has a
/// thread per core (two on a small machine), and one of them copying a gigabyte would stall half the server.
enum BlockingWork {
    /// A concurrent queue: libdispatch adds threads while others are blocked.
    static let queue: DispatchQueue = {
        let queue = DispatchQueue(label: "livephoto.serve.blocking", qos: .userInitiated, attributes: .concurrent)
        queue.setSpecific(key: marker, value: ())
        return queue
    }()
    private static let marker = DispatchSpecificKey<Void>()

    /// True on the queue's threads (for tests and checks).
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: marker) != nil }

    /// Runs `body` on the queue and returns its result.
    @discardableResult
    static func perform<T: Sendable, Failure: Error>(_ body: @escaping @Sendable () throws(Failure) -> T) async throws(Failure) -> T {
        let result: Result<T, Failure> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Result(catching: body)) }
        }
        return try result.get()
    }

    /// Runs `body` with the queue as its task executor: the nonisolated functions it calls and the child tasks it
    /// starts run on the queue's threads between their awaits (a job's copies and parses, for instance); `body`
    /// itself keeps the caller's isolation.
    @discardableResult
    static func run<T: Sendable>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws -> T {
        if #available(macOS 15, *) {
            return try await withTaskExecutorPreference(DispatchTaskExecutor.shared, isolation: isolation) { try await body() }
        }
        return try await body()
    }
}

/// A task executor that runs each job on ``BlockingWork/queue``.
@available(macOS 15, *)
final class DispatchTaskExecutor: TaskExecutor {
    static let shared = DispatchTaskExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        BlockingWork.queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

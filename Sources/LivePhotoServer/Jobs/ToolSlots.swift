/// At most `limit` external tool runs (ffmpeg, heif-convert) at once for requests outside the job queue (frames
/// for the cover scrubber, gallery previews); the others wait in order. A hundred frame requests then start no
/// more than `limit` ffmpeg processes.
actor ToolSlots {
    let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// The most runs seen at once (for tests).
    private(set) var peak = 0

    init(limit: Int) { self.limit = max(1, limit) }

    /// Runs `body` when a slot is free.
    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        if running < limit {
            running += 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        peak = max(peak, running)
    }

    private func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

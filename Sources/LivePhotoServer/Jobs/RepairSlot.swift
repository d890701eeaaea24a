import Synchronization

/// The one gallery repair a server runs at a time. The repair itself runs as a job of the ``JobQueue`` (it takes a
/// job slot like any other); this slot keeps a second one from starting while it is queued or running, and keeps
/// the report of the last one until its request takes it.
final class RepairSlot: Sendable {
    private struct State {
        var busy = false
        var reports: [String: GalleryRepairReport] = [:]
    }

    private let state = Mutex(State())

    /// Takes the slot for a new repair; false when one is queued or running.
    func reserve() -> Bool {
        state.withLock { state in
            guard !state.busy else { return false }
            state.busy = true
            return true
        }
    }

    /// Frees the slot (the repair ended, or never started).
    func release() { state.withLock { $0.busy = false } }

    /// Whether a repair is queued or running.
    var isBusy: Bool { state.withLock { $0.busy } }

    /// Keeps the report of job `id` for its request.
    func finish(_ id: String, _ report: GalleryRepairReport) { state.withLock { $0.reports[id] = report } }

    /// The report of job `id`, handed over once.
    func takeReport(_ id: String) -> GalleryRepairReport? { state.withLock { $0.reports.removeValue(forKey: id) } }
}

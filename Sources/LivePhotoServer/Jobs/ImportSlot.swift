import LivePhotoKit
import Synchronization

/// The one Takeout import a server runs at a time, and what the Import view follows of the latest: its job's id, its
/// progress and, at its end, its summary. The import itself runs as a job of the ``JobQueue`` (it takes a job slot
/// like any other); this slot only keeps a second one from starting while it is queued or running.
final class ImportSlot: Sendable {
    private struct State {
        var busy = false
        var id: String?
        var progress: ImportProgress?
        var summary: ImportSummary?
        /// The last (stage, fraction in thousandths) handed to the job queue.
        var forwarded: (LibraryImport.Progress.Stage?, Int) = (nil, -1)
    }

    private let state = Mutex(State())

    /// Takes the slot for a new import; false when one is queued or running.
    func reserve() -> Bool {
        state.withLock { state in
            guard !state.busy else { return false }
            state = State(busy: true)
            return true
        }
    }

    /// Names the job the reserved import runs as.
    func started(_ id: String) { state.withLock { $0.id = id } }

    /// Frees the slot (the import ended, or never started).
    func release() { state.withLock { $0.busy = false } }

    /// Whether an import is reserved, queued or running.
    var isBusy: Bool { state.withLock { $0.busy } }

    /// The import under way (queued or running), if any.
    var current: String? { state.withLock { $0.busy ? $0.id : nil } }

    /// Keeps `progress`; true when its stage or its fraction (to a thousandth) changed since the last time this
    /// said so, that is, when the job queue should hear of it (the run reports thousands of times).
    func update(_ progress: ImportProgress) -> Bool {
        state.withLock { state in
            state.progress = progress
            let now = (progress.stage, Int(progress.fraction * 1000))
            guard now.0 != state.forwarded.0 || now.1 != state.forwarded.1 else { return false }
            state.forwarded = now
            return true
        }
    }

    func finish(_ summary: ImportSummary) { state.withLock { $0.summary = summary } }

    /// The progress and summary of import `id`, when it is the latest.
    func record(_ id: String) -> (progress: ImportProgress?, summary: ImportSummary?)? {
        state.withLock { state in state.id == id ? (state.progress, state.summary) : nil }
    }
}

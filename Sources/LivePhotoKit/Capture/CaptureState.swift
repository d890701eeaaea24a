import LivePhotoMedia
internal import PortableFoundation
import Synchronization

/// What the shutter, the recorder and the capture loop share: presses waiting for their post-roll, and who has
/// asked to stop. Every access holds the lock.
final class CaptureState: @unchecked Sendable {
    struct Snapshot {
        var stopping: Bool
        var recorderEnded: Bool
        var shutterFinished: Bool
        var recorderFailure: MediaToolError?
    }

    /// What the lock guards.
    private struct State {
        /// Presses "now", by the moment they came, until the loop maps them to the stream's time.
        var pressMoments: [Date] = []
        /// Presses in the stream's seconds, in order.
        var presses: [Double] = []
        var stopRequested = false
        var recordingStopped = false
        var finished = false
        var ended = false
        var failure: MediaToolError?
        /// Presses every `interval` seconds: the next one's number, and how many are left (nil: no end).
        var periodic: (interval: Double, next: Int, remaining: Int?)?
    }

    private let state = Mutex(State())
    /// How far ahead of the stream periodic presses are queued (so their pre-roll is kept).
    var lookahead = 5.0

    func receive(_ event: LivePhotoCapture.ShutterEvent) {
        state.withLock { s in
            switch event {
            case .press: s.pressMoments.append(Date())
            case .pressAt(let seconds): s.presses.append(max(0, seconds))
            case .every(let seconds, let count): s.periodic = (max(0.001, seconds), 1, count.map { max(0, $0) })
            case .stop: s.stopRequested = true
            }
        }
    }

    func shutterFinished() { state.withLock { s in s.finished = true } }
    func recorderEnded() { state.withLock { s in s.ended = true } }
    func recorderFailed(_ error: MediaToolError) { state.withLock { s in s.failure = error } }

    /// Polled by the recorder: true once it should stop.
    var stopRecording: Bool { state.withLock { s in s.recordingStopped } }

    /// Stops the recorder (the presses waiting are then written with what was recorded).
    func stop() {
        state.withLock { s in
            s.stopRequested = true
            s.recordingStopped = true
        }
    }

    /// Maps presses "now" to the stream's time with `streamTime`, and says where things stand.
    func take(_ streamTime: (Date) -> Double) -> Snapshot {
        state.withLock { s in
            if !s.pressMoments.isEmpty {
                s.presses += s.pressMoments.map(streamTime)
                s.pressMoments.removeAll()
            }
            if var due = s.periodic {
                let horizon = streamTime(Date()) + lookahead
                while due.remaining != 0, Double(due.next) * due.interval <= horizon {
                    s.presses.append(Double(due.next) * due.interval)
                    due.next += 1
                    due.remaining = due.remaining.map { $0 - 1 }
                }
                s.periodic = due
            }
            s.presses.sort()
            if s.stopRequested { s.recordingStopped = true }
            return Snapshot(stopping: s.stopRequested, recorderEnded: s.ended, shutterFinished: s.finished, recorderFailure: s.failure)
        }
    }

    /// The presses waiting, earliest first.
    var pendingPresses: [Double] { state.withLock { s in s.presses } }

    /// True while a press waits or periodic presses are still to come.
    var expectsPresses: Bool { state.withLock { s in !s.presses.isEmpty || (s.periodic.map { $0.remaining != 0 } ?? false) } }

    func removeFirstPress() {
        state.withLock { s in
            if !s.presses.isEmpty { s.presses.removeFirst() }
        }
    }
}

import Foundation
import LivePhotoMedia

/// What the shutter, the recorder and the capture loop share: presses waiting for their post-roll, and who has
/// asked to stop. Every access holds the lock.
final class CaptureState: @unchecked Sendable {
    struct Snapshot {
        var stopping: Bool
        var recorderEnded: Bool
        var shutterFinished: Bool
        var recorderFailure: MediaToolError?
    }

    private let lock = NSLock()
    /// Presses "now", by the moment they came, until the loop maps them to the stream's time.
    private var pressMoments: [Date] = []
    /// Presses in the stream's seconds, in order.
    private var presses: [Double] = []
    private var stopRequested = false
    private var recordingStopped = false
    private var finished = false
    private var ended = false
    private var failure: MediaToolError?
    /// Presses every `interval` seconds: the next one's number, and how many are left (nil: no end).
    private var periodic: (interval: Double, next: Int, remaining: Int?)?
    /// How far ahead of the stream periodic presses are queued (so their pre-roll is kept).
    var lookahead = 5.0

    func receive(_ event: ShutterEvent) {
        lock.withLock {
            switch event {
            case .press: pressMoments.append(Date())
            case .pressAt(let seconds): presses.append(max(0, seconds))
            case .every(let seconds, let count): periodic = (max(0.001, seconds), 1, count.map { max(0, $0) })
            case .stop: stopRequested = true
            }
        }
    }

    func shutterFinished() { lock.withLock { finished = true } }
    func recorderEnded() { lock.withLock { ended = true } }
    func recorderFailed(_ error: MediaToolError) { lock.withLock { failure = error } }

    /// Polled by the recorder: true once it should stop.
    var stopRecording: Bool { lock.withLock { recordingStopped } }

    /// Stops the recorder (the presses waiting are then written with what was recorded).
    func stop() {
        lock.withLock {
            stopRequested = true
            recordingStopped = true
        }
    }

    /// Maps presses "now" to the stream's time with `streamTime`, and says where things stand.
    func take(_ streamTime: (Date) -> Double) -> Snapshot {
        lock.withLock {
            if !pressMoments.isEmpty {
                presses += pressMoments.map(streamTime)
                pressMoments.removeAll()
            }
            if var due = periodic {
                let horizon = streamTime(Date()) + lookahead
                while due.remaining != 0, Double(due.next) * due.interval <= horizon {
                    presses.append(Double(due.next) * due.interval)
                    due.next += 1
                    due.remaining = due.remaining.map { $0 - 1 }
                }
                periodic = due
            }
            presses.sort()
            if stopRequested { recordingStopped = true }
            return Snapshot(stopping: stopRequested, recorderEnded: ended, shutterFinished: finished, recorderFailure: failure)
        }
    }

    /// The presses waiting, earliest first.
    var pendingPresses: [Double] { lock.withLock { presses } }

    /// True while a press waits or periodic presses are still to come.
    var expectsPresses: Bool { lock.withLock { !presses.isEmpty || (periodic.map { $0.remaining != 0 } ?? false) } }

    func removeFirstPress() {
        lock.withLock {
            if !presses.isEmpty { presses.removeFirst() }
        }
    }
}

import LivePhotoKit
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A batch's progress on a terminal's standard error: items and bytes done, the rate, the time left, the failures
/// so far. Lines printed above it (a failed item) keep the bar at the bottom. Shown only on a terminal.
final class BatchProgressBar {
    private let label: String
    private let enabled: Bool
    private let started = Date()
    private var last: LibraryBatch.Progress?
    private var lastDrawn = Date.distantPast

    init(label: String, enabled: Bool) {
        self.label = label
        self.enabled = enabled && isatty(STDERR_FILENO) != 0
    }

    func show(_ progress: LibraryBatch.Progress) {
        last = progress
        // At most ten times a second, and always the last item.
        guard enabled, Date().timeIntervalSince(lastDrawn) >= 0.1 || progress.finishedItems == progress.totalItems else { return }
        lastDrawn = Date()
        StandardStreams.error("\r" + Self.line(label: label, progress, elapsed: Date().timeIntervalSince(started)) + "\u{1B}[K")
    }

    /// Prints `text` on a line of its own above the bar (on standard error when there is a bar, else as it is).
    func above(_ text: String) {
        if enabled {
            StandardStreams.error("\r\u{1B}[K\(text)\n")
            if let last { show(last) }
        } else {
            StandardStreams.error("\(text)\n")
        }
    }

    func finish() {
        if enabled { StandardStreams.error("\r\u{1B}[K") }
    }

    /// `convert ████░░░░ 120/3000 items  1.2 GB/40.0 GB  85.0 MB/s  7:32 left  2 failed`.
    static func line(label: String, _ p: LibraryBatch.Progress, elapsed: Double) -> String {
        let width = 20
        let fraction =
            p.totalBytes > 0 ? Double(p.finishedBytes) / Double(p.totalBytes) : Double(p.finishedItems) / Double(max(1, p.totalItems))
        let filled = min(width, Int(fraction * Double(width)))
        var text = "\(label) " + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        text += " \(p.finishedItems)/\(p.totalItems) items  \(ProgressBar.size(p.finishedBytes))/\(ProgressBar.size(p.totalBytes))"
        if elapsed >= 1, p.finishedBytes > 0 {
            let rate = Double(p.finishedBytes) / elapsed
            text += "  \(ProgressBar.size(Int64(rate)))/s"
            let left = Double(p.totalBytes - p.finishedBytes) / rate
            if left.isFinite { text += "  \(duration(left)) left" }
        }
        if p.failedItems > 0 { text += "  \(p.failedItems) failed" }
        return text
    }

    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? String(cFormat: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(cFormat: "%d:%02d", s / 60, s % 60)
    }
}

import LivePhotoKit
internal import PortableFoundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shows progress on standard error: a one-line bar on a terminal, or, with `--json`, one JSON object per line
/// (`{"type":"progress","phase":"copy","fraction":0.42}`) so that standard output stays the result alone.
final class ProgressBar: Sendable {
    enum Style { case none, bar, jsonLines }

    private let style: Style
    private let label: String
    /// Whether a bar is on the terminal, and the phase and percent last written as JSON.
    private let drawn = Mutex((shown: false, lastLine: ""))

    init(json: Bool, label: String) {
        style = json ? .jsonLines : (isatty(STDERR_FILENO) != 0 ? .bar : .none)
        self.label = label
    }

    var handler: ProgressHandler? {
        guard style != .none else { return nil }
        return { [self] p in draw(p) }
    }

    private func draw(_ p: OperationProgress) {
        let percent = Int(p.fraction * 100)
        switch style {
        case .none: return
        case .jsonLines:
            let line = "{\"type\":\"progress\",\"phase\":\"\(p.phase.label)\",\"fraction\":\(String(cFormat: "%.3f", p.fraction))}\n"
            drawn.withLock { drawn in
                // One line per whole percent and phase is plenty for a reader.
                let key = "\(p.phase.label) \(percent)"
                guard key != drawn.lastLine else { return }
                drawn.lastLine = key
                StandardStreams.error(line)
            }
        case .bar:
            let width = 30
            let filled = Int(p.fraction * Double(width))
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let amount = p.phase == .copy ? "  \(Self.size(p.completedBytes)) / \(Self.size(p.totalBytes))" : ""
            let name = p.phase.label.column(11)
            let line = "\r\(label) \(name) \(bar) \(String(cFormat: "%3d", percent))%\(amount)\u{1B}[K"
            drawn.withLock { drawn in
                drawn.shown = true
                StandardStreams.error(line)
            }
        }
    }

    func finish() {
        drawn.withLock { drawn in
            if drawn.shown { StandardStreams.error("\r\u{1B}[K") }
            drawn.shown = false
        }
    }

    static func size(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var v = Double(bytes)
        var i = 0
        while v >= 1000, i < units.count - 1 {
            v /= 1000
            i += 1
        }
        return i == 0 ? "\(bytes) B" : String(cFormat: "%.1f ", v) + units[i]
    }
}

extension ProgressBar {
    /// Runs `work` with progress shown (a bar, or JSON lines with `json`), clearing it afterwards; an error is
    /// printed and comes back as the exit code it means.
    static func running<T>(label: String, json: Bool, _ work: (ProgressHandler?) async throws -> T) async throws -> T {
        let bar = ProgressBar(json: json, label: label)
        do {
            let result = try await work(bar.handler)
            bar.finish()
            return result
        } catch {
            bar.finish()
            throw Failure.report(error, json: json)
        }
    }
}

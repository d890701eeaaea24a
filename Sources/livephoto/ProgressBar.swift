import Foundation
import LivePhotoKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shows progress on standard error: a one-line bar on a terminal, or, with `--json`, one JSON object per line
/// (`{"type":"progress","phase":"copy","fraction":0.42}`) so that standard output stays the result alone.
final class ProgressBar: @unchecked Sendable {
    enum Style { case none, bar, jsonLines }

    private let style: Style
    private let label: String
    private let lock = NSLock()
    private var shown = false
    private var lastLine = ""

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
            let line = String(format: "{\"type\":\"progress\",\"phase\":\"%@\",\"fraction\":%.3f}\n", p.phase.label, p.fraction)
            lock.withLock {
                // One line per whole percent and phase is plenty for a reader.
                let key = "\(p.phase.label) \(percent)"
                guard key != lastLine else { return }
                lastLine = key
                FileHandle.standardError.write(Data(line.utf8))
            }
        case .bar:
            let width = 30
            let filled = Int(p.fraction * Double(width))
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let amount = p.phase == .copy ? "  \(Self.size(p.completedBytes)) / \(Self.size(p.totalBytes))" : ""
            let name = p.phase.label.padding(toLength: 11, withPad: " ", startingAt: 0)
            let line = String(format: "\r%@ %@ %@ %3d%%%@\u{1B}[K", label, name, bar, percent, amount)
            lock.withLock {
                shown = true
                FileHandle.standardError.write(Data(line.utf8))
            }
        }
    }

    func finish() {
        lock.withLock {
            if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            shown = false
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
        return i == 0 ? "\(bytes) B" : String(format: "%.1f %@", v, units[i])
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

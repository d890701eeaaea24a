import Foundation
import LivePhotoKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress bar on standard error, shown only when standard error is a terminal.
final class ProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private let label: String
    private let lock = NSLock()
    private var shown = false

    init(enabled: Bool, label: String) {
        self.enabled = enabled && isatty(STDERR_FILENO) != 0
        self.label = label
    }

    var handler: ProgressHandler? {
        guard enabled else { return nil }
        return { [self] p in draw(p) }
    }

    private func draw(_ p: OperationProgress) {
        let width = 30
        let filled = Int(p.fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let amount = p.phase == "copy" ? "  \(Self.size(p.completedBytes)) / \(Self.size(p.totalBytes))" : ""
        let name = p.phase.padding(toLength: 11, withPad: " ", startingAt: 0)
        let line = String(format: "\r%@ %@ %@ %3d%%%@\u{1B}[K", label, name, bar, Int(p.fraction * 100), amount)
        lock.withLock {
            shown = true
            FileHandle.standardError.write(Data(line.utf8))
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

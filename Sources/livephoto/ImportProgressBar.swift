import LivePhotoKit
internal import PortableFoundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An import's progress on standard error: on a terminal, one line (`copying ███░░ part 2/4  1,204 files  3.1 GB
/// / 9.8 GB`), at most ten times a second; with `--json`, a JSON line a second.
final class ImportProgressBar: Sendable {
    private let style: ProgressBar.Style
    private let state = Mutex((shown: false, last: Date.distantPast))

    init(json: Bool) {
        style = json ? .jsonLines : (isatty(STDERR_FILENO) != 0 ? .bar : .none)
    }

    func show(_ p: LibraryImport.Progress) {
        guard style != .none else { return }
        let interval = style == .bar ? 0.1 : 1
        let due = state.withLock { state -> Bool in
            let now = Date()
            let final = p.stage == .writing && p.completedFiles == p.totalFiles
            guard final || now.timeIntervalSince(state.last) >= interval else { return false }
            state.last = now
            state.shown = style == .bar
            return true
        }
        guard due else { return }
        StandardStreams.error(style == .bar ? "\r\(Self.line(p))\u{1B}[K" : Self.jsonLine(p))
    }

    func finish() {
        state.withLock { state in
            if state.shown { StandardStreams.error("\r\u{1B}[K") }
            state.shown = false
        }
    }

    static func line(_ p: LibraryImport.Progress) -> String {
        let width = 20
        let fraction: Double
        var text = "import \(p.stage.rawValue.column(8)) "
        switch p.stage {
        case .reading, .copying:
            fraction = p.totalBytes > 0 ? Double(p.completedBytes) / Double(p.totalBytes) : 0
        case .writing:
            fraction = p.totalFiles > 0 ? Double(p.completedFiles) / Double(p.totalFiles) : 1
        }
        let filled = min(width, max(0, Int(fraction * Double(width))))
        text += String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        switch p.stage {
        case .reading, .copying:
            text += "  parts \(p.completedParts)/\(p.totalParts)  \(p.completedFiles) files  \(ProgressBar.size(p.completedBytes))"
            if p.totalBytes > 0 { text += " / \(ProgressBar.size(p.totalBytes))" }
        case .writing:
            text += "  \(p.completedFiles)/\(p.totalFiles) items"
        }
        return text
    }

    static func jsonLine(_ p: LibraryImport.Progress) -> String {
        "{\"type\":\"progress\",\"stage\":\"\(p.stage.rawValue)\",\"files\":\(p.completedFiles),\"totalFiles\":\(p.totalFiles),"
            + "\"bytes\":\(p.completedBytes),\"totalBytes\":\(p.totalBytes),\"parts\":\(p.completedParts),\"totalParts\":\(p.totalParts)}\n"
    }
}

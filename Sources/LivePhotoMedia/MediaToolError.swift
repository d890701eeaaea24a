/// Why a step run through an external tool (ffmpeg, ffprobe, heif-enc or heif-convert) failed.
public enum MediaToolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The tool is not installed (or not at the path given).
    case missing(tool: String, hint: String)
    /// The tool ran and failed; `message` is the end of what it printed.
    case failed(tool: String, file: String, message: String)
    /// The tool's output could not be understood.
    case unreadableOutput(tool: String, file: String, reason: String)
    /// Stopped on request (Ctrl-C, task cancelled).
    case stopped

    public var description: String {
        switch self {
        case .missing(let tool, let hint): return "\(tool) is needed for this and was not found. \(hint)"
        case .failed(let tool, let file, let message): return "\(file): \(tool) failed: \(message)"
        case .unreadableOutput(let tool, let file, let reason): return "\(file): cannot read what \(tool) printed: \(reason)"
        case .stopped: return "stopped"
        }
    }
}

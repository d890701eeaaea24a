/// How far a step of a long operation has got: bytes for copies, thousandths for ffmpeg steps.
public struct OperationProgress: Sendable, Equatable {
    public var completedBytes: Int64
    public var totalBytes: Int64
    /// The step under way.
    public var phase: Phase

    /// A step of a long operation.
    public enum Phase: Sendable, Equatable {
        /// Copying media data (lossless): bytes are counted.
        case copy
        /// ffmpeg rewrapping a video in another container without re-encoding.
        case remux
        /// ffmpeg re-encoding a video.
        case transcode
        /// Cutting a video at its keyframes, without re-encoding.
        case trim
        /// Cutting a video and re-encoding it.
        case trimAndEncode
        /// Taking the cover frame out of a video.
        case coverFrame
        /// Encoding the still as HEIC.
        case heic
        /// Writing an export (GIF, MP4, animated WebP).
        case export(ExportFormat)

        /// A short name for people and for JSON progress lines: "copy", "cover frame", "gif"…
        public var label: String {
            switch self {
            case .copy: return "copy"
            case .remux: return "remux"
            case .transcode: return "transcode"
            case .trim: return "trim"
            case .trimAndEncode: return "trim+encode"
            case .coverFrame: return "cover frame"
            case .heic: return "heic"
            case .export(let format): return format.rawValue
            }
        }
    }

    public init(completedBytes: Int64, totalBytes: Int64, phase: Phase = .copy) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
        self.phase = phase
    }

    /// A step measured as a fraction (0...1).
    public init(fraction: Double, phase: Phase) {
        self.init(completedBytes: Int64((min(1, max(0, fraction)) * 1000).rounded()), totalBytes: 1000, phase: phase)
    }

    /// 0...1.
    public var fraction: Double { totalBytes > 0 ? min(1, Double(completedBytes) / Double(totalBytes)) : 1 }
}

/// Receives progress; called often, from the thread doing the work.
public typealias ProgressHandler = @Sendable (OperationProgress) -> Void

/// Adds up bytes and reports at most every 1% (and at the end).
final class ProgressCounter {
    private let total: Int64
    private let handler: ProgressHandler?
    private var done: Int64 = 0
    private var lastReported: Int64 = -1

    init(total: Int64, handler: ProgressHandler?) {
        self.total = total
        self.handler = handler
    }

    func add(_ bytes: Int64) {
        done += bytes
        guard let handler else { return }
        let step = max(1, total / 100)
        if done - lastReported >= step || done >= total {
            lastReported = done
            handler(OperationProgress(completedBytes: min(done, total), totalBytes: total))
        }
    }
}

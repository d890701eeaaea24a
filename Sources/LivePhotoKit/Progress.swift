/// How far a step of a long operation has got: bytes for copies, thousandths for ffmpeg steps.
public struct OperationProgress: Sendable, Equatable {
    public var completedBytes: Int64
    public var totalBytes: Int64
    /// The step under way.
    public var phase: Phase

    /// A step of a long operation; its raw value is its short name for people and for JSON progress lines.
    public enum Phase: String, Sendable, Equatable {
        /// Copying media data (lossless): bytes are counted.
        case copy
        /// ffmpeg rewrapping a video in another container without re-encoding; `transcode` re-encodes it.
        case remux, transcode
        /// Cutting a video at its keyframes without re-encoding; `trimAndEncode` re-encodes it.
        case trim, trimAndEncode = "trim+encode"
        /// Taking the cover frame out of a video; encoding the still as HEIC.
        case coverFrame = "cover frame", heic
        /// Writing an export; averaging every frame into a Long Exposure.
        case gif, mp4, webp
        case longExposure = "long exposure"

        /// The step that writes an export in `format`.
        static func export(_ format: ExportFormat) -> Phase {
            switch format {
            case .gif: .gif
            case .mp4: .mp4
            case .webp: .webp
            }
        }

        /// The short name: "copy", "cover frame", "gif"…
        public var label: String { rawValue }
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

/// Formats a Live Photo's movie can be shared as.
public enum ExportFormat: String, Sendable, Codable, CaseIterable {
    /// A looping GIF with a palette made for the clip.
    case gif
    /// H.264 and AAC in an MP4 that starts playing before it is fully downloaded.
    case mp4
    /// A looping animated WebP.
    case webp

    public var fileExtension: String { rawValue }
}

extension FFmpeg {
    /// Writes `movie` as `format`.
    ///
    /// - Parameters:
    ///   - width: scale to this width (height follows, kept even); nil keeps the size.
    ///   - fps: frame rate for GIF and WebP (nil: 15 for GIF, the video's for WebP); for MP4, nil keeps the timing.
    ///   - loop: how many times GIF and WebP repeat; 0 forever.
    ///   - copyVideo: for MP4, copy the H.264 stream instead of encoding (the caller checked it is H.264 and
    ///     no scaling or rate change is asked).
    ///   - copyAudio: for MP4, copy the audio (the caller checked it is AAC).
    public func export(
        _ movie: String, to output: String, format: ExportFormat, width: Int?, fps: Double?, loop: Int, duration: Double?,
        copyVideo: Bool, copyAudio: Bool, progress: (@Sendable (Double) -> Void)? = nil,
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) async throws(MediaToolError) {
        var filters: [String] = []
        let rate = fps ?? (format == .gif ? 15 : nil)
        if let rate { filters.append("fps=\(rate)") }
        if let width { filters.append("scale=\(width):-2:flags=lanczos") }
        var arguments = ["-i", movie]
        switch format {
        case .gif:
            let base = filters.isEmpty ? "" : filters.joined(separator: ",") + ","
            arguments += [
                "-map", "0:v:0", "-filter_complex",
                "[0:v:0]\(base)split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a",
                "-loop", String(loop), "-f", "gif", output,
            ]
        case .webp:
            arguments += ["-map", "0:v:0"]
            if !filters.isEmpty { arguments += ["-vf", filters.joined(separator: ",")] }
            arguments += ["-c:v", "libwebp_anim", "-quality", "80", "-loop", String(loop), "-an", "-f", "webp", output]
        case .mp4:
            arguments += ["-map", "0:v:0", "-map", "0:a:0?"]
            if copyVideo {
                arguments += ["-c:v", "copy"]
            } else {
                filters.append("scale=trunc(iw/2)*2:trunc(ih/2)*2")
                arguments += [
                    "-vf", filters.joined(separator: ","), "-c:v", "libx264", "-preset", "medium", "-crf", "20", "-pix_fmt", "yuv420p",
                    "-profile:v", "high",
                ]
            }
            arguments += copyAudio ? ["-c:a", "copy"] : ["-c:a", "aac", "-b:a", "128k"]
            arguments += ["-movflags", "+faststart", "-f", "mp4", output]
        }
        try await run(arguments, file: movie, duration: duration, progress: progress, shouldStop: shouldStop)
    }
}

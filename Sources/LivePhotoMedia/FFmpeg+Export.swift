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
    ///   - effect: Loop or Bounce, made from the video (no sound: iOS plays both silent), with the video's `frameCount`.
    public func export(
        _ movie: String, to output: String, format: ExportFormat, width: Int?, fps: Double?, loop: Int, duration: Double?,
        copyVideo: Bool, copyAudio: Bool, effect: VideoEffect? = nil, frameCount: Int = 0, progress: (@Sendable (Double) -> Void)? = nil,
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) async throws(MediaToolError) {
        var filters: [String] = []
        let rate = fps ?? (format == .gif ? 15 : nil)
        if let rate { filters.append("fps=\(rate)") }
        if let width { filters.append("scale=\(width):-2:flags=lanczos") }
        var arguments = ["-i", movie]
        // The stream the format's filters start from: the video, or the effect made of it.
        let source = effect == nil ? "[0:v:0]" : "[fx]"
        let effectGraph = effect.map { $0.graph(duration: duration ?? 0, frameCount: frameCount) + ";" } ?? ""
        switch format {
        case .gif:
            let base = filters.isEmpty ? "" : filters.joined(separator: ",") + ","
            if effect == nil { arguments += ["-map", "0:v:0"] }
            arguments += [
                "-filter_complex",
                "\(effectGraph)\(source)\(base)split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a",
                "-loop", String(loop), "-f", "gif", output,
            ]
        case .webp:
            if effect != nil {
                arguments += [
                    "-filter_complex", "\(effectGraph)\(source)\(filters.isEmpty ? "null" : filters.joined(separator: ","))[out]", "-map",
                    "[out]",
                ]
            } else {
                arguments += ["-map", "0:v:0"]
                if !filters.isEmpty { arguments += ["-vf", filters.joined(separator: ",")] }
            }
            arguments += ["-c:v", "libwebp_anim", "-quality", "80", "-loop", String(loop), "-an", "-f", "webp", output]
        case .mp4:
            let encode = [
                "-c:v", "libx264", "-preset", "medium", "-crf", "20", "-pix_fmt", "yuv420p", "-profile:v", "high",
            ]
            if effect != nil {
                filters.append("scale=trunc(iw/2)*2:trunc(ih/2)*2")
                arguments += ["-filter_complex", "\(effectGraph)\(source)\(filters.joined(separator: ","))[out]", "-map", "[out]"]
                arguments += encode + ["-an"]
            } else {
                arguments += ["-map", "0:v:0", "-map", "0:a:0?"]
                if copyVideo {
                    arguments += ["-c:v", "copy"]
                } else {
                    filters.append("scale=trunc(iw/2)*2:trunc(ih/2)*2")
                    arguments += ["-vf", filters.joined(separator: ",")] + encode
                }
                arguments += copyAudio ? ["-c:a", "copy"] : ["-c:a", "aac", "-b:a", "128k"]
            }
            arguments += ["-movflags", "+faststart", "-f", "mp4", output]
        }
        // Bounce plays the clip twice over (forward, back): its progress counts against that length.
        let length = effect == .bounce ? duration.map { $0 * 2 } : duration
        try await run(arguments, file: movie, duration: length, progress: progress, shouldStop: shouldStop)
    }
}

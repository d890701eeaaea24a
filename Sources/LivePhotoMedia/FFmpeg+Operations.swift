internal import PortableFoundation

/// The video codecs a Live Photo movie can carry.
public enum VideoCodec: String, Sendable, Codable, CaseIterable {
    case h264
    case hevc
}

extension FFmpeg {
    /// ffmpeg's JPEG quality scale (2 best … 31 worst) for a 1…100 quality.
    static func jpegQScale(_ quality: Int) -> String {
        let q = min(100, max(1, quality))
        return String(Int((2 + Double(100 - q) * 29 / 99).rounded()))
    }

    /// Writes the video frame shown at `seconds` as a JPEG, full size and turned the way players show it.
    ///
    /// - Parameters:
    ///   - seekSeconds: where to seek: the first frame at or after this time is taken. Pass a time between the
    ///     wanted frame and the one before it, so rounding cannot pick a neighbour.
    public func extractFrame(
        from video: String, seekSeconds: Double, to output: String, quality: Int, shouldStop: @escaping @Sendable () -> Bool = { false }
    ) async throws(MediaToolError) {
        try await run(
            [
                "-ss", String(cFormat: "%.6f", max(0, seekSeconds)), "-i", video, "-map", "0:v:0", "-frames:v", "1", "-q:v",
                Self.jpegQScale(quality),
                "-f", "image2", "-c:v", "mjpeg", output,
            ],
            file: video, duration: nil, shouldStop: shouldStop)
    }

    /// Converts any image ffmpeg reads (PNG, WebP, TIFF, BMP, AVIF, GIF's first frame…) to a JPEG. Transparent
    /// pixels are laid on white, as photo viewers show them.
    public func convertToJPEG(_ input: String, to output: String, quality: Int) async throws(MediaToolError) {
        try await run(
            [
                "-i", input, "-filter_complex",
                "[0:v:0]format=rgba,split[fg][size];[size]drawbox=c=white:t=fill[bg];[bg][fg]overlay=format=auto,format=yuvj444p[out]",
                "-map", "[out]", "-frames:v", "1", "-q:v", Self.jpegQScale(quality), "-f", "image2", "-c:v", "mjpeg", output,
            ],
            file: input, duration: nil)
    }

    /// How ``normalizeVideo(_:to:info:codec:progress:shouldStop:)`` changed a video.
    public enum Normalization: String, Sendable, Codable {
        /// The video stream was copied into a QuickTime movie (the codec already fit).
        case remuxed
        /// The video was encoded anew.
        case transcoded
    }

    /// Makes a QuickTime movie with H.264 or HEVC video (and AAC audio, when there is audio) from any video
    /// ffmpeg reads: copying the video stream when its codec already fits, encoding it otherwise.
    ///
    /// - Parameter codec: the codec to encode to when encoding is needed.
    /// - Returns: what was done.
    public func normalizeVideo(
        _ input: String, to output: String, info: MediaInfo, codec: VideoCodec, progress: (@Sendable (Double) -> Void)? = nil,
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) async throws(MediaToolError) -> Normalization {
        guard let video = info.video else {
            throw .failed(tool: "ffprobe", file: input, message: "there is no video stream")
        }
        let copyVideo = video.codec == "h264" || video.codec == "hevc"
        var arguments = ["-i", input, "-map", "0:v:0", "-map", "0:a:0?", "-map_metadata", "0"]
        if copyVideo {
            arguments += ["-c:v", "copy"]
            if video.codec == "hevc" { arguments += ["-tag:v", "hvc1"] }
        } else {
            // Even dimensions for 4:2:0; frames keep their own times.
            arguments += ["-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2", "-fps_mode", "passthrough", "-pix_fmt", "yuv420p"]
            switch codec {
            case .h264: arguments += ["-c:v", "libx264", "-preset", "medium", "-crf", "18"]
            case .hevc:
                arguments += ["-c:v", "libx265", "-preset", "medium", "-crf", "20", "-tag:v", "hvc1", "-x265-params", "log-level=error"]
            }
        }
        if let audio = info.audio {
            arguments += audio.codec == "aac" ? ["-c:a", "copy"] : ["-c:a", "aac", "-b:a", "160k"]
        }
        arguments += ["-f", "mov", output]
        try await run(arguments, file: input, duration: info.duration ?? video.duration, progress: progress, shouldStop: shouldStop)
        return copyVideo ? .remuxed : .transcoded
    }
}

extension FFmpeg {
    /// Cuts `duration` seconds from `start` into a QuickTime movie: by stream copy when `reencode` is nil (the
    /// caller has checked that `start` is a keyframe), else encoding the video to `reencode` and audio to AAC. With
    /// `steadyRate` (frames a second, with `reencode`), each frame is put on the nearest tick of that rate: ticks
    /// `gridOffset` seconds after the first frame kept, one every 1/rate, from 0, as a camera's steady clock without
    /// its recorder's jitter; a tick the recorder left empty (a frame it dropped) repeats the frame before.
    public func cut(
        _ input: String, to output: String, start: Double, duration: Double, reencode: VideoCodec?, steadyRate: Double? = nil,
        gridOffset: Double = 0,
        progress: (@Sendable (Double) -> Void)? = nil, shouldStop: @escaping @Sendable () -> Bool = { false }
    ) async throws(MediaToolError) {
        var arguments = [
            "-ss", String(cFormat: "%.6f", start), "-i", input, "-t", String(cFormat: "%.6f", duration),
            "-map", "0:v:0", "-map", "0:a:0?", "-map_metadata", "0",
        ]
        // Frames keep their own times (a variable-rate recording is not made constant by dropping or repeating frames),
        // on a fine clock: the encoder's default, one tick a frame from the cut's start, would round a jittered frame
        // onto its neighbour's tick (two frames at one time, then a gap).
        if reencode != nil { arguments += ["-fps_mode", "passthrough", "-enc_time_base:v", "1/90000"] }
        // Or each frame moves to the nearest tick of `steadyRate`.
        if let steadyRate, reencode != nil {
            let (rate, offset) = (String(cFormat: "%.6f", steadyRate), String(cFormat: "%.6f", gridOffset))
            arguments += ["-vf", "setpts=round(round(((PTS-STARTPTS)*TB-(\(offset)))*\(rate))/\(rate)/TB),fps=\(rate)"]
        }
        switch reencode {
        case nil: arguments += ["-c", "copy"]
        case .h264?:
            arguments += ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "160k"]
        case .hevc?:
            arguments += [
                "-c:v", "libx265", "-preset", "medium", "-crf", "20", "-pix_fmt", "yuv420p", "-tag:v", "hvc1",
                "-x265-params", "log-level=error", "-c:a", "aac", "-b:a", "160k",
            ]
        }
        arguments += ["-f", "mov", output]
        try await run(arguments, file: input, duration: duration, progress: progress, shouldStop: shouldStop)
    }
}

extension FFmpeg {
    /// The movie in an MP4, for players that cannot decode the original: its video re-encoded to `codec` (frames keep
    /// their times), or copied as it is when `codec` is nil (HEVC keeping Apple's `hvc1` tag); its first audio stream
    /// copied when it is AAC, else encoded to AAC (an iPhone's LPCM); the movie-level metadata kept, QuickTime `mdta`
    /// keys (such as a Live Photo's content identifier) only with `keepingKeys`.
    public func reencodeVideo(
        _ input: String, to output: String, info: MediaInfo, codec: VideoCodec?, keepingKeys: Bool,
        progress: (@Sendable (Double) -> Void)? = nil,
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) async throws(MediaToolError) {
        var arguments = ["-i", input, "-map", "0:v:0", "-map", "0:a:0?", "-map_metadata", "0"]
        switch codec {
        case .h264?: arguments += ["-fps_mode", "passthrough", "-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p"]
        case .hevc?:
            arguments += [
                "-fps_mode", "passthrough", "-c:v", "libx265", "-preset", "medium", "-crf", "20", "-pix_fmt", "yuv420p", "-tag:v", "hvc1",
                "-x265-params", "log-level=error",
            ]
        case nil: arguments += ["-c:v", "copy"] + (info.video?.codec == "hevc" ? ["-tag:v", "hvc1"] : [])
        }
        if let audio = info.audio { arguments += audio.codec == "aac" ? ["-c:a", "copy"] : ["-c:a", "aac", "-b:a", "160k"] }
        if keepingKeys { arguments += ["-movflags", "use_metadata_tags"] }
        arguments += ["-f", "mp4", output]
        try await run(arguments, file: input, duration: info.duration ?? info.video?.duration, progress: progress, shouldStop: shouldStop)
    }
}

extension FFmpeg {
    /// The video track `trackID` of `input` alone (ffmpeg's stream of that ID: an auxiliary `auxv` track as well as
    /// the main video) encoded again into the QuickTime movie `output`, decoded as stored (no display matrix applied)
    /// and turned `clockwiseQuarterTurns`; each frame keeps its time, in a media timescale of `timescale`; the source's
    /// pixel format is kept where the encoder takes it (bit depth, range, a monochrome auxiliary picture); no sound,
    /// no metadata. HEVC is written with Apple's `hvc1` tag.
    public func encodeTrack(
        _ input: String, trackID: UInt32, turnedClockwise clockwiseQuarterTurns: Int, codec: VideoCodec, timescale: UInt32,
        to output: String, duration: Double?, shouldStop: @escaping @Sendable () -> Bool = { false }
    ) async throws(MediaToolError) {
        var arguments = ["-noautorotate", "-i", input, "-map", "0:#\(trackID)", "-map_metadata", "-1", "-map_chapters", "-1"]
        switch ((clockwiseQuarterTurns % 4) + 4) % 4 {
        case 1: arguments += ["-vf", "transpose=clock"]
        case 2: arguments += ["-vf", "hflip,vflip"]
        case 3: arguments += ["-vf", "transpose=cclock"]
        default: break
        }
        arguments += ["-fps_mode", "passthrough", "-video_track_timescale", "\(timescale)"]
        switch codec {
        case .h264: arguments += ["-c:v", "libx264", "-preset", "medium", "-crf", "18"]
        case .hevc:
            arguments += ["-c:v", "libx265", "-preset", "medium", "-crf", "20", "-tag:v", "hvc1", "-x265-params", "log-level=error"]
        }
        arguments += ["-an", "-sn", "-dn", "-f", "mov", output]
        try await run(arguments, file: input, duration: duration, shouldStop: shouldStop)
    }
}

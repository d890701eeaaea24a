internal import PortableFoundation

/// A camera or stream as ffmpeg opens it.
public struct CaptureInput: Sendable, Equatable {
    /// What ffmpeg opens: `/dev/video0`, `rtsp://…`, a file.
    public var input: String
    /// ffmpeg's input format (`v4l2`, `avfoundation`, …); nil lets ffmpeg guess.
    public var format: String?
    /// Read a file at its own pace, as a camera delivers it (`-re`).
    public var realtime: Bool

    public init(input: String, format: String? = nil, realtime: Bool = false) {
        self.input = input
        self.format = format
        self.realtime = realtime
    }

    var arguments: [String] {
        (realtime ? ["-re"] : []) + (format.map { ["-f", $0] } ?? []) + ["-i", input]
    }
}

/// What a recording does with the audio.
public enum CaptureAudio: Sendable, Equatable {
    /// No audio track.
    case none
    /// Copy the stream's AAC.
    case copy
    /// Encode to AAC.
    case aac
}

extension FFmpeg {
    /// The codecs of a live input's first video and audio streams (ffprobe reads a few seconds of it at most).
    public func probeCapture(_ input: CaptureInput) async throws(MediaToolError) -> (video: String?, audio: String?) {
        let text = try await probeOutput(
            ["-analyzeduration", "3000000", "-probesize", "10000000"] + (input.format.map { ["-f", $0] } ?? [])
                + ["-show_streams", "-of", "json", input.input], file: input.input)
        struct Output: Decodable {
            struct Stream: Decodable {
                var codec_type: String?
                var codec_name: String?
            }
            var streams: [Stream]?
        }
        guard let decoded = try? JSONDecoder().decode(Output.self, from: Data(text.utf8)) else {
            throw .unreadableOutput(tool: "ffprobe", file: input.input, reason: "not JSON")
        }
        let streams = decoded.streams ?? []
        return (streams.first { $0.codec_type == "video" }?.codec_name, streams.first { $0.codec_type == "audio" }?.codec_name)
    }

    /// Records `input` into MPEG-TS segments in `folder` (`seg00000.ts`, … each starting at a keyframe, at least
    /// `segmentSeconds` long, with the stream's own timestamps, so that segments played one after another are one
    /// stream), each listed in `list.csv` (`name,start,end` in the stream's seconds) once complete, until the input
    /// ends or `shouldStop` says so (the last segment is then completed and listed).
    ///
    /// - Parameter copyVideo: copy the video packets (an H.264 or HEVC stream); otherwise encode to `codec` with a
    ///   keyframe every `segmentSeconds`.
    public func recordSegments(
        _ input: CaptureInput, into folder: String, copyVideo: Bool, codec: VideoCodec, audio: CaptureAudio, segmentSeconds: Double,
        shouldStop: @escaping @Sendable () -> Bool
    ) async throws(MediaToolError) {
        var arguments = input.arguments + ["-map", "0:v:0"]
        if copyVideo {
            arguments += ["-c:v", "copy"]
        } else {
            let keyframes = "expr:gte(t,n_forced*\(segmentSeconds))"
            switch codec {
            case .h264:
                arguments += [
                    "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p", "-force_key_frames", keyframes,
                ]
            case .hevc:
                arguments += [
                    "-c:v", "libx265", "-preset", "veryfast", "-crf", "22", "-pix_fmt", "yuv420p", "-force_key_frames", keyframes,
                    "-x265-params", "log-level=error",
                ]
            }
        }
        switch audio {
        case .none: arguments += ["-an"]
        case .copy: arguments += ["-map", "0:a:0?", "-c:a", "copy"]
        case .aac: arguments += ["-map", "0:a:0?", "-c:a", "aac", "-b:a", "160k"]
        }
        arguments += [
            // Timestamps as they are (no shift to make the first decoding time 0): the list then gives each
            // segment's keyframe at its own presentation time.
            "-avoid_negative_ts", "disabled", "-f", "segment", "-segment_time", String(segmentSeconds), "-reset_timestamps", "0",
            "-segment_format", "mpegts",
            "-segment_list", folder + "/list.csv", "-segment_list_type", "csv", folder + "/seg%05d.ts",
        ]
        do {
            try await run(arguments, file: input.input, duration: nil, shouldStop: shouldStop)
        } catch .stopped {
            // Stopped on purpose: what was recorded stays.
        }
    }

    /// Joins `segments` (recorded by ``recordSegments(_:into:copyVideo:codec:audio:segmentSeconds:shouldStop:)``,
    /// the first starting at a keyframe) into a QuickTime movie by stream copy, keeping `duration` seconds of it
    /// when given. The parameter sets and access-unit delimiters MPEG-TS carries in each keyframe are taken out
    /// (the movie keeps its parameter sets in the sample description), so every video packet is the stream's own.
    public func joinSegments(_ segments: [String], videoCodec: String?, duration: Double?, to output: String) async throws(MediaToolError) {
        var arguments = ["-i", "concat:" + segments.joined(separator: "|"), "-map", "0:v:0", "-map", "0:a:0?", "-c", "copy"]
        switch videoCodec {
        case "h264": arguments += ["-bsf:v", "filter_units=remove_types=7|8|9"]
        case "hevc": arguments += ["-bsf:v", "filter_units=remove_types=32|33|34|35"]
        default: break
        }
        if let duration { arguments += ["-t", String(cFormat: "%.6f", duration)] }
        try await run(arguments + ["-f", "mov", output], file: segments.first ?? output, duration: nil)
    }
}

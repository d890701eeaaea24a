internal import PortableFoundation

/// What ffprobe says about a file: its container and streams.
public struct MediaInfo: Sendable, Equatable {
    public struct Stream: Sendable, Equatable {
        public var index: Int
        /// video, audio, data, subtitle...
        public var type: String
        /// ffmpeg's codec name: h264, hevc, vp9, av1, gif, png, aac, opus...
        public var codec: String
        public var width: Int?
        public var height: Int?
        public var duration: Double?
        /// For a still image or a one-frame stream, 1.
        public var frameCount: Int?
    }

    /// ffmpeg's format names, e.g. ["mov", "mp4", "m4a"] or ["matroska", "webm"].
    public var formatNames: [String]
    public var duration: Double?
    public var streams: [Stream]

    public var video: Stream? { streams.first { $0.type == "video" } }
    public var audio: Stream? { streams.first { $0.type == "audio" } }
}

extension FFmpeg {
    /// Reads `path` with ffprobe.
    public func probe(_ path: String) async throws(MediaToolError) -> MediaInfo {
        let text = try await probeOutput(["-show_streams", "-show_format", "-of", "json", path], file: path)
        struct Output: Decodable {
            struct Stream: Decodable {
                var index: Int
                var codec_type: String?
                var codec_name: String?
                var width: Int?
                var height: Int?
                var duration: String?
                var nb_frames: String?
            }
            struct Format: Decodable {
                var format_name: String?
                var duration: String?
            }
            var streams: [Stream]?
            var format: Format?
        }
        let decoded: Output
        do {
            decoded = try JSONDecoder().decode(Output.self, from: Data(text.utf8))
        } catch {
            throw .unreadableOutput(tool: "ffprobe", file: path, reason: "\(error)")
        }
        return MediaInfo(
            formatNames: (decoded.format?.format_name ?? "").split(separator: ",").map(String.init),
            duration: decoded.format?.duration.flatMap(Double.init),
            streams: (decoded.streams ?? []).map {
                MediaInfo.Stream(
                    index: $0.index, type: $0.codec_type ?? "unknown", codec: $0.codec_name ?? "unknown", width: $0.width,
                    height: $0.height, duration: $0.duration.flatMap(Double.init), frameCount: $0.nb_frames.flatMap(Int.init))
            })
    }
}

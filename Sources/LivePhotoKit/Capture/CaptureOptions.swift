internal import PortableFoundation

/// What a capture records and writes.
public struct CaptureOptions: Sendable {
    /// What ffmpeg opens: a webcam (`/dev/video0`), an RTSP or HTTP stream, a file.
    public var input: String
    /// ffmpeg's input format (`v4l2`, `avfoundation`, …); nil lets ffmpeg guess.
    public var inputFormat: String?
    /// Read a file at its own pace, as a camera would deliver it.
    public var realtime: Bool
    /// Seconds kept before each press, and recorded after it.
    public var before: Double
    public var after: Double
    /// Where the Live Photos go.
    public var outputDirectory: String
    /// The still's format (nil: as `make` chooses for a frame of the video).
    public var photoFormat: PhotoFormat?
    /// Record sound (when the input has any).
    public var audio: Bool
    /// The codec a stream that is not H.264 or HEVC is encoded to, once.
    public var codec: VideoCodec
    public var ffmpegPath: String?
    /// Overwrite files of the same name.
    public var force: Bool

    public init(
        input: String, inputFormat: String? = nil, realtime: Bool = false, before: Double = 1.5, after: Double = 1.5,
        outputDirectory: String, photoFormat: PhotoFormat? = nil, audio: Bool = true, codec: LivePhotoCore.VideoCodec = .h264,
        ffmpegPath: String? = nil, force: Bool = false
    ) {
        self.input = input
        self.inputFormat = inputFormat
        self.realtime = realtime
        self.before = before
        self.after = after
        self.outputDirectory = outputDirectory
        self.photoFormat = photoFormat
        self.audio = audio
        self.codec = codec
        self.ffmpegPath = ffmpegPath
        self.force = force
    }

    /// ffmpeg's default camera here: the first V4L2 device on Linux, the first AVFoundation camera on macOS.
    public static var defaultCamera: (input: String, format: String) {
        #if os(macOS)
            ("0", "avfoundation")
        #else
            ("/dev/video0", "v4l2")
        #endif
    }
}

/// One Live Photo a capture wrote.
public struct CapturedLivePhoto: Sendable, Codable, Equatable {
    /// The press, in seconds from the stream's start.
    public var pressTime: Double
    /// The part of the stream the movie holds, in seconds from its start.
    public var start: Double
    public var end: Double
    /// The still's time in the movie.
    public var coverTime: Double
    /// True when the video packets were copied from the stream (H.264 or HEVC), false when encoded.
    public var copied: Bool
    public var identifier: ContentIdentifier
    public var photo: String?
    public var movie: String?
    /// Seconds from the moment the movie's last frame was recorded (as the stream's pace places it) to the files
    /// written.
    public var latency: Double?
    /// What fell short: a stop before the post-roll ended, a press too near the stream's start.
    public var notes: [String] = []
}

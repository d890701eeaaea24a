/// Where and how `LivePhotoConverter.toMotionPhoto(photo:movie:options:progress:)` (LivePhotoKit) writes.
public struct MotionConversionOptions: Sendable, Equatable {
    public typealias Flavor = MotionPhotoFlavor

    /// The folder the output goes to; created when missing.
    public var outputDirectory: String
    /// The output stem (`STEM.MP.jpg`); defaults to the photo's.
    public var name: String?
    /// Overwrite an existing output, and combine the parts of two different Live Photos.
    public var force: Bool
    public var flavor: Flavor
    /// Re-encode the video to this codec when it is not already (HEVC to H.264 for players without HEVC); nil
    /// copies the samples as they are.
    public var videoCodec: VideoCodec?
    /// Keep the Live Photo's content identifier in the MP4's movie metadata (the still's MakerNote keeps it anyway),
    /// so that `convert --to live` gives back the same Live Photo; false removes it from both.
    public var keepsIdentifier: Bool
    /// The ffmpeg to re-encode with; nil looks on the PATH.
    public var ffmpegPath: String?

    public init(
        outputDirectory: String = ".", name: String? = nil, force: Bool = false, flavor: Flavor = .samsung, videoCodec: VideoCodec? = nil,
        keepsIdentifier: Bool = true, ffmpegPath: String? = nil
    ) {
        self.outputDirectory = outputDirectory
        self.name = name
        self.force = force
        self.flavor = flavor
        self.videoCodec = videoCodec
        self.keepsIdentifier = keepsIdentifier
        self.ffmpegPath = ffmpegPath
    }
}

extension MotionConversionOptions {
    /// What the flow decides with (``MotionConversionFlow``): these options without the folder and the program's
    /// location.
    var settings: MotionConversionSettings {
        MotionConversionSettings(name: name, force: force, flavor: flavor, videoCodec: videoCodec, keepsIdentifier: keepsIdentifier)
    }
}

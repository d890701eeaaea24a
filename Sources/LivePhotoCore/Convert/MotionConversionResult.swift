/// What `convert --to motion` wrote.
public struct MotionConversionResult: Sendable, Codable, Equatable {
    public var output: String
    /// `jpeg` or `heic`.
    public var format: FileKind
    /// The still's time in the video, written as `MotionPhotoPresentationTimestampUs`.
    public var presentationTimestampUs: Int64
    /// Where the MP4 sits in the output, as Google's rule finds it.
    public var videoOffset: Int64
    public var videoLength: Int64
    /// Which galleries' way of finding the video the file carries.
    public var flavor: MotionPhotoFlavor
    /// Whose live photo the output is (the flavour's ``MotionPhotoFlavor/family``).
    public var family: PhotoFamily
    /// True when the video was re-encoded (`videoCodec`), false when its samples were copied.
    public var reencoded: Bool
    /// The MP4 of a two-file flavour (`vivo-pair`), beside ``output``, the photo; nil for a single file.
    public var companion: String?
    /// True when the sound was encoded to AAC (the movie's LPCM, which MP4 players do not play); the video's samples
    /// were still copied unless ``reencoded``.
    public var soundEncoded: Bool = false
    /// What was not as expected: a photo or movie that was not part of a Live Photo, parts of two Live Photos.
    public var notes: [String] = []

    package init(
        output: String, format: FileKind, presentationTimestampUs: Int64, videoOffset: Int64, videoLength: Int64,
        flavor: MotionPhotoFlavor, family: PhotoFamily, reencoded: Bool, companion: String? = nil, soundEncoded: Bool = false,
        notes: [String] = []
    ) {
        self.output = output
        self.format = format
        self.presentationTimestampUs = presentationTimestampUs
        self.videoOffset = videoOffset
        self.videoLength = videoLength
        self.flavor = flavor
        self.family = family
        self.reencoded = reencoded
        self.companion = companion
        self.soundEncoded = soundEncoded
        self.notes = notes
    }

}

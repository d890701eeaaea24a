/// What one input became.
public struct SplitResult: Sendable, Codable, Equatable {
    /// What the input was: a view of its ``family`` and layout (`PhotoFamily+Layouts.swift`).
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// An Apple Live Photo: a still and a movie.
        case livePhoto = "live-photo"
        /// A `.pvt` bundle folder.
        case bundle = "pvt"
        /// A `.pvt.zip`.
        case zippedBundle = "pvt-zip"
        /// A Google Motion Photo v1 (JPEG or HEIC), Samsung's included.
        case motionPhoto = "motion-photo"
        /// A legacy MicroVideo JPEG (`Camera:MicroVideoOffset`).
        case microVideo = "micro-video"
        /// A Samsung JPEG whose video is found only through its SEF trailer.
        case samsungMotionPhoto = "samsung-motion-photo"
        /// vivo's two files (phones up to the X200): a JPEG and an MP4 whose footers carry one pairing id.
        case vivoPair = "vivo-pair"
    }

    public var inputs: [String]
    /// What the input was: its ``family`` as it was laid out (a pair, a bundle, where a Motion Photo's video was).
    public var kind: Kind
    /// Whose live photo it was: `apple` for a Live Photo (a pair or a bundle), `vivo` for vivo's pair, else the maker
    /// whose marks the Motion Photo carries.
    public var family: PhotoFamily
    public var photo: String
    public var video: String
    /// The still's time in the video, in seconds, when the input says.
    public var coverTimeSeconds: Double?
    /// For a Motion Photo: how the video was found, and where it was.
    public var videoLocator: InspectionReport.MotionPhotoVideoLocator?
    public var videoOffset: Int64?
    public var videoLength: Int64?
    /// What was taken out of the photo and the movie.
    public var removed: [String]
    /// Anything that did not add up, and how it was resolved.
    public var notes: [String]

    package init(
        inputs: [String], kind: Kind, family: PhotoFamily, photo: String, video: String, coverTimeSeconds: Double? = nil,
        videoLocator: InspectionReport.MotionPhotoVideoLocator? = nil, videoOffset: Int64? = nil, videoLength: Int64? = nil,
        removed: [String], notes: [String]
    ) {
        self.inputs = inputs
        self.kind = kind
        self.family = family
        self.photo = photo
        self.video = video
        self.coverTimeSeconds = coverTimeSeconds
        self.videoLocator = videoLocator
        self.videoOffset = videoOffset
        self.videoLength = videoLength
        self.removed = removed
        self.notes = notes
    }
}

/// What `make` wrote.
public struct MakeResult: Sendable, Codable, Equatable {
    /// The content identifier shared by the still and the movie.
    public var identifier: ContentIdentifier
    /// The still's time in the movie, in seconds, after snapping to a frame.
    public var coverTime: Double
    /// The cover time asked for, if any.
    public var requestedCoverTime: Double?
    /// True when the movie's own still-image-time track was kept.
    public var keptExistingStillTime: Bool
    public var packaging: Packaging
    /// Whether the still is the JPEG given, a converted image, or a frame of the video.
    public var photoSource: MakeResult.PhotoSource
    /// Whether the video's samples were copied, remuxed first, or transcoded first.
    public var videoSource: MakeResult.VideoSource
    /// How the video was cut to `duration`, when it was.
    public var trim: MakeResult.TrimReport?
    /// Why the lock-screen wallpaper will not animate (G3, G4), when it will not; empty otherwise.
    public var wallpaperWarnings: [String] = []
    /// What was decided on the user's behalf: a suggested cover outside the video snapped to a frame, another
    /// maker's MakerNote replaced by Apple's.
    public var notes: [String] = []
    /// The files written: the still and the movie for a pair, the bundle for `pvt` and `pvt-zip`.
    public var photo: String?
    public var movie: String?
    public var bundle: String?

    package init(
        identifier: ContentIdentifier, coverTime: Double, requestedCoverTime: Double? = nil, keptExistingStillTime: Bool,
        packaging: Packaging, photoSource: MakeResult.PhotoSource, videoSource: MakeResult.VideoSource, trim: MakeResult.TrimReport? = nil,
        wallpaperWarnings: [String] = [], notes: [String] = [], photo: String? = nil, movie: String? = nil, bundle: String? = nil
    ) {
        self.identifier = identifier
        self.coverTime = coverTime
        self.requestedCoverTime = requestedCoverTime
        self.keptExistingStillTime = keptExistingStillTime
        self.packaging = packaging
        self.photoSource = photoSource
        self.videoSource = videoSource
        self.trim = trim
        self.wallpaperWarnings = wallpaperWarnings
        self.notes = notes
        self.photo = photo
        self.movie = movie
        self.bundle = bundle
    }

    /// True when the movie's video was encoded anew: the input transcoded (``VideoSource/transcoded``), or a duration
    /// window cut where no keyframe starts it (``TrimReport/Method/reencoded``).
    public var reencodedVideo: Bool { videoSource == .transcoded || trim?.method == .reencoded }
}

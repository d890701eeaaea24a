/// What `make` should do.
public struct MakeOptions: Sendable {
    /// The folder outputs go to; created when missing.
    public var outputDirectory: String
    /// The output file stem; defaults to the video's.
    public var name: String?
    /// Cover time in seconds, snapped to the nearest frame; nil for the frame nearest the middle (or, for a
    /// movie that already has a still-image-time, that time).
    public var coverTime: Double?
    /// The content identifier; random when nil.
    public var identifier: ContentIdentifier?
    public var packaging: Packaging
    /// Overwrite existing outputs.
    public var force: Bool
    /// JPEG quality (1...100) for stills that must be encoded: a frame taken from the video, a converted image.
    public var quality: Int
    /// The codec a video is encoded to when it must be (its codec is not H.264 or HEVC).
    public var codec: VideoCodec
    /// The ffmpeg executable; nil looks on the PATH. Only needed when pixels must change.
    public var ffmpegPath: String?
    /// Keep only this many seconds of video, centred on the cover (Live Photos are about 3 s); nil keeps it all.
    public var duration: Double?
    /// With `duration`: the seconds of it kept before the cover (the rest after it), as a camera keeps 1.5 s before
    /// the shutter and 1.5 s after; nil centres the window on the cover.
    public var durationBeforeCover: Double?
    /// With a photo: the cover moves to the frame within this many seconds of `coverTime` that looks most like the
    /// photo (a camera's still and the moment its shutter was pressed may be a frame or two apart); nil keeps it.
    public var coverMatchesPhotoWithin: Double?
    /// The still's format; nil keeps the photo's (HEIC stays HEIC, anything else becomes or stays JPEG). Asking
    /// for HEIC from another format encodes it with libheif's heif-enc from the tagged JPEG.
    public var photoFormat: PhotoFormat?
    /// The lock-screen wallpaper track and checks.
    public var wallpaper: WallpaperMode
    /// A cover time the input itself suggests (a Motion Photo's presentation timestamp), used when `coverTime` is
    /// nil: unlike `coverTime`, one outside the video snaps to the nearest frame, with a note in the result.
    package var suggestedCover: SuggestedCover?
    /// With `.pair`, a `.pvt.zip` of the pair too, from the same run (the web app offers both).
    package var zipsPairToo = false
    /// With `duration`: the video is a camera's recording whose frame times carry the recorder's jitter (a browser's
    /// MediaRecorder), so the cut puts its frames on the camera's steady rate (``CameraRate``): a steady 20 fps camera
    /// then gives a movie of exactly 20 fps, not 19.99, which the lock screen's gate (G4) would refuse.
    package var snapsToCameraRate = false
    /// Refuse a photo whose MakerNote another camera maker wrote (a Nikon's, a Samsung's, a Pixel's). By default
    /// it is replaced by Apple's, where Photos reads the identifier, with a note naming the maker; the input keeps
    /// its own.
    public var refusesForeignMakerNote = false
    /// `edit`'s changes to the movie (a range kept, the sound left out); the cover is then a time on the input's
    /// timeline.
    package var movieEdit: MovieEdit?
    /// `edit`'s old still, whose metadata a new key photo (a frame of the video) keeps.
    package var keyPhotoMetadata: String?

    public init(
        outputDirectory: String = ".", name: String? = nil, coverTime: Double? = nil, identifier: ContentIdentifier? = nil,
        packaging: Packaging = .pair, force: Bool = false, quality: Int = 92, codec: VideoCodec = .h264, ffmpegPath: String? = nil,
        photoFormat: PhotoFormat? = nil, duration: Double? = nil, durationBeforeCover: Double? = nil,
        coverMatchesPhotoWithin: Double? = nil, wallpaper: WallpaperMode = .auto
    ) {
        self.durationBeforeCover = durationBeforeCover
        self.coverMatchesPhotoWithin = coverMatchesPhotoWithin
        self.wallpaper = wallpaper
        self.outputDirectory = outputDirectory
        self.name = name
        self.coverTime = coverTime
        self.identifier = identifier
        self.packaging = packaging
        self.force = force
        self.quality = quality
        self.codec = codec
        self.ffmpegPath = ffmpegPath
        self.photoFormat = photoFormat
        self.duration = duration
    }
}

extension MakeOptions {
    /// What the flow decides with (``MakeFlow``): these options without the folder and the program's location, the
    /// old still of an edit opened.
    func settings() throws(LivePhotoError) -> MakeSettings {
        var settings = MakeSettings()
        settings.name = name
        settings.coverTime = coverTime
        settings.identifier = identifier
        settings.packaging = packaging
        settings.force = force
        settings.quality = quality
        settings.codec = codec
        settings.duration = duration
        settings.durationBeforeCover = durationBeforeCover
        settings.coverMatchesPhotoWithin = coverMatchesPhotoWithin
        settings.photoFormat = photoFormat
        settings.wallpaper = wallpaper
        settings.suggestedCover = suggestedCover
        settings.snapsToCameraRate = snapsToCameraRate
        settings.refusesForeignMakerNote = refusesForeignMakerNote
        settings.movieEdit = movieEdit
        settings.keyPhotoMetadata = try keyPhotoMetadata.map { (path) throws(LivePhotoError) in try InputFile(path: path) }
        return settings
    }
}

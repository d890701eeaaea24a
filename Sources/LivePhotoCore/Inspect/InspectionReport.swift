import MediaFormats

/// What `inspect` reports. The JSON form (keys as named here) is stable: fields may be added, never renamed.
public struct InspectionReport: Sendable, Codable, Equatable {
    public var files: [InspectionReport.FileReport]
    /// Given exactly one still and one movie: whether they pair.
    public var pair: InspectionReport.PairReport?

    package init(files: [InspectionReport.FileReport], pair: InspectionReport.PairReport? = nil) {
        self.files = files
        self.pair = pair
    }
}

extension InspectionReport {
    /// One inspected file.
    public struct FileReport: Sendable, Codable, Equatable {
        /// What the file is for Live Photos.
        public enum Role: String, Sendable, Codable {
            case liveStill = "live-photo-still"
            case liveMovie = "live-photo-movie"
            /// A photo that holds its video (Google Motion Photo, MicroVideo, Samsung).
            case motionPhoto = "motion-photo"
            /// A `.pvt` folder or `.pvt.zip`: its members are reported after it.
            case bundle
            case still
            case movie
            case unknown
        }

        public var path: String
        public var format: FileKind
        public var role: Role
        public var sizeBytes: Int64
        /// The still's MakerNote 0x0011 or the movie's `com.apple.quicktime.content.identifier`.
        public var contentIdentifier: String?
        public var still: InspectionReport.StillReport?
        public var movie: InspectionReport.MovieReport?
        /// For a Motion Photo: where its parts are.
        public var motionPhoto: InspectionReport.MotionPhotoReport?
        /// For a `.pvt` or `.pvt.zip`: the files it holds.
        public var members: [String]?
        /// Whose live photo it is: `apple` for a Live Photo's still or movie, else the maker whose marks a Motion Photo
        /// (or one of vivo's two files) carries (`google`, `microvideo`, `samsung`, `oppo`, `vivo`, `xiaomi`, `huawei`,
        /// `honor`); nil for anything else.
        public var family: PhotoFamily? { didSet { flavor = family } }
        /// The same as ``family``: the name `inspect --json` first gave it, kept for readers of that field.
        public private(set) var flavor: PhotoFamily?
        /// vivo's `com.android.camera.livephoto` id, which joins the photo and the movie of a vivo pair (phones up to the
        /// X200) as Apple's content identifier joins a Live Photo's.
        public var pairingIdentifier: String?
        /// Why the file could not be read at all, when it could not (`inspect` then exits 2).
        public var error: String?
        /// What did not add up in a file that could be read (broken Exif, a Motion Photo's video missing): the rest of
        /// the report still describes it.
        public var problems: [String] = []

        package init(
            path: String, format: FileKind, role: Role, sizeBytes: Int64, contentIdentifier: String? = nil,
            still: InspectionReport.StillReport? = nil, movie: InspectionReport.MovieReport? = nil,
            motionPhoto: InspectionReport.MotionPhotoReport? = nil, members: [String]? = nil, family: PhotoFamily? = nil,
            pairingIdentifier: String? = nil, error: String? = nil, problems: [String] = []
        ) {
            self.path = path
            self.format = format
            self.role = role
            self.sizeBytes = sizeBytes
            self.contentIdentifier = contentIdentifier
            self.still = still
            self.movie = movie
            self.motionPhoto = motionPhoto
            self.members = members
            self.family = family
            self.flavor = family  // an initializer's assignment runs no didSet
            self.pairingIdentifier = pairingIdentifier
            self.error = error
            self.problems = problems
        }
    }
}

extension InspectionReport {
    public struct StillReport: Sendable, Codable, Equatable {
        public var width: Int?
        public var height: Int?
        /// Exif Orientation (1 = upright, 6 = turn 90° clockwise to view, 3 = 180°, 8 = 270°), when present.
        public var orientation: Int?
        public var make: String?
        public var model: String?
        /// "apple", "other", or nil when there is no MakerNote.
        public var makerNote: String?
    }
}

extension InspectionReport {
    public struct MovieReport: Sendable, Codable, Equatable {
        /// The `ftyp` major brand, nil when there is no `ftyp`.
        public var brand: String?
        public var durationSeconds: Double
        /// The still's time, from the still-image-time track.
        public var coverTimeSeconds: Double?
        public var stillImageTime: InspectionReport.StillImageTime?
        public var stillImageTimeTrackCount: Int
        public var video: InspectionReport.VideoReport?
        public var audioCodec: String?
        public var tracks: [InspectionReport.TrackReport]
        /// Lock-screen wallpaper readiness, gate by gate (docs/formats/wallpaper.md#gates).
        public var wallpaper: WallpaperReport?
    }
}

extension InspectionReport {
    public struct VideoReport: Sendable, Codable, Equatable {
        public var trackID: UInt32
        public var codec: String
        /// Coded size.
        public var width: Int?
        public var height: Int?
        /// Clockwise rotation applied on display (0, 90, 180, 270), nil for other matrices.
        public var rotationDegrees: Int?
        public var frameCount: Int64
        public var frameRate: Double
        public var durationSeconds: Double
    }
}

extension InspectionReport {
    public struct TrackReport: Sendable, Codable, Equatable {
        public var id: UInt32
        /// The handler: vide, soun, meta...
        public var handler: String
        public var format: String
        public var codec: String
        public var enabled: Bool
        /// For timed-metadata tracks, their keys.
        public var metadataKeys: [String]?
    }
}

extension InspectionReport {
    public struct PairReport: Sendable, Codable, Equatable {
        public var photo: String
        public var movie: String
        public var paired: Bool
        public var reason: String

        package init(photo: String, movie: String, paired: Bool, reason: String) {
            self.photo = photo
            self.movie = movie
            self.paired = paired
            self.reason = reason
        }
    }
}

extension InspectionReport {
    /// The parts of a Motion Photo.
    public struct MotionPhotoReport: Sendable, Codable, Equatable {
        public struct Part: Sendable, Codable, Equatable {
            /// "image", "xmp", "video", "mpvd box", "sefd box", "samsung trailer", or a Samsung record's name.
            public var name: String
            public var offset: Int64
            public var length: Int64
        }

        /// How the Motion Photo's video is found: a layout that several families share (the file's ``FileReport/family``
        /// says whose it is).
        public enum Flavor: String, Sendable, Codable, Equatable {
            /// Google's Motion Photo format (v1, the `Container` directory), written by Pixels and by Samsung since 2023.
            case googleMotionPhoto = "google-motion-photo"
            /// The older Google MicroVideo JPEG (`Camera:MicroVideoOffset`).
            case microVideo = "micro-video"
            /// A Samsung Motion Photo found only through its SEF trailer.
            case samsung
            /// Both: Google's XMP directory and Samsung's SEF trailer name the video (Samsung's phones, and what
            /// `convert --to motion` writes by default).
            case googleAndSamsung = "google-and-samsung"
            /// HUAWEI's or Honor's moving photo, found through its `LIVE_` tail.
            case huaweiMovingPhoto = "huawei-moving-photo"
            /// vivo's two files (phones up to the X200), a JPEG and an MP4 joined by their footers' pairing id: what a
            /// library scan calls such a pair (no single file is one).
            case vivoPair = "vivo-pair"
        }

        public var flavor: Flavor
        /// `Camera:MotionPhotoVersion`, when given.
        public var version: Int?
        /// The still's time in the video (the presentation timestamp), when given.
        public var coverTimeSeconds: Double?
        public var videoLocator: InspectionReport.MotionPhotoVideoLocator?
        /// HUAWEI and Honor: the cover's frame index that the tail's version tag gives.
        public var coverFrameIndex: Int?
        /// The embedded MP4's bytes: where they start and how many (what `split` writes).
        public var videoOffset: Int64?
        public var videoLength: Int64?
        /// The XMP Container directory as written.
        public var directory: [InspectionReport.MotionPhotoDirectoryItem]
        public var parts: [Part]
        /// What did not add up, and how it was resolved.
        public var notes: [String]
    }
}

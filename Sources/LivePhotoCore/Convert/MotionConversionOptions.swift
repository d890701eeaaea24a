/// Where and how `LivePhotoConverter.toMotionPhoto(photo:movie:options:progress:)` (LivePhotoKit) writes.
public struct MotionConversionOptions: Sendable, Equatable {
    /// Which galleries' way of finding the video the file carries.
    public enum Flavor: String, Sendable, Codable, CaseIterable {
        /// Google's XMP directory and Samsung's SEF trailer (a `sefd` box in a HEIC): Google Photos, Samsung Gallery
        /// and every reader of either find the video.
        case samsung
        /// Google's XMP directory alone, nothing after the MP4.
        case google
        /// OPPO, OnePlus and realme (ColorOS "O-Live"): Google's XMP with OPPO's `OpCamera` fields and the Exif
        /// `UserComment` `oplus_…` their gallery looks for. JPEG only.
        case oppo
        /// vivo X300 and later: Google's XMP with vivo's `VCamera` fields and its `UserComment` signature. JPEG only;
        /// unverified on a vivo phone.
        case vivo
        /// vivo's two files, as its phones up to the X200 write them: `STEM.jpg` and `STEM.mp4`, each ending with
        /// vivo's footer, the two joined by one pairing id, the movie's naming the cover's frame. JPEG only;
        /// unverified on a vivo phone.
        case vivoPair = "vivo-pair"
        /// Xiaomi: Google's XMP and the legacy MicroVideo fields (MIUI's gallery), and Exif tag 0x8897. JPEG only.
        case xiaomi
        /// HUAWEI (EMUI, HarmonyOS): the photo untouched, the MP4 in H.264 with `com.openharmony.covertime`, and the
        /// 60-byte `LIVE_` tail their gallery reads.
        case huawei
        /// Honor (MagicOS): HUAWEI's layout with Honor's version tag.
        case honor

        /// What the file carries, in a few words.
        public var summary: String {
            switch self {
            case .samsung: "Google's XMP and Samsung's trailer"
            case .google: "Google's XMP"
            case .oppo: "Google's XMP, OPPO's OpCamera fields and UserComment"
            case .vivo: "Google's XMP, vivo's VCamera fields and UserComment"
            case .vivoPair: "vivo's two files joined by their footers' pairing id"
            case .xiaomi: "Google's XMP with MicroVideo fields, Exif 0x8897"
            case .huawei: "HUAWEI's LIVE_ tail and covertime"
            case .honor: "Honor's LIVE_ tail and covertime"
            }
        }

        /// Only JPEG stills: OPPO's, vivo's and Xiaomi's galleries know no HEIC Motion Photo.
        public var takesJPEGOnly: Bool { [.oppo, .vivo, .vivoPair, .xiaomi].contains(self) }
        /// The galleries of HUAWEI and Honor play H.264 only: HEVC is re-encoded.
        public var needsH264: Bool { self == .huawei || self == .honor }
    }

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

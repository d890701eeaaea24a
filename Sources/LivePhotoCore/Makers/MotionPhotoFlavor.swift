/// Which galleries' way of finding the video the Motion Photo that `convert --to motion` writes carries: one a maker's
/// gallery, vivo's two forms apart.
///
/// What each flavour is (its family, its layout, the marks it adds, what its galleries take, its names) is declared
/// once, in its row in `MotionPhotoFlavor+Declarations.swift`; the properties here are views of that row.
public enum MotionPhotoFlavor: String, Sendable, Codable, CaseIterable {
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
    public var summary: String { declaration.summary }

    /// The family whose galleries the output is written for: `samsung` for Google's XMP with Samsung's trailer, `vivo`
    /// for both of vivo's forms (one file, or `vivo-pair`'s two).
    public var family: PhotoFamily { declaration.family }

    /// Only JPEG stills: OPPO's, vivo's and Xiaomi's galleries know no HEIC Motion Photo.
    public var takesJPEGOnly: Bool { declaration.stills == [.jpeg] }

    /// The galleries of HUAWEI and Honor play H.264 only: HEVC is re-encoded. A choice of codec only: where the video
    /// goes and what follows it is the row's declared `layout`.
    public var needsH264: Bool { declaration.videoCodecs == [.h264] }
}

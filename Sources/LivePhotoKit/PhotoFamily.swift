import MediaFormats

/// Whose "live" photo a file is: Apple's pair, or one of the single files Android makers write (docs/formats/makers.md). What
/// `inspect --json` reports as a file's `flavor`, and what `livephoto formats` lists.
public enum PhotoFamily: String, Sendable, Codable, CaseIterable {
    /// An Apple Live Photo: a still and a movie sharing a content identifier.
    case apple
    /// Google's Motion Photo format 1.0 (Pixel, and every conforming writer).
    case google
    /// Google's legacy MicroVideo JPEG (`Camera:MicroVideoOffset`).
    case microvideo
    /// Samsung's Motion Photo: its SEF trailer (with Google's XMP on recent phones).
    case samsung
    /// OPPO, OnePlus and realme: Google's form with `OpCamera` fields and `oplus_` in the Exif UserComment.
    case oppo
    /// vivo: Google's form with `VCamera` fields (X300 and later).
    case vivo
    /// Xiaomi: Google's form with `MiCamera` fields or Exif 0x8897.
    case xiaomi
    /// HUAWEI: the image, the MP4 and a `LIVE_` tail.
    case huawei
    /// Honor: HUAWEI's layout with version tag `v2`.
    case honor

    init(_ maker: MotionPhotoFile.Maker) {
        switch maker {
        case .google: self = .google
        case .microVideo: self = .microvideo
        case .samsung: self = .samsung
        case .oppo: self = .oppo
        case .vivo: self = .vivo
        case .xiaomi: self = .xiaomi
        case .huawei: self = .huawei
        case .honor: self = .honor
        }
    }
}

import MediaFormats

/// Whose "live" photo a file is: Apple's pair, or one of the single files Android makers write (docs/formats/makers.md).
///
/// The one answer to "which kind of live photo": every report that says so carries it as `family` (inspect's files,
/// split's and convert's results, scan's items, the web app's uploads and gallery), and `livephoto formats` lists it.
/// What each family is (the marks that name it and their place in the reading order, what `livephoto formats` says)
/// is declared once, in its row in `PhotoFamily+Declarations.swift`. The other names a report gives (split's `kind`, a
/// Motion Photo's `flavor`) say how the files were laid out, and are worked out in `PhotoFamily+Layouts.swift`.
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
}

/// One family of live photos as `livephoto formats` lists it: what this package reads and writes of it, and what
/// marks it (docs/formats/makers.md, docs/formats/README.md).
package struct FamilyDescription: Sendable, Codable, Equatable {
    package var family: PhotoFamily
    /// Who writes it and what it is called there.
    package var name: String
    /// `inspect`, `verify`, `split` and `convert --to live` read it.
    package var read: Bool
    /// The command that writes it; nil when nothing does.
    package var write: String?
    /// The still's formats.
    package var stills: [String]
    /// The video codecs the family's files carry (and what is written for it).
    package var videoCodecs: [String]
    /// What tells a reader that a file is one of these.
    package var marks: String
    /// The gallery that plays it.
    package var gallery: String
    /// What is not known or not done.
    package var notes: String?
}

/// Every family this package knows.
package enum FamilyCatalog {
    package static let all: [FamilyDescription] = [
        FamilyDescription(
            family: .apple, name: "Apple Live Photo", read: true, write: "make; convert --to live", stills: ["HEIC", "JPEG"],
            videoCodecs: ["HEVC", "H.264"],
            marks: "a still's MakerNote 0x0011 and a QuickTime movie's content identifier, the same UUID; still-image-time track",
            gallery: "iOS and macOS Photos"),
        FamilyDescription(
            family: .google, name: "Google Motion Photo 1.0", read: true, write: "convert --to motion --flavor google",
            stills: ["JPEG", "HEIC"], videoCodecs: ["H.264", "HEVC"],
            marks: "XMP Camera:MotionPhoto=1 and a Container directory (Primary, GainMap, MotionPhoto)",
            gallery: "Google Photos, Pixel"),
        FamilyDescription(
            family: .microvideo, name: "Google MicroVideo (legacy)", read: true, write: "convert --to motion --flavor xiaomi (with 1.0)",
            stills: ["JPEG"], videoCodecs: ["H.264"], marks: "XMP Camera:MicroVideo=1 and MicroVideoOffset",
            gallery: "older Google and Xiaomi galleries"),
        FamilyDescription(
            family: .samsung, name: "Samsung Motion Photo", read: true, write: "convert --to motion (the default, with Google's XMP)",
            stills: ["JPEG", "HEIC"], videoCodecs: ["H.264", "HEVC"],
            marks: "SEF trailer (SEFH/SEFT) with MotionPhoto_Data; HEIC: 'mpvd' and 'sefd' boxes", gallery: "Samsung Gallery"),
        FamilyDescription(
            family: .oppo, name: "OPPO, OnePlus, realme O-Live", read: true, write: "convert --to motion --flavor oppo",
            stills: ["JPEG"], videoCodecs: ["H.264", "HEVC"],
            marks: "Google's XMP with OpCamera fields (VideoLength); Exif UserComment oplus_...", gallery: "OPPO Photos",
            notes: "the Exif keeps its byte order (OPPO's own files are little-endian)"),
        FamilyDescription(
            family: .vivo, name: "vivo live photo", read: true,
            write: "convert --to motion --flavor vivo (the X300's single file), --flavor vivo-pair (two files)",
            stills: ["JPEG"], videoCodecs: ["HEVC", "H.264"],
            marks: "X300 and later: Google's XMP with VCamera fields and a UserComment signature; up to the X200: a JPEG and "
                + "an MP4 whose footers carry one pairing id (com.android.camera.livephoto)",
            gallery: "vivo Gallery", notes: "written files unverified on a vivo phone"),
        FamilyDescription(
            family: .xiaomi, name: "Xiaomi motion photo", read: true, write: "convert --to motion --flavor xiaomi", stills: ["JPEG"],
            videoCodecs: ["H.264", "HEVC"], marks: "Google's XMP (and MicroVideo fields), MiCamera fields or Exif 0x8897",
            gallery: "Xiaomi Gallery"),
        FamilyDescription(
            family: .huawei, name: "HUAWEI moving photo", read: true, write: "convert --to motion --flavor huawei",
            stills: ["JPEG", "HEIC"], videoCodecs: ["H.264"],
            marks: "60-byte tail: v<version>_f<frame>, <start>:<cover> ms, LIVE_<MP4 bytes + 20>; MP4 com.openharmony.covertime",
            gallery: "HUAWEI Gallery (EMUI, HarmonyOS)", notes: "HEVC is re-encoded to H.264 when written"),
        FamilyDescription(
            family: .honor, name: "Honor moving photo", read: true, write: "convert --to motion --flavor honor",
            stills: ["JPEG", "HEIC"], videoCodecs: ["H.264"], marks: "HUAWEI's tail with version tag v2; per-frame matrices after the MP4",
            gallery: "Honor Gallery (MagicOS)", notes: "HEVC is re-encoded to H.264 when written"),
    ]
}

import MediaFormats

// Every family, declared once, in the order `livephoto formats` lists them: a table of values (as ExifTool's tag
// tables are), one row a case. The reading order (docs/formats/makers.md#reading-order) is the `order` of each
// recognition: HUAWEI's and Honor's tail first, which their galleries read alone; Samsung's trailer where it is the
// only locator; the makers' XMP and Exif marks; any other Samsung trailer; MicroVideo; Google's format last.

extension PhotoFamily {
    /// The family's row.
    package var declaration: FamilyDeclaration {
        switch self {
        case .apple:
            FamilyDeclaration(
                recognisedBy: [], label: "Apple",
                catalog: FamilyDescription(
                    family: self, name: "Apple Live Photo", write: "make; convert --to live", stills: ["HEIC", "JPEG"],
                    videoCodecs: ["HEVC", "H.264"],
                    marks: "a still's MakerNote 0x0011 and a QuickTime movie's content identifier, the same UUID; still-image-time track",
                    gallery: "iOS and macOS Photos"))
        case .google:
            FamilyDeclaration(
                recognisedBy: [.init(order: 90, anyOf: [.video])], label: "Google",
                catalog: FamilyDescription(
                    family: self, name: "Google Motion Photo 1.0", write: "convert --to motion --flavor google", stills: ["JPEG", "HEIC"],
                    videoCodecs: ["H.264", "HEVC"],
                    marks: "XMP Camera:MotionPhoto=1 and a Container directory (Primary, GainMap, MotionPhoto)",
                    gallery: "Google Photos, Pixel"))
        case .microvideo:
            FamilyDeclaration(
                recognisedBy: [.init(order: 80, anyOf: [.microVideoOffset])], label: "MicroVideo",
                catalog: FamilyDescription(
                    family: self, name: "Google MicroVideo (legacy)", write: "convert --to motion --flavor xiaomi (with 1.0)",
                    stills: ["JPEG"], videoCodecs: ["H.264"],
                    marks: "XMP Camera:MicroVideo=1 and MicroVideoOffset", gallery: "older Google and Xiaomi galleries"))
        case .samsung:
            FamilyDeclaration(
                recognisedBy: [.init(order: 30, anyOf: [.samsungTrailerAlone]), .init(order: 70, anyOf: [.samsungTrailer])],
                label: "Samsung",
                catalog: FamilyDescription(
                    family: self, name: "Samsung Motion Photo", write: "convert --to motion (the default, with Google's XMP)",
                    stills: ["JPEG", "HEIC"], videoCodecs: ["H.264", "HEVC"],
                    marks: "SEF trailer (SEFH/SEFT) with MotionPhoto_Data; HEIC: 'mpvd' and 'sefd' boxes", gallery: "Samsung Gallery"))
        case .oppo:
            FamilyDeclaration(
                recognisedBy: [.init(order: 40, anyOf: [.oppoFields, .oppoUserComment])], label: "OPPO",
                catalog: FamilyDescription(
                    family: self, name: "OPPO, OnePlus, realme O-Live",
                    write: "convert --to motion --flavor oppo", stills: ["JPEG"], videoCodecs: ["H.264", "HEVC"],
                    marks: "Google's XMP with OpCamera fields (VideoLength); Exif UserComment oplus_...", gallery: "OPPO Photos",
                    notes: "the Exif keeps its byte order (OPPO's own files are little-endian)"))
        case .vivo:
            FamilyDeclaration(
                recognisedBy: [.init(order: 50, anyOf: [.vivoFields])], label: "vivo",
                catalog: FamilyDescription(
                    family: self, name: "vivo live photo",
                    write: "convert --to motion --flavor vivo (the X300's single file), --flavor vivo-pair (two files)",
                    stills: ["JPEG"], videoCodecs: ["HEVC", "H.264"],
                    marks: "X300 and later: Google's XMP with VCamera fields and a UserComment signature; up to the X200: a JPEG and "
                        + "an MP4 whose footers carry one pairing id (com.android.camera.livephoto)",
                    gallery: "vivo Gallery", notes: "written files unverified on a vivo phone"))
        case .xiaomi:
            FamilyDeclaration(
                recognisedBy: [.init(order: 60, anyOf: [.xiaomiFields, .xiaomiExifTag])], label: "Xiaomi",
                catalog: FamilyDescription(
                    family: self, name: "Xiaomi motion photo", write: "convert --to motion --flavor xiaomi", stills: ["JPEG"],
                    videoCodecs: ["H.264", "HEVC"],
                    marks: "Google's XMP (and MicroVideo fields), MiCamera fields or Exif 0x8897", gallery: "Xiaomi Gallery"))
        case .huawei:
            FamilyDeclaration(
                recognisedBy: [.init(order: 20, anyOf: [.movingPhotoTail(version: nil)])], label: "HUAWEI",
                catalog: FamilyDescription(
                    family: self, name: "HUAWEI moving photo", write: "convert --to motion --flavor huawei", stills: ["JPEG", "HEIC"],
                    videoCodecs: ["H.264"],
                    marks: "60-byte tail: v<version>_f<frame>, <start>:<cover> ms, LIVE_<MP4 bytes + 20>; MP4 com.openharmony.covertime",
                    gallery: "HUAWEI Gallery (EMUI, HarmonyOS)", notes: "HEVC is re-encoded to H.264 when written"))
        case .honor:
            FamilyDeclaration(
                recognisedBy: [.init(order: 10, anyOf: [.movingPhotoTail(version: HuaweiMovingPhotoTail.honorVersion)])], label: "Honor",
                catalog: FamilyDescription(
                    family: self, name: "Honor moving photo", write: "convert --to motion --flavor honor", stills: ["JPEG", "HEIC"],
                    videoCodecs: ["H.264"], marks: "HUAWEI's tail with version tag v2; per-frame matrices after the MP4",
                    gallery: "Honor Gallery (MagicOS)", notes: "HEVC is re-encoded to H.264 when written"))
        }
    }
}

import MediaFormats

/// What a flavour adds to a JPEG beside Google's Motion Photo XMP, so that its maker's gallery plays the file
/// (docs/formats/makers.md). Declared in each flavour's row; `MotionPhotoWriter` writes them, and the bytes of each
/// are `MakerMarks`'.
package enum MakerMark: Sendable, Equatable {
    /// OPPO's `OpCamera` fields: owner, O-Live version, the MP4's own length and the cover's time.
    case oppoFields
    /// The Exif `UserComment` `oplus_8388608`, without which OPPO's gallery animates nothing.
    case oppoUserComment
    /// The Exif stream in this byte order where it can be swapped in place (OPPO's cameras write `II`).
    case exifByteOrder(ByteOrder)
    /// vivo's `VCamera` fields, as the X300's camera writes them.
    case vivoFields
    /// vivo's `UserComment` signature, raw UTF-8.
    case vivoUserComment
    /// Google's legacy MicroVideo fields beside format 1.0's (MIUI's gallery reads only those).
    case microVideoFields
    /// Exif tag 0x8897 = 1, which Xiaomi's gallery looks for.
    case xiaomiExifTag
}

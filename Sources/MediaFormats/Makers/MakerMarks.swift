/// The marks each maker's gallery looks for beside Google's Motion Photo XMP (docs/formats/makers.md#written-by-flavor-oppo, docs/formats/makers.md#written-by-flavor-vivo-and-vivo-pair, docs/formats/makers.md#xiaomi): the XMP
/// properties and Exif tags a writer adds so that the file plays there.
public enum MakerMarks {
    /// One Exif IFD tag to store (``ExifTIFF/setExifTag(_:type:count:value:)``); byte-typed values only, so the
    /// stream's byte order does not matter.
    public struct ExifTag: Sendable, Equatable {
        /// The tag's number (`UserComment`'s 0x9286, Xiaomi's 0x8897).
        public var tag: UInt16
        /// Its TIFF type (``TIFFType``): `BYTE` or `UNDEFINED`.
        public var type: UInt16
        /// Its value's bytes, as stored; their count is the tag's count.
        public var value: [UInt8]
    }

    /// OPPO's `UserComment`: bit 0x800000 marks a motion photo (docs/formats/makers.md#oppo-usercomment-bit); their gallery animates nothing without it.
    public static let oppoUserComment = "oplus_8388608"

    /// OPPO's Exif byte order: its cameras write `II`, and a ColorOS parser reportedly fails on `MM` (docs/formats/makers.md#exif-byte-order).
    public static let oppoExifOrder: ByteOrder = .littleEndian

    /// OPPO's `OpCamera` fields: owner, O-Live version, the MP4's own length and the shutter frame's time.
    public static func oppoProperties(videoLength: Int64, timestampUs: Int64) -> XMPPropertyGroup {
        XMPPropertyGroup(
            namespace: MakerXMPFields.oppoNamespace, preferredPrefix: "OpCamera",
            properties: [
                .init(name: "MotionPhotoOwner", value: "oplus"), .init(name: "OLivePhotoVersion", value: "2"),
                .init(name: "VideoLength", value: String(videoLength)),
                .init(name: "MotionPhotoPrimaryPresentationTimestampUs", value: String(timestampUs)),
            ])
    }

    /// vivo's `VCamera` fields, as the X300's camera writes them.
    public static func vivoProperties() -> XMPPropertyGroup {
        XMPPropertyGroup(
            namespace: MakerXMPFields.vivoNamespace, preferredPrefix: "VCamera",
            properties: [
                .init(name: "VMotionPhotoVersion", value: "1"), .init(name: "VMotionPhotoSource", value: "1"),
                .init(name: "VMediaKitVersion", value: "1.0.0.9"),
            ])
    }

    /// vivo's `UserComment`: raw UTF-8 `key: value;` lines without a character code, ending in a NUL.
    public static let vivoUserComment = "multi-frame: 1;\nmodule: photo;"

    /// The Exif tags of an OPPO flavour's still: its `UserComment`, ``oppoUserComment`` with the ASCII character code.
    /// - Returns: the tags to store in the still's Exif IFD.
    public static func oppoExif() -> [ExifTag] {
        [ExifTag(tag: ExifTIFF.userCommentTag, type: TIFFType.undefined, value: ExifTIFF.userCommentValue(oppoUserComment))]
    }

    /// The Exif tags of a vivo flavour's still: its `UserComment`, ``vivoUserComment`` as raw UTF-8 without a
    /// character code.
    /// - Returns: the tags to store in the still's Exif IFD.
    public static func vivoExif() -> [ExifTag] {
        [
            ExifTag(
                tag: ExifTIFF.userCommentTag, type: TIFFType.undefined,
                value: ExifTIFF.userCommentValue(vivoUserComment, charsetPrefix: false))
        ]
    }

    /// Xiaomi's tag 0x8897, BYTE 1.
    public static func xiaomiExif() -> [ExifTag] {
        [ExifTag(tag: ExifTIFF.xiaomiMarkTag, type: TIFFType.byte, value: [1])]
    }
}

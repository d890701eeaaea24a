extension MotionPhotoFile {
    /// A mark that some maker's reader looks for in a Motion Photo (docs/formats/makers.md#reading-order).
    ///
    /// This module says only whether a file carries a mark; which family a mark names, and in what order the marks
    /// are weighed, is declared with each family in LivePhotoCore (`PhotoFamily+Declarations.swift`), so that a new
    /// maker is a new row there rather than another branch here.
    public enum Mark: Sendable, Equatable {
        /// A video, however it was found: what every Motion Photo carries, and all Google's format needs.
        case video
        /// HUAWEI's `LIVE_` tail; with a version, only a tail whose version tag gives it (Honor writes 2).
        case movingPhotoTail(version: Int?)
        /// Samsung's SEF trailer as the file's own locator: the trailer found the video, or the XMP names none.
        case samsungTrailerAlone
        /// Samsung's SEF trailer, whatever else names the video.
        case samsungTrailer
        /// OPPO's `OpCamera` XMP fields.
        case oppoFields
        /// An Exif `UserComment` starting `oplus_`.
        case oppoUserComment
        /// vivo's `VCamera` XMP fields.
        case vivoFields
        /// Xiaomi's `MiCamera` XMP fields.
        case xiaomiFields
        /// Exif tag 0x8897, which Xiaomi's gallery looks for.
        case xiaomiExifTag
        /// `Camera:MicroVideoOffset` found the video.
        case microVideoOffset
    }

    /// True when the file carries `mark`; false for every mark when the file holds no video, as only a Motion
    /// Photo's marks name a family.
    public func carries(_ mark: Mark) -> Bool {
        guard video != nil else { return false }
        switch mark {
        case .video: return true
        case .movingPhotoTail(let version): return huaweiTail.map { version == nil || $0.version == version } ?? false
        case .samsungTrailerAlone:
            return samsungTrailer != nil && (videoLocator == .samsungTrailer || xmp?.directory.contains(where: { $0.isVideo }) != true)
        case .samsungTrailer: return samsungTrailer != nil
        case .oppoFields: return makerFields?.hasOppoFields == true
        case .oppoUserComment: return exifUserComment.map { $0.asciiLowercased().hasPrefix("oplus_") } == true
        case .vivoFields: return makerFields?.hasVivoFields == true
        case .xiaomiFields: return makerFields?.hasXiaomiFields == true
        case .xiaomiExifTag: return hasXiaomiExifMark
        case .microVideoOffset: return videoLocator == .microVideoOffset
        }
    }
}

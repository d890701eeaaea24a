import MediaFormats

/// What a repair changes in one file, decided by the diagnosis and carried out by ``RepairWriter`` on the file as it
/// is when written.
enum RepairEdit: Sendable {
    /// A JPEG or HEIC still's metadata.
    case still(path: String, StillChanges)
    /// A movie's header.
    case movie(path: String, MovieChanges)
    /// The other half of a mended Live Photo: unchanged, copied only when the repair writes into another folder.
    case unchanged(path: String)

    var path: String {
        switch self {
        case .still(let path, _), .movie(let path, _), .unchanged(let path): return path
        }
    }

    /// A still's changes: each nil or false leaves that part as it is.
    struct StillChanges: Sendable {
        /// The content identifier to put in the Apple MakerNote.
        var identifier: ContentIdentifier?
        /// Unlink the Exif thumbnail.
        var dropsThumbnail = false
        /// The Exif `Orientation` to write.
        var orientation: ImageTransform?
        /// The Motion Photo directory's `Length` and `Padding`, item by item.
        var directory: [(length: Int64, padding: Int64)]?
        /// Move a HEIC Motion Photo's video box to the end of the file (the directory then follows it).
        var relaysVideo = false
        var changesExif: Bool { identifier != nil || dropsThumbnail || orientation != nil }
    }

    /// A movie's changes.
    struct MovieChanges: Sendable {
        /// The content identifier to set.
        var identifier: ContentIdentifier?
        /// Add a `live-photo-info` track for the video.
        var addsLivePhotoInfo = false
        /// Add a still-image-time track at the frame that looks like the still (then the `live-photo-info` track goes
        /// through the same remux).
        var stillImageTime: RepairStillImageTime.Mend?
        /// Encode the video again upright, then make it a Live Photo movie again (the one lossy repair).
        var bake: RepairRotation.Bake?
    }
}

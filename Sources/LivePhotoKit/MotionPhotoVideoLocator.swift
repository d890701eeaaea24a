import MediaFormats

/// How a Motion Photo's video was found.
public enum MotionPhotoVideoLocator: String, Sendable, Codable {
    /// The XMP `Container:Directory`, walked back from the end of the file (Google's rule).
    case containerDirectory = "container-directory"
    /// `Camera:MicroVideoOffset`, bytes back from the end of the file.
    case microVideoOffset = "micro-video-offset"
    /// Samsung's `MotionPhoto_Data` record.
    case samsungTrailer = "samsung-trailer"
    /// The HEIF top-level `mpvd` box.
    case mpvdBox = "mpvd-box"

    init(_ locator: MotionPhotoFile.VideoLocator) {
        switch locator {
        case .containerDirectory: self = .containerDirectory
        case .microVideoOffset: self = .microVideoOffset
        case .samsungTrailer: self = .samsungTrailer
        case .mpvdBox: self = .mpvdBox
        }
    }
}

/// One item of a Motion Photo's XMP `Container:Directory`, as written.
public struct MotionPhotoDirectoryItem: Sendable, Equatable, Codable {
    public var mime: String
    public var semantic: String
    /// Bytes the item occupies; 0 or absent for the primary image.
    public var length: Int64
    /// Bytes between the end of the item and the next one; Google applies it to the primary only.
    public var padding: Int64

    init(_ item: MotionPhotoXMP.Item) {
        mime = item.mime
        semantic = item.semantic
        length = item.length
        padding = item.padding
    }
}

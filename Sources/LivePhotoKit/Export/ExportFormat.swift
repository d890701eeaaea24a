import LivePhotoMedia

/// Formats a Live Photo's movie can be shared as.
public enum ExportFormat: String, Sendable, Codable, CaseIterable {
    /// A looping GIF with a palette made for the clip.
    case gif
    /// H.264 and AAC in an MP4 that starts playing before it is fully downloaded.
    case mp4
    /// A looping animated WebP.
    case webp

    public var fileExtension: String { rawValue }

    /// The same format, as the ffmpeg layer names it.
    var media: LivePhotoMedia.ExportFormat {
        switch self {
        case .gif: .gif
        case .mp4: .mp4
        case .webp: .webp
        }
    }
}

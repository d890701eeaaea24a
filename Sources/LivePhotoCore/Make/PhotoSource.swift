extension MakeResult {
    /// Where the still came from.
    public enum PhotoSource: String, Sendable, Codable {
        /// The JPEG given, with only its Exif changed.
        case lossless
        /// Another image format, converted to JPEG.
        case converted
        /// Taken from the video at the cover time.
        case videoFrame = "video-frame"
    }
}

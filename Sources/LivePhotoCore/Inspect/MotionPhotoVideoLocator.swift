import MediaFormats

extension InspectionReport {
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
        /// HUAWEI's and Honor's `LIVE_` tail.
        case huaweiTail = "huawei-tail"

        package init(_ locator: MotionPhotoFile.VideoLocator) {
            switch locator {
            case .containerDirectory: self = .containerDirectory
            case .microVideoOffset: self = .microVideoOffset
            case .samsungTrailer: self = .samsungTrailer
            case .mpvdBox: self = .mpvdBox
            case .huaweiTail: self = .huaweiTail
            }
        }
    }
}

extension InspectionReport {
    /// The still-image-time of a movie as read back.
    public struct StillImageTime: Sendable, Codable, Equatable {
        /// How the time is expressed.
        public enum Form: String, Sendable, Codable {
            /// An empty edit before a sample at media time 0: what iPhones write.
            case emptyEdit = "empty-edit"
            /// The sample's own time with no empty edit: what AVAssetWriter-based tools write.
            case sampleTime = "sample-time"
        }

        public var trackID: UInt32
        /// The still's time on the movie timeline.
        public var seconds: Double
        public var form: Form
        /// The int8 value of the sample: -1 on iPhones, 0 from AVAssetWriter.
        public var value: Int?
        public var enabled: Bool
        public var trackFlags: UInt32
        /// True when the track's `tref cdsc` names the video track.
        public var referencesVideo: Bool
        public var mediaTimescale: UInt32
    }
}

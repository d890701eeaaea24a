extension MakeResult {
    /// How a duration limit cut the video.
    public struct TrimReport: Sendable, Codable, Equatable {
        public enum Method: String, Sendable, Codable {
            /// Cut at a keyframe by stream copy: no re-encoding.
            case copied
            /// No keyframe at the window's start: the window was encoded anew.
            case reencoded = "re-encoded"
        }

        /// Where the window starts in the original video, in seconds.
        public var start: Double
        public var duration: Double
        public var method: Method

        package init(start: Double, duration: Double, method: Method) {
            self.start = start
            self.duration = duration
            self.method = method
        }
    }
}

extension MakeResult {
    /// What happened to the video.
    public enum VideoSource: String, Sendable, Codable {
        /// Its samples were copied as they are.
        case lossless
        /// Its video stream was copied into a new container first (the codec fit, the container did not).
        case remuxed
        /// It was encoded anew to H.264 or HEVC.
        case transcoded
    }
}

/// The codec a video is encoded to when it must be (its own codec is neither H.264 nor HEVC).
public enum VideoCodec: String, Sendable, Codable, CaseIterable {
    case h264
    case hevc

}

/// What a file is, judged by its first bytes (never by its name).
public enum FileKind: String, Sendable, Codable {
    case jpeg
    case heic
    /// AV1 in HEIF: a still to convert, not one Live Photos use.
    case avif
    case quicktime
    case mp4
    /// A zip archive (a `.pvt.zip`).
    case zip
    case unknown

    public var isStill: Bool { self == .jpeg || self == .heic || self == .avif }
    public var isMovie: Bool { self == .quicktime || self == .mp4 }
}

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

    /// Looks at the first bytes of the file at `path` (never at its name), as every operation does through its input.
    /// - Parameter path: the file.
    /// - Returns: what it is; ``unknown`` when it cannot be read.
    public static func detect(path: String) -> FileKind { InputFile.kind(of: path) }

    public var isStill: Bool { self == .jpeg || self == .heic || self == .avif }
    public var isMovie: Bool { self == .quicktime || self == .mp4 }
}

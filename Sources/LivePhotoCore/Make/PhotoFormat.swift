/// The still's file format.
public enum PhotoFormat: String, Sendable, Codable, CaseIterable {
    case jpeg
    case heic
}

extension PhotoFormat {
    /// The format a still made from a photo of `kind` is written in: `asked`, else the photo's own (HEIC stays HEIC,
    /// anything else becomes or stays JPEG).
    package static func written(from kind: FileKind, asked: PhotoFormat?) -> PhotoFormat {
        asked ?? (kind == .heic ? .heic : .jpeg)
    }
}

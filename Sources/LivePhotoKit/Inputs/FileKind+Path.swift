import MediaFormats

extension FileKind {
    /// Looks at the first bytes of the file at `path` (never at its name).
    /// - Parameter path: the file.
    /// - Returns: what it is; ``unknown`` when it cannot be read.
    public static func detect(path: String) -> FileKind {
        guard let file = try? RandomAccessFile(path: path), let kind = try? detect(file) else { return .unknown }
        return kind
    }
}

import LivePhotoCore
import MediaFormats

extension InputFile {
    /// Opens `path` and identifies it.
    /// - Throws: `LivePhotoError.io(path:reason:)` naming `path` when it cannot be opened or read, or is not a
    ///   regular file.
    package convenience init(path: String) throws(LivePhotoError) {
        let file: RandomAccessFile
        do {
            file = try RandomAccessFile(path: path)
        } catch {
            throw .io(path: path, reason: error.reason)
        }
        try self.init(opened: file, path: path)
    }

    /// The kind of the file at `path`; `FileKind.unknown` when it cannot be read.
    package static func kind(of path: String) -> FileKind {
        (try? InputFile(path: path))?.kind ?? .unknown
    }
}

extension FileKind {
    /// Looks at the first bytes of the file at `path` (never at its name), as every operation does through its input.
    /// - Parameter path: the file.
    /// - Returns: what it is; `FileKind.unknown` when it cannot be read.
    public static func detect(path: String) -> FileKind { InputFile.kind(of: path) }
}

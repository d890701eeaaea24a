import LivePhotoCore
import MediaFormats
internal import PortableFoundation

extension LivePhotoError {
    /// The same error with every path inside `folder` (a work folder the user never sees) replaced by what the user
    /// knows it as: `origin` is given the path's part after the folder ("video.mov"), or "" for the folder itself.
    func renamingFiles(in folder: String, as origin: (String) -> String) -> LivePhotoError {
        return mappingText { text in
            PathText.replacingPaths(in: text, under: folder, with: origin)
        }
    }

    /// The same error with `path` (a temporary file) named `name` wherever it appears, its last component too (as
    /// tools such as ffmpeg print it).
    func renamingFile(_ path: String, as name: String) -> LivePhotoError {
        let base = URL(fileURLWithPath: path).lastPathComponent
        return mappingText { text in
            text.replacing(every: path, with: name).replacing(
                every: base, with: URL(fileURLWithPath: name).lastPathComponent)
        }
    }

    /// The same case with `transform` applied to each of its texts (file names and reasons).
    private func mappingText(_ transform: (String) -> String) -> LivePhotoError {
        switch self {
        case .badInput(let file, let reason): return .badInput(file: transform(file), reason: transform(reason))
        case .unsupported(let file, let reason): return .unsupported(file: transform(file), reason: transform(reason))
        case .invalidArgument(let message): return .invalidArgument(transform(message))
        case .outputExists(let path): return .outputExists(path: transform(path))
        case .refused(let file, let reason, let remedy):
            return .refused(file: file.map(transform), reason: transform(reason), remedy: remedy)
        case .io(let path, let reason): return .io(path: transform(path), reason: transform(reason))
        case .writeFailed(let path, let reason): return .writeFailed(path: transform(path), reason: transform(reason))
        case .interrupted: return self
        case .missingTool(let tool, let message): return .missingTool(tool: tool, message: transform(message))
        }
    }

    /// Wraps any lower-level error with the file it came from (the core's ``naming(_:_:)`` takes format errors only).
    static func wrap(_ error: any Error, file: String) -> LivePhotoError {
        switch error {
        case let e as LivePhotoError: return e
        case let e as FormatError: return wrap(e, file: file)
        case let e as FileError: return .io(path: e.path, reason: e.reason)
        default: return .badInput(file: file, reason: "\(error)")
        }
    }
}

/// Runs `body`, turning any error into a `LivePhotoError` that names `file` (the core's ``naming(_:_:)`` takes one
/// expression that throws format errors only).
func naming<T>(_ file: String, _ body: () throws -> T) throws(LivePhotoError) -> T {
    do { return try body() } catch { throw LivePhotoError.wrap(error as any Error, file: file) }
}

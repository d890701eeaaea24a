import LivePhotoMedia
import MediaFormats
internal import PortableFoundation

/// Why a Live Photo operation failed. Every case names the file it is about, when there is one.
public enum LivePhotoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input cannot be read as what it should be (truncated, malformed, wrong type).
    case badInput(file: String, reason: String)
    /// The input is valid but uses something not supported.
    case unsupported(file: String, reason: String)
    /// An argument is out of range or malformed (cover time, identifier).
    case invalidArgument(String)
    /// The output exists and `force` was not given.
    case outputExists(path: String)
    /// Refused for a reason that one of the operation's options overrides or avoids; `remedy` says which, for the
    /// caller to word as its own (a command-line flag, a form's field).
    case refused(file: String?, reason: String, remedy: Remedy)
    /// Reading a file failed at the operating-system level (missing, unreadable).
    case io(path: String, reason: String)
    /// Writing an output failed: a full disk, a read-only folder, no permission.
    case writeFailed(path: String, reason: String)
    /// The operation was interrupted (SIGINT or SIGTERM); its outputs were removed.
    case interrupted
    /// A tool this step needs (`tool`: ffmpeg, ffprobe, heif-enc) is not installed; `message` says how to get it.
    case missingTool(tool: String, message: String)

    /// What the caller can change for a refused operation to go ahead.
    public enum Remedy: Sendable, Equatable {
        /// `force`: take a photo and a movie of two different Live Photos together.
        case takeMismatchedPartsTogether
        /// `force` (or `replacesForeignMakerNote`): replace another camera maker's MakerNote with an Apple one.
        case replaceForeignMakerNote
        /// Leave out `photoFormat`: the photo keeps its own format.
        case keepPhotoFormat
        /// Another output folder or name: the output would replace an input.
        case chooseAnotherOutput
        /// Leave out `name`, or give one item: a name can name only one item's outputs.
        case nameOneItemOnly
    }

    public var description: String {
        switch self {
        case .badInput(let file, let reason): return "\(file): \(reason)"
        case .unsupported(let file, let reason): return "\(file): not supported: \(reason)"
        case .invalidArgument(let message): return message
        case .outputExists(let path): return "\(path) already exists"
        case .refused(let file?, let reason, _): return "\(file): \(reason)"
        case .refused(nil, let reason, _): return reason
        case .io(let path, let reason): return "\(path): \(reason)"
        case .writeFailed(let path, let reason): return "\(path): \(reason)"
        case .interrupted: return "interrupted; nothing was written"
        case .missingTool(_, let message): return message
        }
    }

    /// What went wrong, without the file's name in front (`description` has it).
    var reason: String {
        switch self {
        case .badInput(_, let reason), .refused(_, let reason, _): return reason
        case .unsupported(_, let reason): return "not supported: \(reason)"
        case .io(_, let reason), .writeFailed(_, let reason): return reason
        default: return description
        }
    }

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

    /// Wraps a lower-level error with the file it came from.
    static func wrap(_ error: any Error, file: String) -> LivePhotoError {
        switch error {
        case let e as LivePhotoError: return e
        case let e as FormatError:
            switch e.kind {
            case .unsupported: return .unsupported(file: file, reason: e.description)
            case .unreadable: return .io(path: file, reason: e.message)
            default: return .badInput(file: file, reason: e.description)
            }
        case let e as FileError: return .io(path: e.path, reason: e.reason)
        default: return .badInput(file: file, reason: "\(error)")
        }
    }
}

/// Runs `body`, turning any error into a ``LivePhotoError`` that names `file`.
func naming<T>(_ file: String, _ body: () throws -> T) throws(LivePhotoError) -> T {
    do { return try body() } catch { throw LivePhotoError.wrap(error, file: file) }
}

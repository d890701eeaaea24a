import MediaFormats

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
        /// Leave out `refusesForeignMakerNote`: another camera maker's MakerNote is then replaced by Apple's.
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
    package var reason: String {
        switch self {
        case .badInput(_, let reason), .refused(_, let reason, _): return reason
        case .unsupported(_, let reason): return "not supported: \(reason)"
        case .io(_, let reason), .writeFailed(_, let reason): return reason
        default: return description
        }
    }

    /// A format error, said of the file it came from.
    package static func wrap(_ error: FormatError, file: String) -> LivePhotoError {
        switch error.kind {
        case .unsupported: return .unsupported(file: file, reason: error.description)
        case .unreadable: return .io(path: file, reason: error.message)
        default: return .badInput(file: file, reason: error.description)
        }
    }
}

/// Evaluates `body`, turning a format error into a ``LivePhotoError`` that names `file`: `try naming(path, try
/// Movie(file: file))`. (An autoclosure: its thrown type is the parameter's, where a closure's would be inferred as
/// `any Error`, which Embedded Swift does not have.)
package func naming<T>(_ file: String, _ body: @autoclosure () throws(FormatError) -> T) throws(LivePhotoError) -> T {
    do { return try body() } catch { throw LivePhotoError.wrap(error, file: file) }
}

/// A shell's answer to a ``ShellRequest``.
package enum ShellAnswer {
    /// The file the shell made or found, opened; `reencoded` when a video was encoded (not only remuxed).
    case file(InputFile, reencoded: Bool)
    /// The other half of a Live Photo found beside a part, and how it was found, as a note for the user.
    case companion(InputFile, note: String)
    /// A time the shell found, or nil when there was none to find.
    case seconds(Double?)
    /// Nothing of the kind is there (no movie beside a photo).
    case nothing
    /// The shell cannot do it: `tool` is missing (natively, `error` says so in the tool's words) or the shell has no such
    /// thing (a browser: `error` is nil, and the flow says where the work can be done).
    case unavailable(tool: String, error: LivePhotoError?)
}

extension ShellAnswer {
    /// The file answered; else the error that says `what` cannot be done here.
    /// - Parameter what: the work, as the error names it (`"--photo-format heic (encoding the JPEG as HEIC)"`).
    package func file(for what: String) throws(LivePhotoError) -> (file: InputFile, reencoded: Bool) {
        switch self {
        case .file(let file, let reencoded): return (file, reencoded)
        case .unavailable(let tool, let error): throw error ?? LivePhotoError.notInBrowser(tool, for: what)
        case .companion(let file, _): return (file, false)
        case .seconds, .nothing: throw .badInput(file: what, reason: "no file was made")
        }
    }
}

extension LivePhotoError {
    /// The error for work that needs a program a browser does not have: the command line's words for a missing tool,
    /// and where the work can be done.
    package static func notInBrowser(_ tool: String, for what: String) -> LivePhotoError {
        .missingTool(
            tool: tool, message: "\(what) needs \(tool), which a browser does not have: run livephoto serve or the livephoto command for it")
    }
}

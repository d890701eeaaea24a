extension LivePhotoError {
    /// The command line's exit status for the error (docs/reference/exit-codes.md), which the browser engine's errors
    /// carry as their `code` too.
    package var exitCode: Int32 {
        switch self {
        case .badInput, .unsupported, .io: 2
        case .invalidArgument: 64
        case .outputExists: 3
        case .refused(_, _, let remedy):
            switch remedy {
            case .takeMismatchedPartsTogether, .replaceForeignMakerNote, .keepPhotoFormat: 2
            case .chooseAnotherOutput, .nameOneItemOnly: 64
            }
        case .writeFailed: 4
        case .interrupted: 130
        case .missingTool: 5
        }
    }

    /// What the user can change, in the command line's flags (the browser engine's options are the same flags in
    /// camelCase): appended to ``description`` in the message.
    package var commandLineAdvice: String {
        switch self {
        case .outputExists: return " (use --force to overwrite it)"
        case .missingTool(let tool, _) where tool == "ffmpeg" || tool == "ffprobe": return " Or give ffmpeg's path with --ffmpeg."
        case .refused(_, _, let remedy):
            switch remedy {
            case .takeMismatchedPartsTogether: return "; --force takes them together anyway"
            case .replaceForeignMakerNote: return "; without --refuse-foreign-maker-note it is replaced by Apple's"
            case .keepPhotoFormat: return "; leave out --photo-format"
            case .chooseAnotherOutput: return "; choose another --out folder or --name"
            case .nameOneItemOnly: return "; --name needs exactly one Live Photo or Motion Photo"
            }
        default: return ""
        }
    }
}

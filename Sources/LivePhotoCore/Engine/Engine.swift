import MediaFormats

/// The lossless operations as the browser runs them (docs/guide/javascript.md): the files the page holds come in
/// (``RandomAccessFile``s the host reads), a report and the plans of the output files go out. Nothing here writes:
/// each output is a ``SplicedFile`` of new bytes and runs of the inputs, which the page makes into a `Blob` of its
/// bytes and `slice()`s of the input files.
///
/// The operations and their options are the command line's (`inspect`, `verify`, `make`, `split`, `convert`, `edit`,
/// with the long flags in camelCase), so are the reports (`--json`, with file names for paths), the errors' words and
/// their codes (the exit status). What needs pixels is not here: a video alone's key photo is asked of the page as a
/// frame (``Outcome/needsFrame(input:seconds:coverTime:)``), and a transcode is refused with the tool it needs.
package enum Engine {
    /// A file written by an operation: its name (as the command line names it, without a folder), its media type, and
    /// its bytes (the flattened plan: runs of the inputs and new bytes).
    package struct Output {
        package let name: String
        package let type: String
        package let content: SplicedFile
        /// Where this output holds the CRC-32 of another (`of`, its index among the outputs): 4 bytes at `at`,
        /// little-endian, zero until the page fills them in from that output's bytes (a zip's members).
        package var checksums: [(of: Int, at: Int64)] = []
        /// An output the page reads (for a checksum) but does not offer: a zip's member.
        package var isPart = false

        package init(name: String, type: String, content: SplicedFile) {
            self.name = name
            self.type = type
            self.content = content.flattened()
        }
    }

    /// How an operation ended.
    package enum Outcome {
        case done(report: JSONValue, files: [Output])
        /// `message` as the command line prints it after `error:`, `code` its exit status.
        case failed(message: String, code: Int32)
        /// The operation needs the picture of input `input` (a movie) at `seconds` on its timeline, which only a decoder
        /// can give: the page draws that frame and runs the operation again with it as its photo, the cover at
        /// `coverTime`.
        case needsFrame(input: Int, seconds: Double, coverTime: Double)
    }

    /// The operations on single files: those of `livephoto.wasm`, the engine a page loads first.
    package static let fileOperations = ["inspect", "verify", "make", "split", "convert", "edit"]
    /// The operations on a whole library: `livephoto-library.wasm` has them beside the others, loaded on a library's
    /// first operation (docs/guide/javascript.md#two-engines).
    package static let libraryOperations = [
        "scan", "pair", "batch", "holds", "zip", "zipMembers", "zipWalk", "zipData", "tarWalk", "importFacts", "importKept", "importStamp", "import",
    ]
    /// Every operation, by the command's name.
    package static var operations: [String] { fileOperations + libraryOperations }

    /// Runs `operation` on `inputs` (the page's files, in the order given) with `options` (a JSON object); `dates` are
    /// the inputs' modification times in milliseconds since 1970, where the page knows them. Every operation: the
    /// library engine's entry, and the command line's tests'.
    package static func run(_ operation: String, inputs: [RandomAccessFile], dates: [Int64?] = [], options: JSONValue) -> Outcome {
        guard libraryOperations.contains(operation) else { return runFile(operation, inputs: inputs, dates: dates, options: options) }
        return outcome { () throws(LivePhotoError) -> Outcome in
            let options = try EngineOptions(options)
            switch operation {
            case "scan": return try scanFiles(inputs, options: options)
            case "pair": return try pairFiles(options: options)
            case "batch": return try planBatch(options: options)
            case "holds": return try batchOutputsHold(inputs, options: options)
            case "zip": return try zipRecords(options: options)
            case "importFacts": return try importFacts(inputs, options: options)
            case "importKept": return try importKept(inputs, options: options)
            case "importStamp": return try importStamp(inputs, options: options)
            case "zipMembers": return try zipMembers(inputs, options: options)
            case "zipWalk": return try zipWalk(inputs, options: options)
            case "zipData": return try zipData(inputs, options: options)
            case "tarWalk": return try tarWalk(inputs, options: options)
            default: return try importLibrary(inputs, options: options)
            }
        }
    }

    /// ``run(_:inputs:dates:options:)`` of the operations on single files alone: the entry of the engine a page loads
    /// first, which holds no library code. A library's operation is refused, naming the engine that has it.
    package static func runFile(_ operation: String, inputs: [RandomAccessFile], dates: [Int64?] = [], options: JSONValue) -> Outcome {
        outcome { () throws(LivePhotoError) -> Outcome in
            let options = try EngineOptions(options)
            switch operation {
            case "inspect": return try inspect(inputs, options: options)
            case "verify": return try verify(inputs, options: options)
            case "make": return try make(inputs, options: options, dates: dates)
            case "split": return try split(inputs, options: options)
            case "convert": return try convert(inputs, options: options, dates: dates)
            case "edit": return try edit(inputs, options: options)
            default:
                if libraryOperations.contains(operation) {
                    throw .invalidArgument("'\(operation)' is an operation of livephoto-library.wasm, not of livephoto.wasm")
                }
                throw .invalidArgument("unknown operation '\(operation)'; one of \(operations.joined(separator: ", "))")
            }
        }
    }

    /// The outcome of `body`: its error as the command line says it, with its exit status.
    private static func outcome(_ body: () throws(LivePhotoError) -> Outcome) -> Outcome {
        do throws(LivePhotoError) {
            return try body()
        } catch {
            // A browser has no ffmpeg to point at: --ffmpeg is the command line's advice alone.
            let advice: String
            if case .missingTool = error { advice = "" } else { advice = error.commandLineAdvice }
            return .failed(message: error.description + advice, code: error.exitCode)
        }
    }

    /// The error for what needs a program the browser does not have: the command line's words for a missing tool, and
    /// where the work can be done.
    static func needs(_ tool: String, for what: String) -> LivePhotoError {
        .missingTool(
            tool: tool,
            message: "\(what) needs \(tool), which a browser does not have: run livephoto serve or the livephoto command for it")
    }

    /// The media type of an output, by its kind.
    static func mediaType(_ kind: FileKind) -> String {
        switch kind {
        case .jpeg: "image/jpeg"
        case .heic: "image/heic"
        case .avif: "image/avif"
        case .quicktime: "video/quicktime"
        case .mp4: "video/mp4"
        case .zip: "application/zip"
        case .unknown: "application/octet-stream"
        }
    }

    /// The inputs opened and identified, named by their file names.
    static func open(_ inputs: [RandomAccessFile]) throws(LivePhotoError) -> [InputFile] {
        var opened: [InputFile] = []
        for file in inputs { opened.append(try InputFile(opened: file, path: file.path)) }
        return opened
    }
}

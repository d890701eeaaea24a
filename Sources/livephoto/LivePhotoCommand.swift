import ArgumentParser
import LivePhotoKit
import Logging
internal import PortableFoundation

@main
struct LivePhotoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "livephoto",
        abstract: "Make, inspect, verify, split and convert Live Photos and Motion Photos, without re-encoding wherever the bytes allow.",
        discussion: """
            A Live Photo is a still and a movie that carry the same content identifier; a Motion Photo (Android) \
            is one JPEG or HEIC with the video inside. livephoto writes both by copying the image data and every \
            video and audio sample as they are.

            Exit codes:
              0   success
              1   verify: a required check failed (folders: for some Live Photo)
              2   an input cannot be used (missing, malformed, unsupported)
              3   an output already exists (use --force)
              4   writing an output failed
              5   ffmpeg is needed for this input and is not installed
              6   folders: some items failed (each listed with its reason), the rest done
              64  the command line is wrong
              130 interrupted (nothing is left behind)
            """,
        version: "0.1.0",
        subcommands: [
            MakeCommand.self, InspectCommand.self, VerifyCommand.self, SplitCommand.self, ConvertCommand.self, ExportCommand.self,
            EditCommand.self, ScanCommand.self, ImportCommand.self, RepairCommand.self, ServeCommand.self, CaptureCommand.self,
            FormatsCommand.self,
        ]
    )
}

/// Options every command takes.
struct CommonOptions: ParsableArguments {
    @Flag(name: .long, help: "Print the result as JSON on standard output.")
    var json = false

    @Flag(name: .shortAndLong, help: "Log what happens, to standard error.")
    var verbose = false

    /// Sends logs to standard error; a batch over folders reports each item's notes in its result, so only its
    /// warnings are logged unless `--verbose`.
    func bootstrap(batch: Bool = false) {
        let level: Logger.Level = verbose ? .debug : batch ? .warning : .notice
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}

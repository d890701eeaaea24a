import ArgumentParser
import Foundation
import LivePhotoKit

struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Say what stills and movies are: Live Photo or plain, identifier, cover time, codecs.",
        discussion: """
            Reads JPEG, HEIC, QuickTime and MP4 files, Motion Photos and .pvt bundles. Given one still and one
            movie, also says whether they pair. Describes whatever it can read and lists the problems it finds
            (broken Exif, a Motion Photo whose video is not in the file) and exits 0; exits 2 only when a file
            cannot be read or parsed at all. verify is the command that judges a Live Photo.

            Examples:
              livephoto inspect IMG_3853.HEIC IMG_3853.MOV
              livephoto inspect --json clip.mov | jq '.files[0].movie.coverTimeSeconds'
            """
    )

    @Argument(help: "Files to inspect.")
    var files: [String]

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one file") }
    }

    func run() async throws {
        common.bootstrap()
        let report = await LivePhotoInspector.inspect(files)
        if common.json {
            try Output.printJSON(report)
        } else {
            for file in report.files { print(Output.describe(file)) }
            if let pair = report.pair { print("Pair: \(pair.paired ? "yes" : "no") — \(pair.reason)") }
        }
        if report.files.contains(where: { $0.error != nil }) { throw ExitCode(Failure.badInput) }
    }
}

import ArgumentParser
import LivePhotoKit
internal import PortableFoundation

struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Say what stills and movies are: Live Photo or plain, identifier, cover time, codecs.",
        discussion: """
            Reads JPEG, HEIC, QuickTime and MP4 files, Motion Photos and .pvt bundles (a .pvt folder, or one \
            holding metadata.plist); any other folder stands for the files in it. Given one still and one \
            movie, also says whether they pair. Describes whatever it can read and lists the problems it finds \
            (broken Exif, a Motion Photo whose video is not in the file) and exits 0; exits 2 only when a file \
            cannot be read or parsed at all. verify is the command that judges a Live Photo.

            With --boxes, lists every box of each movie or HEIF image (of a JPEG Motion Photo: of its embedded \
            video) with its offset and size, and the fields of the header, edit-list and item boxes: a dump for \
            debugging a file.

            Examples:
              livephoto inspect IMG_3853.HEIC IMG_3853.MOV
              livephoto inspect --json clip.mov | jq '.files[0].movie.coverTimeSeconds'
              livephoto inspect --boxes IMG_3853.MOV
            """
    )

    @Argument(help: "Files to inspect.")
    var files: [String]

    @Flag(help: "List each file's boxes with their offsets, sizes and fields.")
    var boxes = false

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one file") }
    }

    func run() async throws {
        common.bootstrap()
        if boxes { return try listBoxes() }
        let report = await LivePhotoInspector.inspect(files)
        if common.json {
            try Output.printJSON(report)
        } else {
            for file in report.files { print(Output.describe(file)) }
            if let pair = report.pair { print("Pair: \(pair.paired ? "yes" : "no") — \(pair.reason)") }
        }
        if report.files.contains(where: { $0.error != nil }) { throw ExitCode(Failure.badInput) }
    }

    /// `--boxes`: each file's boxes, indented by depth; a file that cannot be listed is reported and the others go on.
    func listBoxes() throws {
        var listings: [BoxListing] = []
        var failed = false
        for file in files {
            do throws(LivePhotoError) {
                listings.append(try BoxListing.read(file))
            } catch {
                failed = true
                StandardStreams.error("livephoto: error: \(error.description)\n")
            }
        }
        if common.json {
            try Output.printJSON(listings)
        } else {
            for listing in listings {
                print("\(listing.path)\(listing.scope == "file" ? "" : " (\(listing.scope))")")
                for box in listing.boxes {
                    let indent = String(repeating: "  ", count: box.depth + 1)
                    print("\(indent)\(box.type)  at \(box.offset), \(box.size) bytes")
                    if !box.fields.isEmpty {
                        print("\(indent)  · " + box.fields.map { "\($0.name)=\($0.value)" }.joined(separator: "  "))
                    }
                    if let problem = box.problem { print("\(indent)  ! \(problem)") }
                }
            }
        }
        if failed { throw ExitCode(Failure.badInput) }
    }
}

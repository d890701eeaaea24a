import ArgumentParser
import Foundation
import LivePhotoKit

struct MakeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make",
        abstract: "Make a Live Photo from a JPEG and an H.264 or HEVC movie, losslessly.",
        discussion: """
            Writes STEM.JPG and STEM.MOV into the output folder (STEM is the video's name unless --name is given).
            The photo gets the identifier in an Apple MakerNote; the movie is rewritten the way an iPhone
            writes it (QuickTime brand, content identifier, a still-image-time track at the cover time). No
            pixel is decoded: image data and media samples are copied byte for byte.

            Examples:
              livephoto make photo.jpg clip.mp4
              livephoto make photo.jpg clip.mov --out ~/LivePhotos --name IMG_0001 --cover 1.5
              livephoto make photo.jpg clip.mov --pvt-zip        # one file to open with Files on an iPhone
              livephoto make photo.jpg clip.mov --id 71DCA213-5710-4A6C-BC6D-CE6306AEB8D8 --force --json
            """
    )

    @Argument(help: "The still: a JPEG.")
    var photo: String

    @Argument(help: "The movie: QuickTime or MP4 with H.264 or HEVC video.")
    var video: String

    @Option(name: .long, help: "The output folder (created if missing).")
    var out: String = "."

    @Option(name: .long, help: "The output file name without extension (default: the video's).")
    var name: String?

    @Option(name: .long, help: "Cover time in seconds, snapped to the nearest frame (default: the middle frame).")
    var cover: Double?

    @Option(name: .long, help: "The content identifier, a UUID (default: a new random one).")
    var id: String?

    @Flag(name: .long, help: "Write a STEM.pvt bundle folder instead of two files.")
    var pvt = false

    @Flag(name: .customLong("pvt-zip"), help: "Write STEM.pvt.zip, the bundle zipped.")
    var pvtZip = false

    @Flag(name: .long, help: "Overwrite existing outputs; replace a MakerNote of another camera maker.")
    var force = false

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if pvt && pvtZip { throw ValidationError("--pvt and --pvt-zip cannot be used together") }
        if let id, ContentIdentifier(id) == nil { throw ValidationError("--id must be a UUID, like 71DCA213-5710-4A6C-BC6D-CE6306AEB8D8") }
        if let cover, !(cover.isFinite && cover >= 0) { throw ValidationError("--cover must be a time in seconds, 0 or more") }
    }

    func run() async throws {
        common.bootstrap()
        InterruptHandling.install()
        let options = MakeOptions(
            outputDirectory: out, name: name, coverTime: cover, identifier: id.flatMap(ContentIdentifier.init),
            packaging: pvtZip ? .zippedBundle : pvt ? .bundle : .pair, force: force)
        let bar = ProgressBar(enabled: !common.json, label: "make")
        let result: MakeResult
        do {
            result = try await LivePhotoMaker.make(photo: photo, video: video, options: options, progress: bar.handler)
        } catch {
            bar.finish()
            throw Failure.report(error, json: common.json)
        }
        bar.finish()
        if common.json {
            try Output.printJSON(result)
            return
        }
        let written = [result.photo, result.movie, result.bundle].compactMap { $0 }
        print("Live Photo \(result.identifier)")
        if let requested = result.requestedCoverTime, abs(requested - result.coverTime) > 0.0005 {
            print("  cover   \(Output.seconds(result.coverTime)) s (the frame nearest \(Output.seconds(requested)) s)")
        } else {
            print("  cover   \(Output.seconds(result.coverTime)) s\(result.keptExistingStillTime ? " (kept from the movie)" : "")")
        }
        for path in written { print("  wrote   \(path)") }
    }
}

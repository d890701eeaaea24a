import ArgumentParser
import LivePhotoKit
internal import PortableFoundation

struct SplitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "split",
        abstract: "Take a Live Photo or a Motion Photo apart into a plain photo and a plain video, without re-encoding.",
        discussion: """
            Inputs: a Live Photo's photo and movie (either order), a .pvt bundle folder, a .pvt.zip, or a Motion \
            Photo (Google Motion Photo JPEG or HEIC, legacy MicroVideo JPEG, Samsung JPEG or HEIC). Several may be \
            given; photos and movies with the same name pair up. Given a Live Photo's photo or movie alone, the other \
            is looked for beside it: the file with the same content identifier first, then the one with the same \
            name in any case and extension (IMG_0001.mov, IMG_0001.MP4); the note says which was taken, and only none \
            or several matching is an error.

            The photo is the image exactly as stored, with what made it live taken out (the Apple content identifier, \
            the Motion Photo XMP, the embedded video), so viewers show a normal photo. The video of a Motion Photo is \
            the embedded MP4 byte for byte (STEM.mp4); a Live Photo's movie loses only its identifier and its \
            still-image-time track. The cover time is reported. Every output keeps the modification time of the \
            file it came from. A photo and a movie whose identifiers differ are two Live Photos, not one: refused \
            unless --force. A file that is neither a Live Photo's part nor a Motion Photo is refused (exit 2).

            Folders: give a folder (or several) instead of files and it splits every Live Photo and Motion Photo in it, \
            as scan finds and pairs them; the outputs mirror the input tree under --out. --jobs N at once; \
            --dry-run; --from FILE (or -) takes the items of scan --json lines; --shard I/N one share of them. An \
            item whose outputs are there and hold is skipped, so a rerun finishes an interrupted batch. One JSON \
            line per item with --json; exit 6 when some items failed (each is named with its reason).

            Examples:
              livephoto split IMG_0001.HEIC IMG_0001.MOV --out plain/
              livephoto split PXL_20240101_120000000.MP.jpg
              livephoto split IMG_0001.pvt.zip --json
              livephoto split *.jpg --out split/
              livephoto split ~/Takeout --out plain/ --jobs 4
            """
    )

    @Argument(help: "Live Photo files (PHOTO MOVIE), .pvt folders, .pvt.zip files or Motion Photos.")
    var files: [String] = []

    @Option(name: .long, help: "The output folder (created if missing).")
    var out: String = "."

    @Option(name: .long, help: "The output name without extension (default: the input's).")
    var name: String?

    @Flag(
        name: .long,
        help:
            "Overwrite existing outputs, and split a photo and a movie that belong to different Live Photos (their identifiers differ; each output keeps its own name). Without it, such a pair is refused (exit 2)."
    )
    var force = false

    @OptionGroup(title: "Folders") var library: LibraryOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
        let batch = library.isBatch(files)
        try library.validate(batch: batch, arguments: files)
        if batch {
            if name != nil { throw ValidationError("--name is for one file, not folders") }
            return
        }
        guard !files.isEmpty else { throw ValidationError("give a Live Photo, a .pvt, a .pvt.zip or a Motion Photo") }
    }

    func run() async throws {
        common.bootstrap(batch: library.isBatch(files))
        InterruptHandling.install()
        if library.isBatch(files) {
            try await BatchRun(label: "split", action: .split, library: library, common: common).run(roots: files, out: out, force: force)
            return
        }
        let options = SplitOptions(outputDirectory: out, name: name, force: force)
        let results = try await ProgressBar.running(label: "split", json: common.json) { progress in
            try await LivePhotoSplitter.split(files, options: options, progress: progress)
        }
        if common.json {
            try Output.printJSON(results)
            return
        }
        for r in results {
            print("\(r.inputs.joined(separator: " + ")): \(r.kind.rawValue)")
            if let cover = r.coverTimeSeconds { print("  cover   \(Output.seconds(cover)) s") }
            if let locator = r.videoLocator, let offset = r.videoOffset, let length = r.videoLength {
                print("  video   \(length) bytes at \(offset), found by \(locator.rawValue)")
            }
            if !r.removed.isEmpty { print("  removed \(r.removed.joined(separator: ", "))") }
            for note in r.notes { print("  note    \(note)") }
            print("  wrote   \(r.photo)")
            print("  wrote   \(r.video)")
        }
    }
}

import ArgumentParser
import LivePhotoKit
internal import PortableFoundation

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Share a Live Photo's movie as a GIF, an MP4 that plays everywhere, or an animated WebP.",
        discussion: """
            Writes STEM.gif, STEM.mp4 or STEM.webp (STEM is the movie's name unless --name is given). Needs ffmpeg. \
            GIFs get a palette made for the clip; MP4s are H.264 and AAC (an H.264 movie kept at its size is copied, \
            not re-encoded); GIF and WebP loop forever unless --loop says otherwise. The photo, when given, is \
            checked to pair with the movie; a photo alone stands for its Live Photo, whose movie is looked for \
            beside it (the same identifier, else the same name).

            Folders: give a folder (or several) instead of files and it exports the movie of every Live Photo in it, \
            as scan finds and pairs them; the outputs mirror the input tree under --out. --jobs N at once; \
            --dry-run; --from FILE (or -) takes the items of scan --json lines; --shard I/N one share of them. An \
            item whose outputs are there and hold is skipped, so a rerun finishes an interrupted batch. One JSON \
            line per item with --json; exit 6 when some items failed (each is named with its reason).

            --effect loop makes a clip that loops without a jump (its last half second cross-fades into its start); \
            --effect bounce plays it forward then backward, no frame shown twice at the turns. Both are silent, as \
            in iOS Photos, written as MP4 unless --to says gif or webp, and named STEM-loop or STEM-bounce. \
            --effect long-exposure writes one still, STEM-long-exposure: the mean of every frame, stabilised first \
            with ffmpeg's libvidstab when it has it (--no-stabilize to skip), in the photo's format (HEIC stays HEIC) \
            with its metadata but not its identifier: a photo, not a Live Photo. It holds one frame's running sum, \
            whatever the length of the movie.

            Examples:
              livephoto export IMG_0001.JPG IMG_0001.MOV --to gif --width 480
              livephoto export IMG_0001.HEIC IMG_0001.MOV --effect bounce
              livephoto export IMG_0001.MOV --effect loop --to webp --width 480
              livephoto export IMG_0001.HEIC IMG_0001.MOV --effect long-exposure
              livephoto export IMG_0001.MOV --to mp4
              livephoto export IMG_0001.HEIC IMG_0001.MOV --to webp --fps 12 --out shared/
              livephoto export ~/Pictures/export --to gif --width 320 --out gifs/
            """
    )

    @Argument(help: "PHOTO MOVIE, or MOVIE alone; or folders, to export every Live Photo in them.")
    var files: [String] = []

    @Option(name: .long, help: "gif, mp4 or webp (with --effect, mp4 when not given).")
    var to: ExportFormat?

    @Option(name: .long, help: "loop, bounce or long-exposure: the effects iOS Photos makes of a Live Photo.")
    var effect: ExportEffect?

    @Flag(name: .customLong("no-stabilize"), help: "long-exposure: average the frames as they are, without stabilising them first.")
    var noStabilize = false

    @Option(name: .long, help: "Width in pixels (height follows).")
    var width: Int?

    @Option(name: .long, help: "Frames per second (GIF default 15).")
    var fps: Double?

    @Option(name: .long, help: "GIF and WebP: times to repeat, 0 for forever.")
    var loop: Int = 0

    @Flag(name: .long, help: "Overwrite the output if it exists.")
    var force = false

    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Folders") var library: LibraryOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
        let batch = library.isBatch(files)
        try library.validate(batch: batch, arguments: files)
        if batch, output.name != nil { throw ValidationError("--name is for one file, not folders") }
        guard batch || (1...2).contains(files.count) else { throw ValidationError("give PHOTO MOVIE, or MOVIE alone") }
        if let width, !(16...8192).contains(width) { throw ValidationError("--width must be between 16 and 8192") }
        if let fps, !(fps > 0 && fps <= 120) { throw ValidationError("--fps must be between 0 and 120") }
        if loop < 0 { throw ValidationError("--loop must be 0 or more") }
        if to == nil, effect == nil { throw ValidationError("give --to gif, mp4 or webp (or an --effect)") }
        if effect == .longExposure, to != nil || width != nil || fps != nil {
            throw ValidationError("--effect long-exposure writes a still: --to, --width and --fps are for movies")
        }
    }

    func run() async throws {
        common.bootstrap(batch: library.isBatch(files))
        InterruptHandling.install()
        if library.isBatch(files) {
            let options = ExportOptions(
                format: to ?? .mp4, outputDirectory: output.out, width: width, fps: fps, loop: loop, force: force,
                ffmpegPath: output.ffmpeg,
                effect: effect)
            try await BatchRun(label: "export", action: .export(options), library: library, common: common).run(
                roots: files, out: output.out, force: force)
            return
        }
        // A photo alone stands for its Live Photo: its movie is looked for beside it.
        let given = files.count == 1 && InputFile.kind(of: files[0]).isStill ? try OtherHalf.pair(files, json: common.json) : nil
        let movie = given?.movie ?? files[files.count - 1]
        if files.count == 2 {
            let report = await LivePhotoVerifier.verify(photo: files[0], movie: movie)
            if !report.passed, !common.json {
                StandardStreams.error("livephoto: note: \(files[0]) and \(movie) do not form a Live Photo; exporting the movie anyway\n")
            }
        }
        let options = ExportOptions(
            format: to ?? .mp4, outputDirectory: output.out, name: output.name, width: width, fps: fps, loop: loop, force: force,
            ffmpegPath: output.ffmpeg, effect: effect, photo: files.count == 2 ? files[0] : given?.photo, stabilize: !noStabilize)
        let result = try await ProgressBar.running(label: "export", json: common.json) { progress in
            try await LivePhotoExporter.export(movie: movie, options: options, progress: progress)
        }
        if common.json {
            try Output.printJSON(result)
        } else {
            for note in result.notes { print("note: \(note)") }
            if let frames = result.framesAveraged {
                print("wrote \(result.output) (the mean of \(frames) frames\(result.stabilized == true ? ", stabilised" : ""))")
            } else {
                print("wrote \(result.output)\(result.videoCopied ? " (H.264 copied, not re-encoded)" : "")")
            }
        }
    }
}

extension ExportFormat: ExpressibleByArgument {}
extension ExportEffect: ExpressibleByArgument {}

import ArgumentParser
import LivePhotoKit
internal import PortableFoundation

struct MakeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make",
        abstract: "Make a Live Photo from a photo and a video, or from a video alone.",
        discussion: """
            Writes STEM.JPG and STEM.MOV into the output folder (STEM is the video's name unless --name is given). \
            The photo and the video may come in either order: they are told apart by their bytes.

            A JPEG and an H.264 or HEVC movie (QuickTime or MP4) are used as they are: the photo gets the identifier \
            in an Apple MakerNote, the movie is rewritten the way an iPhone writes it, and no pixel is decoded. \
            Anything else goes through ffmpeg first: another image becomes a JPEG; a WebM, MKV, GIF, ProRes or \
            fragmented MP4 becomes H.264 (--codec hevc for HEVC), or is only remuxed when its codec already fits. \
            Given a video alone, the still is the frame at the cover time, as players show it.

            Folders: give a folder (or several) instead of files and it makes a Live Photo of every video in it that has no still (plain videos, and Live \
            Photo movies whose still is missing); the outputs mirror the input tree under --out. --jobs N at once; \
            --dry-run; --from FILE (or -) takes the items of scan --json lines; --shard I/N one share of them. An \
            item whose outputs are there and hold is skipped, so a rerun finishes an interrupted batch. One JSON \
            line per item with --json; exit 6 when some items failed (each is named with its reason).

            Examples:
              livephoto make photo.jpg clip.mp4            # lossless
              livephoto make clip.mov --cover 1.2          # the still: the frame at 1.2 s
              livephoto make clip.mov --photo-format heic  # ... as HEIC, like an iPhone
              livephoto make photo.png recording.webm --codec hevc
              livephoto make long-clip.mp4 --cover 12.5 --duration 3  # 3 s around 12.5 s
              livephoto make photo.jpg clip.mov --out ~/LivePhotos --name IMG_0001
              livephoto make photo.jpg clip.mov --force --json \\
                --id 71DCA213-5710-4A6C-BC6D-CE6306AEB8D8
              # fail unless it can animate on the lock screen:
              livephoto make photo.jpg clip.mov --cover 2 --wallpaper
              livephoto make ~/Videos/clips --out ~/Wallpapers --pvt-zip  # a folder
            """
    )

    @Argument(help: "PHOTO VIDEO, or VIDEO alone; or folders, to make a Live Photo of every video in them that has no still.")
    var files: [String] = []

    @Option(name: .long, help: "Cover time in seconds, snapped to the nearest frame (default: the middle frame).")
    var cover: Double?

    @Option(name: .long, help: "Keep this many seconds of video centred on the cover (cut without re-encoding when a keyframe allows).")
    var duration: Double?

    @Option(name: .long, help: "The content identifier, a UUID (default: a new random one).")
    var id: String?

    @Flag(name: .long, help: "Write a STEM.pvt bundle folder instead of two files.")
    var pvt = false

    @Flag(name: .customLong("pvt-zip"), help: "Write STEM.pvt.zip, the bundle zipped.")
    var pvtZip = false

    @Option(name: .customLong("photo-format"), help: "The still's format: jpeg or heic (default: HEIC stays HEIC, others JPEG).")
    var photoFormat: PhotoFormat?

    @Option(name: .long, help: "Quality, 1-100, for a still that must be encoded (a video frame, a converted image, HEIC).")
    var quality: Int = 92

    @Option(name: .long, help: "The codec to encode to when the video's codec is not H.264 or HEVC: h264 or hevc.")
    var codec: VideoCodec = .h264

    @Flag(name: .long, help: "Fail when the lock-screen wallpaper would not animate (fewer than 14 frames before the cover, under 20 fps).")
    var wallpaper = false

    @Flag(name: .customLong("no-wallpaper"), help: "Leave out the per-frame live-photo-info track the lock-screen wallpaper needs.")
    var noWallpaper = false

    @Flag(name: .long, help: "Overwrite existing outputs.")
    var force = false

    @Flag(
        name: .long,
        help:
            "Refuse a photo whose MakerNote another camera maker wrote (a Nikon's, a Samsung's, a Pixel's). Without it, that MakerNote is replaced by Apple's, where Photos reads the identifier, and a note names the maker; the input keeps its own."
    )
    var refuseForeignMakerNote = false

    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Folders") var library: LibraryOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
        let batch = library.isBatch(files)
        try library.validate(batch: batch, arguments: files)
        if batch, id != nil || output.name != nil { throw ValidationError("--id and --name are for one Live Photo, not folders") }
        guard batch || (1...2).contains(files.count) else { throw ValidationError("give PHOTO VIDEO, or VIDEO alone") }
        if pvt && pvtZip { throw ValidationError("--pvt and --pvt-zip cannot be used together") }
        if wallpaper && noWallpaper { throw ValidationError("--wallpaper and --no-wallpaper cannot be used together") }
        if let id, ContentIdentifier(id) == nil { throw ValidationError("--id must be a UUID, like 71DCA213-5710-4A6C-BC6D-CE6306AEB8D8") }
        if let cover, !(cover.isFinite && cover >= 0) { throw ValidationError("--cover must be a time in seconds, 0 or more") }
        if !(1...100).contains(quality) { throw ValidationError("--quality must be between 1 and 100") }
        if let duration, !(duration.isFinite && duration > 0) { throw ValidationError("--duration must be a positive number of seconds") }
    }

    func run() async throws {
        common.bootstrap(batch: library.isBatch(files))
        InterruptHandling.install()
        var options = MakeOptions(
            outputDirectory: output.out, name: output.name, coverTime: cover, identifier: id.flatMap(ContentIdentifier.init),
            packaging: pvtZip ? .zippedBundle : pvt ? .bundle : .pair, force: force, quality: quality, codec: codec,
            ffmpegPath: output.ffmpeg,
            photoFormat: photoFormat, duration: duration, wallpaper: wallpaper ? .required : noWallpaper ? .off : .auto)
        options.refusesForeignMakerNote = refuseForeignMakerNote
        if library.isBatch(files) {
            try await BatchRun(label: "make", action: .make(options), library: library, common: common).run(
                roots: files, out: output.out, force: force)
            return
        }
        let result = try await ProgressBar.running(label: "make", json: common.json) { progress in
            try await LivePhotoMaker.make(
                photo: files.count == 2 ? files[0] : nil, video: files[files.count - 1], options: options, progress: progress)
        }
        if common.json {
            try Output.printJSON(result)
            return
        }
        let written = [result.photo, result.movie, result.bundle].compactMap { $0 }
        print("Live Photo \(result.identifier)")
        if let trim = result.trim {
            print("  cover   \(Output.seconds(result.coverTime)) s into the kept \(Output.seconds(trim.duration)) s")
            print(
                "  trim    from \(Output.seconds(trim.start)) s, \(trim.method == .copied ? "cut at a keyframe without re-encoding" : "re-encoded (no keyframe at the start)")"
            )
        } else if let requested = result.requestedCoverTime, abs(requested - result.coverTime) > 0.0005 {
            print("  cover   \(Output.seconds(result.coverTime)) s (the frame nearest \(Output.seconds(requested)) s)")
        } else {
            print("  cover   \(Output.seconds(result.coverTime)) s\(result.keptExistingStillTime ? " (kept from the movie)" : "")")
        }
        for warning in result.wallpaperWarnings { print("  note    the lock-screen wallpaper will not animate: \(warning)") }
        for note in result.notes { print("  note    \(note)") }
        print("  photo   \(Self.describe(result.photoSource))")
        print("  video   \(Self.describe(result.videoSource))")
        for path in written { print("  wrote   \(path)") }
    }

    static func describe(_ source: MakeResult.PhotoSource) -> String {
        switch source {
        case .lossless: return "copied; only the Exif changed"
        case .converted: return "converted to JPEG"
        case .videoFrame: return "the video frame at the cover time"
        }
    }

    static func describe(_ source: MakeResult.VideoSource) -> String {
        switch source {
        case .lossless: return "copied without re-encoding"
        case .remuxed: return "remuxed (the codec fit; the container did not), then copied"
        case .transcoded: return "transcoded to fit a Live Photo"
        }
    }
}

extension VideoCodec: ExpressibleByArgument {}
extension PhotoFormat: ExpressibleByArgument {}

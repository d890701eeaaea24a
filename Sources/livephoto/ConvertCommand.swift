import ArgumentParser
import LivePhotoKit
internal import PortableFoundation

/// What `convert` makes.
enum ConversionTarget: String, ExpressibleByArgument, CaseIterable {
    case motion
    case live
}

struct ConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a Live Photo to a Google Motion Photo, or a Motion Photo to a Live Photo, without re-encoding.",
        discussion: """
            --to motion PHOTO MOVIE writes STEM.MP.jpg (or STEM.MP.heic for a HEIC photo): the photo with Google's \
            Motion Photo XMP (MotionPhoto, MotionPhotoVersion, MotionPhotoPresentationTimestampUs from the cover time, \
            a Container directory with honest lengths) and the movie's samples in an MP4 behind it (inside an 'mpvd' \
            box for HEIC), then Samsung's SEF trailer naming the same video (a 'sefd' box for HEIC), as Samsung's \
            phones write it: Google Photos and Android's readers find the video by the directory, Samsung Gallery by \
            the trailer (--flavor google leaves the trailer out). Other makers' galleries want their own marks: \
            --flavor oppo, vivo or xiaomi add them to a JPEG (OPPO's OpCamera fields and UserComment oplus_..., \
            vivo's VCamera fields, Xiaomi's MicroVideo fields and Exif 0x8897); --flavor vivo-pair writes the two \
            files of earlier vivo phones, STEM.jpg and STEM.mp4 joined by their footers; --flavor huawei or honor leave the \
            photo as it is and end the file with the LIVE_ tail their galleries read, the video in H.264 (re-encoded \
            when it is not, as their galleries play no HEVC) with its cover in com.openharmony.covertime; \
            'livephoto formats' lists them all. The samples are copied as they are; --video-codec \
            h264 re-encodes an HEVC movie for older players and web galleries. The Live Photo's content identifier \
            stays in the photo's MakerNote and the MP4's metadata, so --to live gives back the same Live Photo \
            (--strip-identifier removes it). In a HEIC the properties go into the primary image's XMP item (a gain \
            map's XMP is left as it is). Any photo and movie can be combined (the result notes when they were not a \
            Live Photo's parts); the parts of two different Live Photos are refused unless --force. Given one part \
            alone, the other is looked for beside it (the same identifier, else the same name), and named.

            --to live MOTIONPHOTO writes STEM.JPG (or .HEIC) and STEM.MOV, a Live Photo whose cover is the Motion \
            Photo's presentation timestamp: snapped to the nearest frame, even when the phone wrote a time past \
            the last frame; the middle frame when there is none (or -1). --cover chooses another. A Motion Photo made \
            from a Live Photo gives back its content identifier (so Photos sees the same asset), else --id or a new \
            one. The photo's \
            MakerNote from Google or Samsung is replaced by Apple's, which carries the identifier. The notes say \
            what was decided. The video must be H.264 or HEVC to stay lossless; anything else goes through ffmpeg \
            as with make.

            Every output keeps the modification time of the file it came from.

            Folders: give a folder (or several) instead of files and it converts every Live Photo in it (--to motion) or every Motion Photo (--to live), \
            as scan finds and pairs them; the outputs mirror the input tree under --out. --jobs N at once; \
            --dry-run; --from FILE (or -) takes the items of scan --json lines; --shard I/N one share of them. An \
            item whose outputs are there and hold is skipped, so a rerun finishes an interrupted batch. One JSON \
            line per item with --json; exit 6 when some items failed (each is named with its reason).

            Examples:
              livephoto convert --to motion IMG_0001.HEIC IMG_0001.MOV --out android/
              # H.264 for old players:
              livephoto convert --to motion IMG_0001.HEIC IMG_0001.MOV --video-codec h264
              livephoto convert --to motion IMG_0001.JPG IMG_0001.MOV --flavor oppo
              livephoto convert --to live PXL_20240101_120000000.MP.jpg --out live/
              livephoto convert --to live samsung.heic --cover 1.5 --pvt-zip --json
              livephoto convert --to motion ~/Pictures/iPhone --out android/  # a library
              livephoto convert --to live ~/Takeout --out iphone/ --shard 0/4  # 1 of 4
            """
    )

    @Option(name: .long, help: "motion (Live Photo to Motion Photo) or live (Motion Photo to Live Photo).")
    var to: ConversionTarget

    @Argument(
        help: "PHOTO MOVIE for --to motion; MOTIONPHOTO (or vivo's PHOTO MOVIE) for --to live; or folders, to convert every item in them.")
    var files: [String] = []

    @Option(name: .long, help: "--to live: the content identifier, a UUID (default: a new random one).")
    var id: String?

    @Flag(name: .customLong("pvt-zip"), help: "--to live: write STEM.pvt.zip instead of two files.")
    var pvtZip = false

    @Option(name: .long, help: "--to live: the cover time in seconds, snapped to the nearest frame (default: the Motion Photo's own).")
    var cover: Double?

    @Option(
        name: .long,
        help: "--to motion: \(MotionPhotoFlavor.commandLineChoices); see 'livephoto formats'.")
    var flavor: MotionConversionOptions.Flavor = .samsung

    @Option(
        name: .customLong("video-codec"),
        help: "--to motion: h264 re-encodes an HEVC movie for players without HEVC (CRF 18); the default copies the samples as they are.")
    var videoCodec: VideoCodec?

    @Flag(
        name: .customLong("strip-identifier"),
        help: "--to motion: remove the Live Photo's content identifier (kept by default, so that --to live gives back the same Live Photo)."
    )
    var stripIdentifier = false

    @Flag(
        name: .long,
        help:
            "Overwrite existing outputs; --to motion: also combine a photo and a movie that belong to different Live Photos (refused without it)."
    )
    var force = false

    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Folders") var library: LibraryOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
        let batch = library.isBatch(files)
        try library.validate(batch: batch, arguments: files)
        if batch {
            if id != nil || cover != nil || output.name != nil {
                throw ValidationError("--id, --cover and --name are for one file, not folders")
            }
            return
        }
        if to == .live, flavor != .samsung || videoCodec != nil || stripIdentifier {
            throw ValidationError("--flavor, --video-codec and --strip-identifier are for --to motion")
        }
        switch to {
        case .motion:
            guard (1...2).contains(files.count) else {
                throw ValidationError("--to motion takes PHOTO MOVIE, or one of them (the other is looked for beside it)")
            }
        case .live:
            guard (1...2).contains(files.count) else {
                throw ValidationError("--to live takes one Motion Photo, or the photo and movie of vivo's two-file live photo")
            }
        }
        if let id, ContentIdentifier(id) == nil { throw ValidationError("--id must be a UUID, like 71DCA213-5710-4A6C-BC6D-CE6306AEB8D8") }
        if let cover {
            guard to == .live else { throw ValidationError("--cover is for --to live; --to motion keeps the movie's cover time") }
            guard cover.isFinite, cover >= 0 else { throw ValidationError("--cover must be a time in seconds, 0 or more") }
        }
    }

    /// What `--to motion` is asked for.
    var motionOptions: MotionConversionOptions {
        MotionConversionOptions(
            outputDirectory: output.out, name: output.name, force: force, flavor: flavor, videoCodec: videoCodec,
            keepsIdentifier: !stripIdentifier, ffmpegPath: output.ffmpeg)
    }

    func run() async throws {
        common.bootstrap(batch: library.isBatch(files))
        InterruptHandling.install()
        if library.isBatch(files) {
            let action: BatchAction =
                to == .motion
                ? .toMotionPhoto(motionOptions)
                : .toLivePhoto(MakeOptions(packaging: pvtZip ? .zippedBundle : .pair, ffmpegPath: output.ffmpeg))
            try await BatchRun(label: "convert", action: action, library: library, common: common).run(
                roots: files, out: output.out, force: force)
            return
        }
        switch to {
        case .motion:
            let (photo, movie) = try OtherHalf.pair(files, json: common.json)
            let result = try await ProgressBar.running(label: "convert", json: common.json) { progress in
                try await LivePhotoConverter.toMotionPhoto(
                    photo: photo, movie: movie,
                    options: motionOptions, progress: progress)
            }
            if common.json {
                try Output.printJSON(result)
            } else {
                print("Motion Photo (\(result.format.rawValue))")
                print("  cover   \(result.presentationTimestampUs) µs")
                print("  video   \(result.videoLength) bytes at \(result.videoOffset)\(result.reencoded ? ", re-encoded to H.264" : "")")
                print("  flavour \(result.flavor.rawValue): \(result.flavor.summary)")
                for note in result.notes { print("  note    \(note)") }
                print("  wrote   \(result.output)")
                if let companion = result.companion { print("  wrote   \(companion)") }
            }
        case .live:
            let options = MakeOptions(
                outputDirectory: output.out, name: output.name, coverTime: cover, identifier: id.flatMap(ContentIdentifier.init),
                packaging: pvtZip ? .zippedBundle : .pair, force: force, ffmpegPath: output.ffmpeg)
            let result = try await ProgressBar.running(label: "convert", json: common.json) { progress in
                try await LivePhotoConverter.toLivePhoto(
                    files[0], movie: files.count == 2 ? files[1] : nil, options: options, progress: progress)
            }
            if common.json {
                try Output.printJSON(result)
            } else {
                print("Live Photo \(result.identifier)")
                print("  cover   \(Output.seconds(result.coverTime)) s")
                for note in result.notes { print("  note    \(note)") }
                for path in [result.photo, result.movie, result.bundle].compactMap({ $0 }) { print("  wrote   \(path)") }
            }
        }
    }
}

extension MotionPhotoFlavor: ExpressibleByArgument {}

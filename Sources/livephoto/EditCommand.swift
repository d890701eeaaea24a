import ArgumentParser
import LivePhotoKit
internal import PortableFoundation

struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit a Live Photo as iOS Photos does: a new key photo, a trimmed movie, the sound off.",
        discussion: """
            Writes a new, edited Live Photo (STEM.JPG or STEM.HEIC and STEM.MOV, STEM the photo's name unless --name \
            is given); the inputs are never touched. Give its photo and movie (either order), one of them (the other \
            is looked for beside it), a .pvt folder or a .pvt.zip. The options combine in one run.

            It keeps the content identifier, so the edited Live Photo replaces the original where it is imported; \
            --new-id gives it a new one, so that both can live side by side.

            --trim START..END keeps that range of the movie (seconds; either side may be left out: 1.2.., ..2.5) \
            without re-encoding: the samples from the keyframe at or before START, an edit list that starts the \
            presentation at the first frame at or after START, the sound cut to the same range. --mute leaves the \
            sound out; the video's samples are the same bytes. --key-photo SECONDS makes the still the movie's frame \
            at that time (on the input movie's timeline, snapped to a frame), in the old still's format (HEIC stays \
            HEIC); the still-image-time moves with it. Without it, the still is kept as it is and keeps its time, \
            which must then lie in the range kept.

            Exit 64 for a range outside the movie, an empty range, or a key photo outside the range kept; nothing is \
            written then.

            Examples:
              livephoto edit IMG_0001.HEIC IMG_0001.MOV --trim 0.5..2.5 --out edited/
              livephoto edit IMG_0001.MOV --mute
              livephoto edit IMG_0001.JPG IMG_0001.MOV --key-photo 1.8 --new-id --json
              livephoto edit IMG_0001.pvt.zip --trim ..2 --mute --pvt-zip
            """
    )

    @Argument(help: "The Live Photo: PHOTO MOVIE, one of them, a .pvt folder or a .pvt.zip.")
    var files: [String] = []

    @Option(name: .customLong("key-photo"), help: "The new key photo: the movie's frame at this time, in seconds.")
    var keyPhoto: Double?

    @Option(name: .long, help: "The range of the movie to keep, START..END in seconds (1.2..2.8, ..2.5 or 0.5..).")
    var trim: String?

    @Flag(name: .long, help: "Leave the sound out.")
    var mute = false

    @Flag(name: .customLong("new-id"), help: "Give the edited Live Photo a new content identifier (default: keep the original's).")
    var newID = false

    @Flag(name: .long, help: "Write a STEM.pvt bundle folder instead of two files.")
    var pvt = false

    @Flag(name: .customLong("pvt-zip"), help: "Write STEM.pvt.zip, the bundle zipped.")
    var pvtZip = false

    @Option(name: .long, help: "JPEG quality, 1-100, of a new key photo.")
    var quality: Int = 92

    @Flag(name: .long, help: "Overwrite existing outputs.")
    var force = false

    @OptionGroup var output: OutputOptions
    @OptionGroup var common: CommonOptions

    /// `START..END`, either side optional.
    static func range(_ text: String) throws -> (Double?, Double?) {
        switch TrimRange.parse(text) {
        case .success(let range): return range
        case .failure(let error): throw ValidationError(error.message)
        }
    }

    func validate() throws {
        guard (1...2).contains(files.count) else { throw ValidationError("give PHOTO MOVIE, one of them, a .pvt or a .pvt.zip") }
        if pvt && pvtZip { throw ValidationError("--pvt and --pvt-zip cannot be used together") }
        if let keyPhoto, !(keyPhoto.isFinite && keyPhoto >= 0) { throw ValidationError("--key-photo must be a time in seconds, 0 or more") }
        if let trim { _ = try Self.range(trim) }
        if !(1...100).contains(quality) { throw ValidationError("--quality must be between 1 and 100") }
    }

    func run() async throws {
        common.bootstrap()
        InterruptHandling.install()
        let (start, end) = try trim.map(Self.range) ?? (nil, nil)
        let options = EditOptions(
            outputDirectory: output.out, name: output.name, force: force, packaging: pvtZip ? .zippedBundle : pvt ? .bundle : .pair,
            keyPhotoTime: keyPhoto, trimStart: start, trimEnd: end, mute: mute, newIdentifier: newID, quality: quality,
            ffmpegPath: output.ffmpeg)
        let result = try await ProgressBar.running(label: "edit", json: common.json) { progress in
            try await LivePhotoEditor.edit(files, options: options, progress: progress)
        }
        if common.json {
            try Output.printJSON(result)
            return
        }
        print("Live Photo \(result.identifier)\(result.newIdentifier ? " (new identifier)" : "")")
        print(
            "  key     \(Output.seconds(result.keyPhotoTime)) s\(result.keyPhotoChanged ? ", a new frame (\(Output.seconds(result.keyPhotoTimeInInput)) s of the input)" : "")"
        )
        if let range = result.trimmed {
            print(
                "  trim    \(Output.seconds(range.start)) to \(Output.seconds(range.end)) s of the input, without re-encoding (from the keyframe at \(Output.seconds(range.keyframe)) s)"
            )
        }
        if result.muted { print("  sound   off") }
        for note in result.notes { print("  note    \(note)") }
        for path in [result.photo, result.movie, result.bundle].compactMap({ $0 }) { print("  wrote   \(path)") }
    }
}

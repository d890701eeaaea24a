import ArgumentParser

/// Where commands that write put their output, and with which ffmpeg.
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: "The output folder (created if missing).")
    var out: String = "."

    @Option(name: .long, help: "The output file name without extension (default: the video's).")
    var name: String?

    @Option(name: .long, help: "The ffmpeg executable (default: ffmpeg on the PATH). Only needed when pixels must change.")
    var ffmpeg: String?

    @Flag(name: .long, help: "Overwrite existing outputs (make: also replace a MakerNote of another camera maker).")
    var force = false
}

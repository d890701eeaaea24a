import ArgumentParser

/// Where commands that write put their output, and with which ffmpeg. Each command declares its own `--force`,
/// since what it allows differs from one command to another.
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: "The output folder (created if missing).")
    var out: String = "."

    @Option(name: .long, help: "The output file name without extension (default: the video's).")
    var name: String?

    @Option(name: .long, help: "The ffmpeg executable (default: ffmpeg on the PATH). Only needed when pixels must change.")
    var ffmpeg: String?
}

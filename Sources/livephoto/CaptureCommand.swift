import ArgumentParser
import Dispatch
import LivePhotoKit
internal import PortableFoundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

struct CaptureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Capture Live Photos from a camera or stream, keeping 1.5 s before and after each press.",
        discussion: """
            Records INPUT all the time, as an iPhone's camera does, into a short ring of segments on disk (memory \
            stays flat however long it runs). Each press of the shutter keeps the movie from --before seconds before \
            the press to --after seconds after it, with the still at the press, and writes a Live Photo through \
            make: LIVE_<date>_<time>_<n>.JPG and .MOV in --out.

            INPUT is what ffmpeg opens (default: /dev/video0 through v4l2 on Linux, camera 0 through avfoundation on \
            macOS; --format names ffmpeg's input format): a webcam, an RTSP or HTTP camera stream, or a file played \
            at its own pace with --realtime. An H.264 or HEVC stream (most IP cameras, many webcams) is copied, \
            never re-encoded: each movie keeps the keyframe at or before its window, and an edit list makes it play \
            from the window's start. Any other stream is encoded once (H.264, or --codec hevc), with a keyframe \
            every half second.

            The shutter: Enter on a terminal (each press a Live Photo), --at SECONDS... from the stream's start, \
            --every N seconds (with --count N), or SIGUSR1 from another program (kill -USR1 PID). Ctrl-C ends it: \
            Live Photos whose post-roll is complete are written, the one in progress is finished with what was \
            recorded and says so. --json prints one line per Live Photo written.

            Exit codes: 0 when it ended as asked; 2 when the input cannot be opened or has no video; 3 when an \
            output exists (without --force); 4 when a Live Photo could not be written; 5 when ffmpeg is missing.

            Examples:
              livephoto capture                      # the webcam; Enter takes one
              livephoto capture rtsp://192.168.1.20/stream1 --every 10 --out ~/Captures
              livephoto capture clip.mp4 --realtime --at 2 4.5   # two from a file
              livephoto capture /dev/video2 --no-audio --photo-format heic --json
            """
    )

    @Argument(help: "What ffmpeg opens: a camera device, a stream URL, or a file (default: the first camera).")
    var input: String?

    @Option(name: .long, help: "ffmpeg's input format, such as v4l2, avfoundation, rtsp, mjpeg.")
    var format: String?

    @Flag(name: .long, help: "Read a file at its own pace, as a camera delivers it.")
    var realtime = false

    @Option(name: .long, help: "Seconds kept before each press.")
    var before: Double = 1.5

    @Option(name: .long, help: "Seconds recorded after each press.")
    var after: Double = 1.5

    @Option(name: .long, parsing: .upToNextOption, help: "Press at these times, in seconds from the stream's start, then end.")
    var at: [Double] = []

    @Option(name: .long, help: "Press every N seconds.")
    var every: Double?

    @Option(name: .long, help: "With --every: end after this many Live Photos.")
    var count: Int?

    @Option(name: .long, help: "The output folder (created if missing).")
    var out: String = "."

    @Option(name: .customLong("photo-format"), help: "The still's format: jpeg or heic (default: jpeg).")
    var photoFormat: PhotoFormat?

    @Flag(name: .customLong("no-audio"), help: "Leave the sound out.")
    var noAudio = false

    @Option(name: .long, help: "The codec a stream that is not H.264 or HEVC is encoded to: h264 or hevc.")
    var codec: VideoCodec = .h264

    @Option(name: .long, help: "The ffmpeg executable (default: ffmpeg on the PATH).")
    var ffmpeg: String?

    @Flag(name: .long, help: "Overwrite files of the same name.")
    var force = false

    @OptionGroup var common: CommonOptions

    func validate() throws {
        for (name, value) in [("--before", before), ("--after", after)] where !(value.isFinite && value >= 0 && value <= 60) {
            throw ValidationError("\(name) must be between 0 and 60 seconds")
        }
        if before + after < 0.1 { throw ValidationError("--before and --after together must keep at least 0.1 s") }
        if let every, !(every.isFinite && every > 0) { throw ValidationError("--every must be a positive number of seconds") }
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
        if count != nil && every == nil { throw ValidationError("--count goes with --every") }
        if !at.isEmpty && every != nil { throw ValidationError("--at and --every cannot be used together") }
        if at.contains(where: { !($0.isFinite && $0 >= 0) }) { throw ValidationError("--at takes times in seconds, 0 or more") }
    }

    func run() async throws {
        common.bootstrap()
        let camera = CaptureOptions.defaultCamera
        let options = CaptureOptions(
            input: input ?? camera.input, inputFormat: format ?? (input == nil ? camera.format : nil), realtime: realtime,
            before: before, after: after, outputDirectory: out, photoFormat: photoFormat, audio: !noAudio, codec: codec,
            ffmpegPath: ffmpeg, force: force)
        let (shutter, continuation) = AsyncStream.makeStream(of: LivePhotoCapture.ShutterEvent.self)
        let signals = Self.listen(continuation)
        defer { signals.forEach { $0.cancel() } }
        if !at.isEmpty {
            for time in at { continuation.yield(.pressAt(time)) }
            continuation.finish()
        } else if let every {
            continuation.yield(.every(seconds: every, count: count))
            if count != nil { continuation.finish() }
            if count == nil && isatty(STDERR_FILENO) == 1 && !common.json {
                StandardStreams.error("Recording \(options.input): a Live Photo every \(every) s. Ctrl-C ends.\n")
            }
        } else {
            if isatty(STDIN_FILENO) == 1 && !common.json {
                StandardStreams.error("Recording \(options.input). Enter takes a Live Photo; Ctrl-C ends.\n")
            }
            Self.readEnter(continuation)
        }
        let json = common.json
        let captured: [CapturedLivePhoto]
        do {
            captured = try await LivePhotoCapture.run(options: options, shutter: shutter) { photo in
                if json {
                    // One line per Live Photo, as it is written.
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                    if let line = try? encoder.encode(photo) { print(String(decoding: line, as: UTF8.self)) }
                } else {
                    let files = [photo.photo, photo.movie].compactMap { $0 }.joined(separator: ", ")
                    print("Live Photo at \(Output.seconds(photo.pressTime)) s: \(files)")
                    for note in photo.notes { print("  note    \(note)") }
                }
                fflush(nil)
            }
        } catch {
            throw Failure.report(error, json: common.json)
        }
        if !json { print("\(captured.count) Live Photo\(captured.count == 1 ? "" : "s") written") }
    }

    /// Ctrl-C and SIGTERM stop the capture (a second one exits at once); SIGUSR1 is a press.
    static func listen(_ continuation: AsyncStream<LivePhotoCapture.ShutterEvent>.Continuation) -> [DispatchSourceSignal] {
        let stops = StopCount()
        var sources: [DispatchSourceSignal] = []
        for (number, event) in [(SIGINT, LivePhotoCapture.ShutterEvent.stop), (SIGTERM, .stop), (SIGUSR1, .press)] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if event == .stop, stops.increment() > 1 { _exit(130) }
                continuation.yield(event)
            }
            source.resume()
            sources.append(source)
        }
        return sources
    }

    /// Each line on standard input is a press; its end, after a line, ends the capture once the presses are
    /// written (standard input empty from the start, as under a service manager, leaves the signals to end it).
    static func readEnter(_ continuation: AsyncStream<LivePhotoCapture.ShutterEvent>.Continuation) {
        DispatchQueue(label: "livephoto.capture.stdin").async {
            var lines = 0
            while readLine() != nil {
                lines += 1
                continuation.yield(.press)
            }
            if lines > 0 || isatty(STDIN_FILENO) == 1 { continuation.finish() }
        }
    }
}

/// How many stop signals came.
private final class StopCount: Sendable {
    private let count = Atomic(0)

    func increment() -> Int {
        count.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
    }
}

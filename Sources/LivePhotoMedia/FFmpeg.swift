internal import PortableFoundation
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// ffmpeg and ffprobe, found on the PATH or at a path the user gives. Every pixel operation of the project
/// goes through this one type; the lossless path never needs it.
public struct FFmpeg: Sendable {
    public let ffmpegPath: String
    public let ffprobePath: String

    static let installHint =
        "Install it with 'apt-get install ffmpeg' (Debian, Ubuntu) or 'brew install ffmpeg' (macOS)."

    /// Finds ffmpeg (and the ffprobe beside it, else on the PATH).
    /// - Parameter explicitPath: an ffmpeg executable named by the user; nil searches the PATH.
    public static func locate(explicitPath: String? = nil) throws(MediaToolError) -> FFmpeg {
        let ffmpeg: String
        if let explicitPath {
            guard FileManager.default.isExecutableFile(atPath: explicitPath) else {
                throw .missing(tool: "ffmpeg", hint: "\(explicitPath) is not an executable file.")
            }
            ffmpeg = explicitPath
        } else {
            guard let found = search("ffmpeg") else { throw .missing(tool: "ffmpeg", hint: installHint) }
            ffmpeg = found
        }
        let beside = URL(fileURLWithPath: ffmpeg).deletingLastPathComponent().appendingPathComponent("ffprobe").path
        let ffprobe = FileManager.default.isExecutableFile(atPath: beside) ? beside : search("ffprobe")
        guard let ffprobe else { throw .missing(tool: "ffprobe", hint: installHint) }
        return FFmpeg(ffmpegPath: ffmpeg, ffprobePath: ffprobe)
    }

    static func search(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs ffmpeg with `arguments` (inputs, filters, outputs), reporting progress from its `-progress` output.
    ///
    /// - Parameters:
    ///   - arguments: everything after the global options this adds (`-nostdin -y -v error -progress pipe:1`).
    ///   - file: the input the step is about, for error messages.
    ///   - duration: the output's expected length in seconds, to turn ffmpeg's time into a fraction.
    ///   - progress: called with 0...1 as ffmpeg reports.
    ///   - shouldStop: polled at each report; when it returns true ffmpeg is terminated and ``MediaToolError/stopped`` thrown.
    public func run(
        _ arguments: [String], file: String, duration: Double?, progress: (@Sendable (Double) -> Void)? = nil,
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) async throws(MediaToolError) {
        let all = ["-hide_banner", "-nostdin", "-y", "-v", "error", "-progress", "pipe:1", "-nostats"] + arguments
        let stopped: Bool
        let status: TerminationStatus
        let errorText: String
        do {
            let result = try await Subprocess.run(
                .path(FilePath(ffmpegPath)), arguments: Arguments(all), input: .none, output: .sequence,
                error: .string(limit: 1 << 20)
            ) { execution in
                var stop = false
                for try await line in execution.standardOutput.strings() {
                    if shouldStop() || Task.isCancelled {
                        if !stop {
                            // SIGTERM first; ffmpeg can hang while shutting down, so SIGKILL follows after 2 s.
                            // The loop keeps draining its output meanwhile, so it never blocks writing progress.
                            let running = execution
                            Task.detached {
                                await running.teardown(using: [.send(signal: .terminate, allowedDurationToNextStep: .seconds(2))])
                            }
                        }
                        stop = true
                        continue
                    }
                    if let fraction = Self.progressFraction(line, duration: duration) { progress?(fraction) }
                }
                return stop
            }
            stopped = result.closureResult
            status = result.terminationStatus
            errorText = result.standardError
        } catch {
            throw .failed(tool: "ffmpeg", file: file, message: "\(error)")
        }
        if stopped { throw .stopped }
        guard status.isSuccess else {
            let tail = errorText.split(separator: "\n").suffix(3).joined(separator: "; ")
            throw .failed(tool: "ffmpeg", file: file, message: tail.isEmpty ? "\(status)" : tail)
        }
        progress?(1)
    }

    /// Reads one line of `-progress` output: `out_time_us=…` gives a fraction of `duration`.
    static func progressFraction(_ line: String, duration: Double?) -> Double? {
        let trimmed = line.trimmingWhitespace(newlines: true)
        if trimmed == "progress=end" { return 1 }
        guard let duration, duration > 0, trimmed.hasPrefix("out_time_us="), let us = Double(trimmed.dropFirst(12)), us >= 0 else {
            return nil
        }
        return min(1, us / 1_000_000 / duration)
    }

    /// Runs ffprobe and returns its standard output.
    func probeOutput(_ arguments: [String], file: String) async throws(MediaToolError) -> String {
        do {
            let result = try await Subprocess.run(
                .path(FilePath(ffprobePath)), arguments: Arguments(["-v", "error"] + arguments), output: .string(limit: 64 << 20),
                error: .string(limit: 1 << 20))
            guard result.terminationStatus.isSuccess else {
                let message = result.standardError.split(separator: "\n").suffix(3).joined(separator: "; ")
                throw MediaToolError.failed(tool: "ffprobe", file: file, message: message.isEmpty ? "cannot read the file" : message)
            }
            return result.standardOutput
        } catch let error as MediaToolError {
            throw error
        } catch {
            throw .failed(tool: "ffprobe", file: file, message: "\(error)")
        }
    }
}

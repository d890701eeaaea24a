internal import PortableFoundation
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

extension FFmpeg {
    /// True when this ffmpeg has libvidstab's two filters.
    public func hasStabilizer() async -> Bool {
        guard
            let result = try? await Subprocess.run(
                .path(FilePath(ffmpegPath)), arguments: ["-hide_banner", "-filters"], output: .string(limit: 1 << 20), error: .discarded)
        else { return false }
        return result.standardOutput.contains("vidstabtransform")
    }

    /// The mean of every frame of `video`, as iOS Photos' Long Exposure makes it, written to `output` as a binary
    /// PPM: frames are decoded one at a time (turned as players show them) and summed, so memory is one frame's
    /// sum. With `stabilize`, libvidstab first measures the shake into `work` and each frame is moved back before it
    /// is added.
    /// - Returns: the number of frames averaged.
    public func meanFrame(
        of video: String, to output: String, stabilize: Bool, work: String, duration: Double?,
        progress: (@Sendable (Double) -> Void)? = nil, shouldStop: @escaping @Sendable () -> Bool = { false }
    ) async throws(MediaToolError) -> Int {
        var filters: [String] = []
        if stabilize {
            let transforms = "\(work)/shake.trf"
            // Filter option values escape ':' and '\' (the work folder is the caller's, never the user's text).
            let escaped = transforms.replacing(every: "\\", with: "\\\\").replacing(every: ":", with: "\\:")
            try await run(
                [
                    "-i", video, "-map", "0:v:0", "-vf", "format=yuv420p,vidstabdetect=shakiness=5:accuracy=15:result=\(escaped)", "-f",
                    "null", "-",
                ],
                file: video, duration: duration, progress: { progress?($0 / 2) }, shouldStop: shouldStop)
            // libvidstab takes 8-bit pictures only (an iPhone's HEVC is 10-bit).
            filters += ["format=yuv420p", "vidstabtransform=input=\(escaped):smoothing=0:optzoom=0:crop=keep"]
        }
        filters.append("format=rgb24")
        let arguments = [
            "-hide_banner", "-nostdin", "-v", "error", "-i", video, "-map", "0:v:0", "-vf", filters.joined(separator: ","), "-f",
            "image2pipe", "-c:v", "ppm", "pipe:1",
        ]
        let average: FrameAverage
        let status: TerminationStatus
        let errorText: String
        do {
            let result = try await Subprocess.run(
                .path(FilePath(ffmpegPath)), arguments: Arguments(arguments), input: .none, output: .sequence,
                error: .string(limit: 1 << 20)
            ) { execution in
                var sum = FrameAverage()
                var stopped = false
                for try await buffer in execution.standardOutput {
                    if stopped { continue }
                    if shouldStop() || Task.isCancelled {
                        stopped = true
                        let running = execution
                        Task.detached {
                            await running.teardown(using: [.send(signal: .terminate, allowedDurationToNextStep: .seconds(2))])
                        }
                        continue
                    }
                    try buffer.withUnsafeBytes { raw throws(MediaToolError) in try sum.add(raw) }
                    if let duration, duration > 0, sum.frames % 30 == 0 {
                        progress?((stabilize ? 0.5 : 0) + min(1, Double(sum.frames) / 30 / duration) * (stabilize ? 0.5 : 1))
                    }
                }
                return (sum, stopped)
            }
            guard !result.closureResult.1 else { throw MediaToolError.stopped }
            average = result.closureResult.0
            status = result.terminationStatus
            errorText = result.standardError
        } catch let error as MediaToolError {
            throw error
        } catch {
            throw .failed(tool: "ffmpeg", file: video, message: "\(error)")
        }
        guard status.isSuccess else {
            let tail = errorText.split(separator: "\n").suffix(3).joined(separator: "; ")
            throw .failed(tool: "ffmpeg", file: video, message: tail.isEmpty ? "\(status)" : tail)
        }
        guard let ppm = average.meanPPM() else { throw .failed(tool: "ffmpeg", file: video, message: "no frame was decoded") }
        do {
            try Data(ppm).write(to: URL(fileURLWithPath: output))
        } catch {
            throw .failed(tool: "ffmpeg", file: video, message: "cannot write the mean frame: \(String(systemErrorOf: error))")
        }
        progress?(1)
        return average.frames
    }
}

internal import PortableFoundation
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

extension FFmpeg {
    /// An MP4 a browser plays (H.264, AAC, header first): the video stream copied when it is already H.264, else
    /// encoded quickly; audio AAC. For display only: the original is never replaced.
    public func browserVideo(_ input: String, to output: String, maxWidth: Int = 1280) async throws(MediaToolError) {
        let info = try await probe(input)
        guard let video = info.video else { throw .failed(tool: "ffprobe", file: input, message: "no video stream") }
        var arguments = ["-i", input, "-map", "0:v:0", "-map", "0:a:0?"]
        if video.codec == "h264" {
            arguments += ["-c:v", "copy"]
        } else {
            arguments += [
                "-vf", "scale='min(\(maxWidth),iw)':-2", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p",
            ]
        }
        arguments += info.audio?.codec == "aac" ? ["-c:a", "copy"] : ["-c:a", "aac", "-b:a", "128k"]
        arguments += ["-movflags", "+faststart", "-f", "mp4", output]
        try await run(arguments, file: input, duration: info.duration)
    }
}

/// libheif's `heif-convert`, which decodes HEIC to JPEG for display (Debian's 1.15 cannot read every recent
/// iPhone HEIC; callers fall back to a video frame).
public struct HEIFDecoder: Sendable {
    public let path: String

    /// Finds `heif-convert` on the PATH, or nil.
    public static func locate() -> HEIFDecoder? { FFmpeg.search("heif-convert").map(HEIFDecoder.init) }

    /// Decodes the primary image of `heic` to the JPEG `output`.
    public func decode(_ heic: String, to output: String) async throws(MediaToolError) {
        do {
            let result = try await Subprocess.run(
                .path(FilePath(path)), arguments: Arguments(["-q", "85", heic, output]), output: .discarded,
                error: .string(limit: 1 << 20))
            guard result.terminationStatus.isSuccess, FileManager.default.fileExists(atPath: output) else {
                throw MediaToolError.failed(
                    tool: "heif-convert", file: heic, message: result.standardError.split(separator: "\n").suffix(2).joined(separator: "; ")
                )
            }
        } catch let error as MediaToolError {
            throw error
        } catch {
            throw .failed(tool: "heif-convert", file: heic, message: "\(error)")
        }
    }
}

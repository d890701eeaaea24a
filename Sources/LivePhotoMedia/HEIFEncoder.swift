internal import PortableFoundation
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// libheif's `heif-enc`, which encodes a JPEG as HEIC and carries its Exif (and so an Apple MakerNote) into
/// the HEIC's Exif item.
public struct HEIFEncoder: Sendable {
    public let path: String

    /// Finds `heif-enc` on the PATH.
    public static func locate() throws(MediaToolError) -> HEIFEncoder {
        guard let found = FFmpeg.search("heif-enc") else {
            throw .missing(
                tool: "heif-enc",
                hint: "Install it with 'apt-get install libheif-examples' (Debian, Ubuntu) or 'brew install libheif' (macOS).")
        }
        return HEIFEncoder(path: found)
    }

    /// Encodes `jpeg` as HEIC at `quality` (1...100), keeping its Exif.
    public func encode(_ jpeg: String, to output: String, quality: Int) async throws(MediaToolError) {
        do {
            let result = try await Subprocess.run(
                .path(FilePath(path)), arguments: Arguments(["-q", String(min(100, max(1, quality))), jpeg, "-o", output]),
                output: .discarded, error: .string(limit: 1 << 20))
            guard result.terminationStatus.isSuccess, FileManager.default.fileExists(atPath: output) else {
                throw MediaToolError.failed(
                    tool: "heif-enc", file: jpeg, message: result.standardError.split(separator: "\n").suffix(2).joined(separator: "; "))
            }
        } catch let error as MediaToolError {
            throw error
        } catch {
            throw .failed(tool: "heif-enc", file: jpeg, message: "\(error)")
        }
    }
}

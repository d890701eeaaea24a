import LivePhotoCore
import LivePhotoMedia
internal import PortableFoundation

/// A private folder for one repair's ffmpeg steps, and the ffmpeg they run: made before the first step, removed by the
/// caller (`defer { work.remove() }`) whatever happens.
struct RepairWorkFolder {
    let path: String
    let ffmpeg: FFmpeg

    /// Makes the folder and finds ffmpeg (`ffmpegPath`, else on the PATH).
    /// - Throws: ``LivePhotoError`` when the folder cannot be made or ffmpeg is missing (the folder is then removed).
    init(ffmpegPath: String?) throws(LivePhotoError) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("livephoto-repair-\(UUID().uuidString)").path
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw .writeFailed(path: "a temporary folder", reason: "cannot be made")
        }
        do { ffmpeg = try FFmpeg.locate(explicitPath: ffmpegPath) } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw MediaSteps.wrap(error, file: nil)
        }
        self.path = path
    }

    /// Removes the folder and what the steps left in it.
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

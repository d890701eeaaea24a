import Foundation
import LivePhotoKit
import LivePhotoMedia
import MediaFormats

/// Display copies for browsers, which show neither HEIC nor (Chromium) HEVC: a JPEG of the still and an H.264 MP4
/// of the movie. Made once per folder and reused; requests for the same preview share one ffmpeg run. Downloads
/// always send the originals.
actor PreviewMaker {
    let ffmpegPath: String?
    let slots: ToolSlots
    private var inFlight: [String: Task<String, any Error>] = [:]

    init(ffmpegPath: String?, slots: ToolSlots) {
        self.ffmpegPath = ffmpegPath
        self.slots = slots
    }

    /// A JPEG to show for `still`: the still itself when it is a JPEG; a HEIC decoded by heif-convert, or else the
    /// movie's frame at the cover time (the still is that frame).
    func photo(_ still: String, movie: String?, cover: Double?, in folder: String) async throws -> String {
        let file = try RandomAccessFile(path: still)
        if try FileKind.detect(file) == .jpeg { return still }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let output = "\(folder)/preview.jpg"
        let ffmpegPath = self.ffmpegPath
        return try await once(output) {
            if let decoder = HEIFDecoder.locate(), (try? await decoder.decode(still, to: output)) != nil { return output }
            guard let movie else { throw MediaToolError.failed(tool: "heif-convert", file: still, message: "cannot decode this HEIC") }
            try await FFmpeg.locate(explicitPath: ffmpegPath).extractFrame(from: movie, seekSeconds: cover ?? 0, to: output, quality: 85)
            return output
        }
    }

    /// An H.264/AAC MP4 of `movie`.
    func video(_ movie: String, in folder: String, progress: (@Sendable (Double) -> Void)? = nil) async throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let output = "\(folder)/preview.mp4"
        let ffmpegPath = self.ffmpegPath
        return try await once(output) {
            let temporary = "\(folder)/.preview-\(UUID().uuidString.prefix(8)).mp4"
            defer { try? FileManager.default.removeItem(atPath: temporary) }
            try await FFmpeg.locate(explicitPath: ffmpegPath).browserVideo(movie, to: temporary)
            try FileManager.default.moveItem(atPath: temporary, toPath: output)
            return output
        }
    }

    /// Runs `make` for `output` unless the file exists or a run for it is under way.
    private func once(_ output: String, _ make: @escaping @Sendable () async throws -> String) async throws -> String {
        if FileManager.default.fileExists(atPath: output) { return output }
        if let running = inFlight[output] { return try await running.value }
        let slots = self.slots
        let task = Task { try await slots.run { try await make() } }
        inFlight[output] = task
        defer { inFlight[output] = nil }
        return try await task.value
    }
}

import Foundation
import LivePhotoMedia
import MediaFormats

/// What `export` should do.
public struct ExportOptions: Sendable {
    public var format: ExportFormat
    public var outputDirectory: String
    /// Output name without extension; defaults to the movie's.
    public var name: String?
    public var width: Int?
    public var fps: Double?
    /// GIF and WebP: repeat count, 0 for forever.
    public var loop: Int
    public var force: Bool
    public var ffmpegPath: String?
    /// Loop or Bounce, as iOS Photos makes them (silent); the output is then named `STEM-loop` or `STEM-bounce`
    /// unless a name is given.
    public var effect: ExportEffect?

    public init(
        format: ExportFormat, outputDirectory: String = ".", name: String? = nil, width: Int? = nil, fps: Double? = nil, loop: Int = 0,
        force: Bool = false, ffmpegPath: String? = nil, effect: ExportEffect? = nil
    ) {
        self.effect = effect
        self.format = format
        self.outputDirectory = outputDirectory
        self.name = name
        self.width = width
        self.fps = fps
        self.loop = loop
        self.force = force
        self.ffmpegPath = ffmpegPath
    }
}

/// What `export` wrote.
public struct ExportResult: Sendable, Codable, Equatable {
    public var format: ExportFormat
    public var output: String
    /// MP4 only: true when the H.264 stream was copied rather than encoded.
    public var videoCopied: Bool
}

/// Turns a Live Photo's movie into a GIF, an MP4 that plays everywhere, or an animated WebP.
public enum LivePhotoExporter {
    /// Exports `movie` (the Live Photo's, or any video ffmpeg reads).
    /// - Throws: ``LivePhotoError``; nothing is left behind when it does.
    public static func export(movie: String, options: ExportOptions, progress: ProgressHandler? = nil) async throws(LivePhotoError)
        -> ExportResult
    {
        let file = try LivePhotoMaker.open(movie)
        guard file.size > 0 else { throw .badInput(file: movie, reason: "the file is empty") }
        let tool: FFmpeg
        do { tool = try FFmpeg.locate(explicitPath: options.ffmpegPath) } catch { throw MediaSteps.wrap(error, file: nil) }
        let info: MediaInfo
        do { info = try await tool.probe(movie) } catch { throw MediaSteps.wrap(error, file: movie) }
        guard let video = info.video else { throw .badInput(file: movie, reason: "there is no video stream in it") }

        let base = URL(fileURLWithPath: movie).deletingPathExtension().lastPathComponent
        let stem = try LivePhotoMaker.stemName(options.name ?? options.effect.map { "\(base)-\($0.rawValue)" } ?? base)
        try OutputLocation.prepareFolder(options.outputDirectory)
        let destination = "\(options.outputDirectory)/\(stem).\(options.format.fileExtension)"
        try OutputLocation.check([destination], inputs: [movie], force: options.force)
        let temporary = OutputLocation.temporaryName(beside: destination)
        defer { OutputLocation.remove(temporary) }
        let copy = options.format == .mp4 && video.codec == "h264" && options.width == nil && options.fps == nil && options.effect == nil
        let phase = OperationProgress.Phase.export(options.format)
        do {
            try await tool.export(
                movie, to: temporary, format: options.format.media, width: options.width, fps: options.fps, loop: options.loop,
                duration: options.effect == nil ? info.duration ?? video.duration : video.duration ?? info.duration, copyVideo: copy,
                copyAudio: info.audio?.codec == "aac",
                effect: options.effect?.media, frameCount: video.frameCount ?? 0,
                progress: { progress?(OperationProgress(fraction: $0, phase: phase)) }, shouldStop: { InterruptHandling.requested })
        } catch {
            throw MediaSteps.wrap(error, file: movie).renamingFile(temporary, as: destination)
        }
        FileDates.copyModificationTime(from: movie, to: temporary)
        try OutputLocation.moveIntoPlace(temporary, destination, force: options.force)
        PendingOutputs.shared.finish([destination])
        return ExportResult(format: options.format, output: destination, videoCopied: copy)
    }
}

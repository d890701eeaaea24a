import LivePhotoMedia
import MediaFormats
internal import PortableFoundation

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
    /// Long Exposure: the Live Photo's still, whose format (HEIC or JPEG) and metadata (but not its identifier) the
    /// result takes; nil writes a JPEG without them.
    public var photo: String?
    /// Long Exposure: stabilise the frames first (ffmpeg's libvidstab, when it has it).
    public var stabilize: Bool
    /// Long Exposure: the JPEG (or HEIC) quality.
    public var quality: Int

    public init(
        format: ExportFormat, outputDirectory: String = ".", name: String? = nil, width: Int? = nil, fps: Double? = nil, loop: Int = 0,
        force: Bool = false, ffmpegPath: String? = nil, effect: ExportEffect? = nil, photo: String? = nil, stabilize: Bool = true,
        quality: Int = 92
    ) {
        self.effect = effect
        self.photo = photo
        self.stabilize = stabilize
        self.quality = quality
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
    public var effect: ExportEffect?
    /// Long Exposure: the frames averaged, and whether they were stabilised first.
    public var framesAveraged: Int?
    public var stabilized: Bool?
    public var notes: [String] = []
}

/// Turns a Live Photo's movie into a GIF, an MP4 that plays everywhere, or an animated WebP.
public enum LivePhotoExporter {
    /// Exports `movie` (the Live Photo's, or any video ffmpeg reads).
    /// - Throws: `LivePhotoError`; nothing is left behind when it does.
    public static func export(movie: String, options: ExportOptions, progress: ProgressHandler? = nil) async throws(LivePhotoError)
        -> ExportResult
    {
        let file = try InputFile(path: movie).file
        guard file.size > 0 else { throw .badInput(file: movie, reason: "the file is empty") }
        let tool: FFmpeg
        do { tool = try FFmpeg.locate(explicitPath: options.ffmpegPath) } catch { throw MediaSteps.wrap(error, file: nil) }
        let info: MediaInfo
        do { info = try await tool.probe(movie) } catch { throw MediaSteps.wrap(error, file: movie) }
        guard let video = info.video else { throw .badInput(file: movie, reason: "there is no video stream in it") }
        if options.effect == .longExposure {
            return try await longExposure(
                movie: movie, options: options, tool: tool, duration: video.duration ?? info.duration, progress: progress)
        }

        let base = URL(fileURLWithPath: movie).deletingPathExtension().lastPathComponent
        let stem = try LivePhotoMaker.stemName(options.name ?? PlannedOutputs.exportName(base: base, effect: options.effect))
        try OutputLocation.prepareFolder(options.outputDirectory)
        let destination = PlannedOutputs.export(
            name: stem, folder: options.outputDirectory, format: options.format, effect: options.effect, photoKind: nil)
        let outputs = try OutputTransaction([destination], inputs: [movie], force: options.force)
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
        outputs.adopt(temporary, as: destination, datedLike: movie)
        try outputs.commit()
        return ExportResult(format: options.format, output: destination, videoCopied: copy, effect: options.effect)
    }

    /// Long Exposure: the mean of every frame (stabilised first when ffmpeg can), as a still in the photo's format
    /// with its metadata but not its identifier (a photo, not a Live Photo). Memory is one frame's running sum.
    static func longExposure(movie: String, options: ExportOptions, tool: FFmpeg, duration: Double?, progress: ProgressHandler?)
        async throws(LivePhotoError) -> ExportResult
    {
        let heic = options.photo.map { InputFile.kind(of: $0) == .heic } ?? false
        let base = URL(fileURLWithPath: movie).deletingPathExtension().lastPathComponent
        let stem = try LivePhotoMaker.stemName(options.name ?? PlannedOutputs.exportName(base: base, effect: .longExposure))
        try OutputLocation.prepareFolder(options.outputDirectory)
        let destination = PlannedOutputs.export(
            name: stem, folder: options.outputDirectory, format: options.format, effect: .longExposure, photoKind: heic ? .heic : .jpeg)
        let outputs = try OutputTransaction([destination], inputs: [movie] + (options.photo.map { [$0] } ?? []), force: options.force)
        let work = try OutputLocation.temporaryFolder(beside: destination)
        defer { OutputLocation.remove(work) }
        var notes: [String] = []
        let stabilize = options.stabilize ? await tool.hasStabilizer() : false
        if options.stabilize, !stabilize { notes.append("this ffmpeg has no libvidstab: the frames were averaged as they are") }
        do throws(LivePhotoError) {
            let frames: Int
            do {
                frames = try await tool.meanFrame(
                    of: movie, to: "\(work)/mean.ppm", stabilize: stabilize, work: work, duration: duration,
                    progress: { progress?(OperationProgress(fraction: $0, phase: .longExposure)) },
                    shouldStop: { InterruptHandling.requested })
                try await tool.convertToJPEG("\(work)/mean.ppm", to: "\(work)/mean.jpg", quality: options.quality)
            } catch {
                throw MediaSteps.wrap(error, file: movie)
            }
            var still = "\(work)/mean.jpg"
            if let photo = options.photo {
                still = try KeyPhotoMetadata.carry(from: photo, into: still, work: work, removingIdentifier: true)
            }
            if heic {
                do {
                    try await HEIFEncoder.locate().encode(still, to: "\(work)/mean.heic", quality: options.quality)
                } catch {
                    throw MediaSteps.wrap(error, file: movie)
                }
                still = "\(work)/mean.heic"
            }
            outputs.adopt(still, as: destination, datedLike: options.photo ?? movie)
            try outputs.commit()
            return ExportResult(
                format: options.format, output: destination, videoCopied: false, effect: .longExposure, framesAveraged: frames,
                stabilized: stabilize, notes: notes)
        } catch {
            throw error.renamingFiles(in: work) { name in name.isEmpty ? movie : "\(movie)'s long exposure" }
        }
    }
}

import Foundation
import Logging
import MediaFormats

/// What `convert --to motion` wrote.
public struct MotionConversionResult: Sendable, Codable, Equatable {
    public var output: String
    /// `jpeg` or `heic`.
    public var format: FileKind
    /// The still's time in the video, written as `MotionPhotoPresentationTimestampUs`.
    public var presentationTimestampUs: Int64
    /// Where the MP4 sits in the output, as Google's rule finds it.
    public var videoOffset: Int64
    public var videoLength: Int64
}

/// Converts between Apple Live Photos and Google Motion Photos, without re-encoding.
public enum LivePhotoConverter {
    static let logger = Logger(label: "livephoto.convert")

    /// A Live Photo (still and movie) to a Google Motion Photo v1: `STEM.MP.jpg` or `STEM.MP.heic`.
    ///
    /// The still keeps its image data; the movie's samples move from QuickTime to MP4 unchanged (video and audio
    /// tracks; Apple's timed metadata is left out); the cover time becomes the presentation timestamp.
    public static func toMotionPhoto(
        photo: String, movie: String, outputDirectory: String = ".", name: String? = nil, force: Bool = false,
        progress: ProgressHandler? = nil
    ) async throws(LivePhotoError) -> MotionConversionResult {
        let stillFile = try LivePhotoMaker.open(photo), movieFile = try LivePhotoMaker.open(movie)
        let kind = try naming(photo) { try FileKind.detect(stillFile) }
        guard kind == .jpeg || kind == .heic else {
            throw .badInput(file: photo, reason: kind.isMovie ? "this is a movie; give the photo first" : "not a JPEG or HEIC photo")
        }
        if let motion = try? MotionPhotoFile(file: stillFile), motion.isMotionPhoto {
            throw .badInput(file: photo, reason: "this is already a Motion Photo")
        }
        let video = try PlainMovie.plan(source: movieFile, container: .mp4)
        let timestamp: Int64
        if let cover = video.coverSeconds {
            timestamp = Int64((cover * 1_000_000).rounded())
        } else {
            logger.notice("\(movie): no still-image-time; the presentation timestamp is left unspecified (-1)")
            timestamp = -1
        }
        let writer = try MotionPhotoWriter.plan(still: stillFile, video: video, timestampUs: timestamp)
        try OutputLocation.prepareFolder(outputDirectory)
        let stem = try LivePhotoMaker.stemName(name ?? LivePhotoSplitter.baseStem(photo))
        let output = "\(outputDirectory)/\(stem).MP.\(writer.format == .heic ? "heic" : "jpg")"
        try OutputLocation.check([output], inputs: [photo, movie], force: force)
        let staged = try StagedFile(destination: output)
        let counter = ProgressCounter(total: writer.copiedBytes, handler: progress)
        try writer.write(to: staged, progress: counter.add)
        try OutputLocation.check([output], inputs: [photo, movie], force: force)
        try staged.commit()
        PendingOutputs.shared.finish([output])
        let size = writer.still.size + Int64(writer.videoHeader.count) + video.size
        return MotionConversionResult(
            output: output, format: writer.format, presentationTimestampUs: timestamp, videoOffset: size - video.size,
            videoLength: video.size)
    }

    /// A Motion Photo to a Live Photo: split losslessly, then made with the cover at the presentation timestamp
    /// (the frame nearest the middle when the file does not say).
    public static func toLivePhoto(_ motionPhoto: String, options: MakeOptions, progress: ProgressHandler? = nil)
        async throws(LivePhotoError) -> MakeResult
    {
        let file = try LivePhotoMaker.open(motionPhoto)
        let motion = try naming(motionPhoto) { try MotionPhotoFile(file: file) }
        guard motion.isMotionPhoto else { throw .badInput(file: motionPhoto, reason: "not a Motion Photo: it holds no video") }
        var options = options
        options.name = options.name ?? LivePhotoSplitter.baseStem(motionPhoto)
        try OutputLocation.prepareFolder(options.outputDirectory)
        let work = try OutputLocation.temporaryFolder(beside: "\(options.outputDirectory)/\(options.name ?? "motion")")
        defer { OutputLocation.remove(work) }
        let parts = try await LivePhotoSplitter.split(
            [motionPhoto], options: SplitOptions(outputDirectory: work, name: "part", force: true))
        guard let part = parts.first else { throw .badInput(file: motionPhoto, reason: "nothing to convert") }
        if options.coverTime == nil, let cover = part.coverTimeSeconds {
            let duration = (try? Movie(file: try LivePhotoMaker.open(part.video)))?.durationSeconds ?? .infinity
            options.coverTime = min(cover, duration)
        }
        do {
            return try await LivePhotoMaker.make(photo: part.photo, video: part.video, options: options, progress: progress)
        } catch {
            // Errors about the parts in the work folder are about the Motion Photo.
            switch error {
            case .badInput(let file, let reason) where file.hasPrefix(work):
                throw .badInput(file: motionPhoto, reason: "its embedded \(file.hasSuffix(".mp4") ? "video" : "photo"): \(reason)")
            case .unsupported(let file, let reason) where file.hasPrefix(work):
                throw .unsupported(file: motionPhoto, reason: "its embedded \(file.hasSuffix(".mp4") ? "video" : "photo"): \(reason)")
            default: throw error
            }
        }
    }
}

import LivePhotoMedia
import Logging
import MediaFormats
internal import PortableFoundation

/// Makes Live Photos.
public enum LivePhotoMaker {
    static let logger = Logger(label: "livephoto.make")

    /// Makes a Live Photo from a photo and a video, or from a video alone.
    ///
    /// A JPEG and an H.264 or HEVC movie are used as they are: the image data and every media sample are copied
    /// without re-encoding, and ffmpeg is not needed. Anything else goes through ffmpeg first: another image
    /// format becomes a JPEG, another video becomes H.264 (or HEVC) in a QuickTime movie (only remuxed when its
    /// codec already fits), and without a photo the still is the video frame at the cover time.
    ///
    /// - Parameters:
    ///   - photo: the still, or nil to take it from the video.
    ///   - video: the video.
    ///   - options: where and how to write.
    ///   - progress: called as each step advances.
    /// - Returns: what was written, and what was done to each input.
    /// - Throws: `LivePhotoError`; nothing is left in the output folder when it does.
    public static func make(photo: String?, video: String, options: MakeOptions, progress: ProgressHandler? = nil)
        async throws(LivePhotoError) -> MakeResult
    {
        let videoFile = try InputFile(path: video)
        let photoFile = try photo.map { (p) throws(LivePhotoError) in try InputFile(path: p) }
        let shell = NativeShell(
            ffmpegPath: options.ffmpegPath, outputDirectory: options.outputDirectory, workName: options.name ?? "make", progress: progress)
        defer { shell.finish() }
        let made = try await shell.run(MakeFlow(photo: photoFile, video: videoFile, settings: try options.settings()))
        do throws(LivePhotoError) {
            return try write(
                made, options: options, inputs: [photo, video].compactMap { $0 },
                datedLike: (made.photoDatedLike.path, made.movieDatedLike.path), progress: progress)
        } catch {
            // What was read from a file the shell made is named after the input it came from.
            throw shell.naming(error)
        }
    }

    /// Writes a Live Photo `MakeFlow` planned, in the packaging `options` asks for, in their folder: all of its files or
    /// none.
    /// - Parameters:
    ///   - inputs: the user's files, which an output never overwrites.
    ///   - datedLike: the files whose modification times the still and the movie keep.
    static func write(
        _ made: MakeFlow.Made, options: MakeOptions, inputs: [String], datedLike: (photo: String, movie: String),
        progress: ProgressHandler?
    ) throws(LivePhotoError) -> MakeResult {
        var result = made.result
        let (photoName, movieName) = made.names
        try OutputLocation.prepareFolder(options.outputDirectory)
        let copyTotal = made.still.copiedBytes + made.movie.copiedBytes
        let counter = ProgressCounter(
            total: options.packaging == .zippedBundle || options.zipsPairToo ? 2 * copyTotal : copyTotal, handler: progress)
        // Everything placed is removed again if a later step fails, so a failed make leaves nothing.
        var placed: [String] = []
        do throws(LivePhotoError) {
            let job = OutputJob(
                still: made.still, movie: made.movie, folder: options.outputDirectory, photoName: photoName, movieName: movieName,
                inputs: inputs, photoDatedLike: datedLike.photo, movieDatedLike: datedLike.movie, force: options.force, counter: counter)
            switch options.packaging {
            case .pair where options.zipsPairToo:
                (result.photo, result.movie, result.bundle) = try job.writePairAndZip(bundleNamed: "\(made.stem).pvt", placed: &placed)
            case .pair:
                (result.photo, result.movie) = try job.writePair(placed: &placed)
            case .bundle, .zippedBundle:
                result.bundle = try job.writeBundle(
                    named: "\(made.stem).pvt", zipped: options.packaging == .zippedBundle, placed: &placed)
            }
        } catch {
            PendingOutputs.shared.rollBack(placed)
            throw error
        }
        PendingOutputs.shared.finish(placed)
        logger.debug("made Live Photo \(made.result.identifier) with cover at \(made.movie.coverSeconds) s")
        return result
    }

    static func stemName(_ name: String) throws(LivePhotoError) -> String { try PlannedOutputs.checkedStem(name) }
}

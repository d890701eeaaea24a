import Logging
import MediaFormats
internal import PortableFoundation

/// Converts between Apple Live Photos and Google Motion Photos, without re-encoding.
public enum LivePhotoConverter {
    static let logger = Logger(label: "livephoto.convert")

    /// A Live Photo (still and movie) to a Google Motion Photo v1: `STEM.MP.jpg` or `STEM.MP.heic`.
    ///
    /// The still keeps its image data; the movie's samples move from QuickTime to MP4 unchanged (video and audio
    /// tracks; Apple's timed metadata is left out), or the video is re-encoded when `videoCodec` asks; the cover time
    /// becomes the presentation timestamp. Samsung's trailer follows unless the flavour is Google's alone, and the
    /// content identifier stays (in the still's MakerNote and the MP4's metadata) unless `keepsIdentifier` is false.
    ///
    /// Any photo and movie can become a Motion Photo (the notes say when they were not a Live Photo's parts), but
    /// the parts of two different Live Photos are refused unless `force`, which also overwrites an existing output.
    public static func toMotionPhoto(
        photo: String, movie: String, options: MotionConversionOptions = MotionConversionOptions(), progress: ProgressHandler? = nil
    ) async throws(LivePhotoError) -> MotionConversionResult {
        let date = (try? FileManager.default.attributesOfItem(atPath: photo)[.modificationDate] as? Date) ?? Date()
        let flow = MotionConversionFlow(
            photo: try InputFile(path: photo), movie: try InputFile(path: movie), options: options.settings,
            photoMilliseconds: MotionConversionPlan.milliseconds(sinceEpoch: date.timeIntervalSince1970), folder: options.outputDirectory)
        let shell = NativeShell(
            ffmpegPath: options.ffmpegPath, outputDirectory: options.outputDirectory, workName: options.name ?? "motion", progress: progress)
        defer { shell.finish() }
        let plan = try await shell.run(flow)
        do throws(LivePhotoError) {
            try OutputLocation.prepareFolder(options.outputDirectory)
            let transaction = try OutputTransaction(plan.files.map { $0.path }, inputs: [photo, movie], force: options.force)
            var staged: [StagedFile] = []
            for file in plan.files { staged.append(try transaction.stage(file.path, datedLike: photo)) }
            let counter = ProgressCounter(total: plan.copiedBytes, handler: progress)
            for (file, out) in zip(plan.files, staged) { try out.write(file.content, progress: counter.add) }
            try transaction.commit()
            return plan.result
        } catch {
            // What was read from a file the shell made (a re-encoded movie) is named after the input it came from.
            throw shell.naming(error)
        }
    }

    /// A Motion Photo to a Live Photo: split losslessly, then made with the cover at the presentation timestamp.
    ///
    /// The timestamp is the file's suggestion: one past the last frame (Samsung writes such) snaps to the nearest
    /// frame, and none (or -1) means the frame nearest the middle, as Motion Photo format 1.0 says; the result's
    /// notes say so. `options.coverTime` is the user's and must lie within the video. The photo's MakerNote of
    /// another maker (Pixel, Samsung) is replaced by Apple's, which carries the identifier, with a note.
    ///
    /// - Parameters:
    ///   - motionPhoto: the Motion Photo (or the photo of vivo's two files).
    ///   - movie: vivo's two-file live photos only: the movie, when given with the photo (in either order); without
    ///     it, the movie is looked for beside the photo.
    ///   - options: where and how the Live Photo is written.
    ///   - progress: called as the copy goes on.
    public static func toLivePhoto(
        _ motionPhoto: String, movie: String? = nil, options: MakeOptions, progress: ProgressHandler? = nil
    ) async throws(LivePhotoError) -> MakeResult {
        let paths = [motionPhoto] + (movie.map { [$0] } ?? [])
        var inputs: [InputFile] = []
        for path in paths { inputs.append(try InputFile(path: path)) }
        let shell = NativeShell(
            ffmpegPath: options.ffmpegPath, outputDirectory: options.outputDirectory, workName: options.name ?? "live", progress: progress)
        defer { shell.finish() }
        let made = try await shell.run(LiveConversionFlow(inputs: inputs, settings: try options.settings()))
        let photoDate = made.photoDatedLike.path, movieDate = made.movieDatedLike.path
        do throws(LivePhotoError) {
            return try LivePhotoMaker.write(
                made, options: options, inputs: Array(Set(paths + [photoDate, movieDate])).sorted(), datedLike: (photoDate, movieDate),
                progress: progress)
        } catch {
            throw shell.naming(error)
        }
    }
}

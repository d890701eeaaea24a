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
        let (outputDirectory, name, force) = (options.outputDirectory, options.name, options.force)
        let stillInput = try InputFile(path: photo), movieFile = try InputFile(path: movie).file
        let kind = stillInput.kind
        guard kind == .jpeg || kind == .heic else {
            throw .badInput(file: photo, reason: kind.isMovie ? "this is a movie; give the photo first" : "not a JPEG or HEIC photo")
        }
        if stillInput.isMotionPhoto {
            throw .badInput(file: photo, reason: "this is already a Motion Photo")
        }
        // The movie is read, then re-encoded or its sound encoded when it must be, then its copy planned once.
        var source = try PlainMovie.Source.read(movieFile, container: .mp4)
        let movieIdentifier = source.identifier
        // The halves are checked before anything is re-encoded: the parts of two Live Photos cost no ffmpeg run.
        let plainStill = try PlainPhoto.plan(source: stillInput, motion: nil)
        let pairing = PartsPairing(photoIdentifier: plainStill.identifier, movieIdentifier: movieIdentifier)
        if pairing.differ, !force { throw pairing.mismatch(photo: photo, movie: movie) }
        var notes: [String] = []
        var reencoded = false
        try OutputLocation.prepareFolder(outputDirectory)
        // A work folder only for a re-encoding: the lossless path writes nothing but its output.
        var workFolder: String?
        defer { workFolder.map(OutputLocation.remove) }
        var videoCodec = options.videoCodec
        if options.flavor.needsH264, source.videoCodec != VideoCodec.h264.rawValue, videoCodec == nil {
            videoCodec = .h264
            notes.append(
                "the video was re-encoded to H.264: \(options.flavor.rawValue)'s gallery plays no \(source.videoCodec.uppercased())")
        }
        if let codec = videoCodec {
            if source.videoCodec == codec.rawValue {
                notes.append("the video is \(codec.rawValue) already; its samples were copied")
            } else {
                let work = try OutputLocation.temporaryFolder(beside: "\(outputDirectory)/\(name ?? "motion")")
                workFolder = work
                // The cover comes from the original's still-image-time track, which the re-encoded MP4 does not carry.
                let media = MediaSteps(ffmpegPath: options.ffmpegPath, work: work, quality: 92, codec: codec, progress: progress)
                let reencodedPath: String
                do throws(LivePhotoError) {
                    reencodedPath = try await media.reencode(movie, to: codec, keepingKeys: options.keepsIdentifier)
                } catch {
                    throw error.renamingFiles(in: work) { _ in "\(movie)'s re-encoded copy" }
                }
                // Another movie, with frames of its own: read anew, the cover kept.
                source = try PlainMovie.Source.read(
                    try InputFile(path: reencodedPath).file, container: .mp4, coverSeconds: source.coverSeconds)
                reencoded = true
            }
        }
        var soundEncoded = false
        if !source.audioNeedingEncoding.isEmpty {
            let formats = source.audioNeedingEncoding.joined(separator: ", ")
            let work: String
            if let workFolder {
                work = workFolder
            } else {
                work = try OutputLocation.temporaryFolder(beside: "\(outputDirectory)/\(name ?? "motion")")
                workFolder = work
            }
            let media = MediaSteps(ffmpegPath: options.ffmpegPath, work: work, quality: 92, codec: .h264, progress: progress)
            var encodedPath: String?
            do throws(LivePhotoError) {
                encodedPath = try await media.reencode(source.file.path, to: nil, keepingKeys: options.keepsIdentifier)
            } catch .missingTool(let tool, _) {
                // Without ffmpeg the Motion Photo is still written, losslessly, and says what it lacks.
                notes.append(
                    "the sound (\(formats)) stays as it is: \(tool) is not installed to encode it to AAC, and MP4 players "
                        + "(Android's among them) play the video silent")
            } catch {
                throw error.renamingFiles(in: work) { _ in "\(movie)'s copy with AAC sound" }
            }
            if let encodedPath {
                source = try PlainMovie.Source.read(
                    try InputFile(path: encodedPath).file, container: .mp4, coverSeconds: source.coverSeconds)
                soundEncoded = true
                notes.append("the sound (\(formats)) was encoded to AAC, which MP4 players play; the video's samples were copied")
            }
        }
        if source.coverSeconds == nil {
            logger.notice("\(movie): no still-image-time; the presentation timestamp is left unspecified (-1)")
        }
        let date = (try? FileManager.default.attributesOfItem(atPath: photo)[.modificationDate] as? Date) ?? Date()
        let plan = try MotionConversionPlan.plan(
            photo: stillInput, plainStill: plainStill, source: source, options: options, pairing: pairing, notes: notes,
            reencoded: reencoded, soundEncoded: soundEncoded,
            photoMilliseconds: MotionConversionPlan.milliseconds(sinceEpoch: date.timeIntervalSince1970), folder: outputDirectory)
        let transaction = try OutputTransaction(plan.files.map { $0.path }, inputs: [photo, movie], force: force)
        var staged: [StagedFile] = []
        for file in plan.files { staged.append(try transaction.stage(file.path, datedLike: photo)) }
        let counter = ProgressCounter(total: plan.copiedBytes, handler: progress)
        for (file, out) in zip(plan.files, staged) { try out.write(file.content, progress: counter.add) }
        try transaction.commit()
        return plan.result
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
        var (motionPhoto, movie) = (motionPhoto, movie)
        // Given as MOVIE PHOTO: the photo is the one that is not a movie.
        if let given = movie, InputFile.kind(of: motionPhoto).isMovie, !InputFile.kind(of: given).isMovie {
            (motionPhoto, movie) = (given, motionPhoto)
        }
        let input = try InputFile(path: motionPhoto)
        let (file, kind) = (input.file, input.kind)
        guard kind == .jpeg || kind == .heic else {
            throw .badInput(
                file: motionPhoto,
                reason: kind.isMovie
                    ? "this is a movie; a Live Photo is made from a Motion Photo (a JPEG or HEIC with its video inside)"
                    : "not a Motion Photo: not a JPEG or HEIC")
        }
        let motion = try input.motionPhoto()
        if !motion.isMotionPhoto, let footer = motion.vivoFooter {
            return try await vivoPairToLivePhoto(input, pairingID: footer.pairingID, movie: movie, options: options, progress: progress)
        }
        // Two files are vivo's two-file live photo, or a mistake (a Live Photo's parts, already a Live Photo).
        if let movie {
            throw .invalidArgument(
                "a Live Photo is made from one Motion Photo; \(movie) goes with a photo only in vivo's two-file live photos, and \(motionPhoto) is not one"
            )
        }
        guard motion.isMotionPhoto else { throw .badInput(file: motionPhoto, reason: "not a Motion Photo: it holds no video") }
        var options = options
        options.name = options.name ?? PlannedOutputs.baseStem(motionPhoto)
        let choices = LiveConversionChoices.motionPhoto(input, motion: motion, identifier: options.identifier, coverTime: options.coverTime)
        options.identifier = choices.identifier
        options.suggestedCover = choices.suggestedCover
        options.replacesForeignMakerNote = true
        try OutputLocation.prepareFolder(options.outputDirectory)
        let work = try OutputLocation.temporaryFolder(beside: "\(options.outputDirectory)/\(options.name ?? "motion")")
        defer { OutputLocation.remove(work) }
        do throws(LivePhotoError) {
            // The photo without its video and Motion Photo XMP is written to the work folder (it is small); the movie
            // is read where it lies in the Motion Photo, so its bytes are written once, into the Live Photo.
            guard let video = motion.video else { throw .badInput(file: motionPhoto, reason: "not a Motion Photo: it holds no video") }
            let plain = try PlainPhoto.plan(source: input, motion: motion)
            let still = try StagedFile(
                destination: "\(work)/photo.\(PlannedOutputs.fileExtension(motionPhoto, kind: plain.format))", datedLike: motionPhoto)
            try still.write(plain.output) { _ in }
            let stillPath = try still.commit()
            PendingOutputs.shared.finish([stillPath])
            let slice = try naming(motionPhoto) { try file.slice(at: video.offset, length: video.length) }
            let movie = try InputFile(opened: slice, path: motionPhoto)
            var result = try await LivePhotoMaker.make(
                photo: stillPath, video: motionPhoto, videoFile: movie, options: options, progress: progress)
            result.notes = choices.notes(around: result.notes)
            return result
        } catch {
            // Errors about the photo in the work folder, or about the movie read in place, are about the Motion Photo's parts.
            var named = error
            switch error {
            case .badInput(let file, let reason) where file.hasPrefix(work):
                named = .badInput(file: motionPhoto, reason: "its embedded photo: \(reason)")
            case .unsupported(let file, let reason) where file.hasPrefix(work):
                named = .unsupported(file: motionPhoto, reason: "its embedded photo: \(reason)")
            case .badInput(let file, let reason) where file == motionPhoto && !reason.hasPrefix("not a Motion Photo"):
                named = .badInput(file: motionPhoto, reason: "its embedded video: \(reason)")
            case .unsupported(let file, let reason) where file == motionPhoto:
                named = .unsupported(file: motionPhoto, reason: "its embedded video: \(reason)")
            default: break
            }
            throw named.renamingFiles(in: work) { name in
                name.isEmpty ? motionPhoto : "the \(name.hasSuffix(".mov") ? "video" : "photo") embedded in \(motionPhoto)"
            }
        }
    }

    /// The photo of a vivo pair (phones up to the X200: a JPEG and an MP4 of the same name, whose footers carry the
    /// same pairing id) and its movie, found beside it, made into a Live Photo with the cover at vivo's cover frame.
    static func vivoPairToLivePhoto(
        _ input: InputFile, pairingID: String, movie: String?, options: MakeOptions, progress: ProgressHandler?
    ) async throws(LivePhotoError) -> MakeResult {
        let photo = input.path
        let stem = URL(fileURLWithPath: photo).deletingPathExtension().lastPathComponent
        if let movie, VivoPair.pair(movie: movie, pairingID: pairingID) == nil {
            throw .refused(
                file: movie, reason: "not the movie of \(photo): its footer does not carry the pairing id \(pairingID)",
                remedy: .takeMismatchedPartsTogether)
        }
        guard
            let found = movie.flatMap({ VivoPair.pair(movie: $0, pairingID: pairingID) })
                ?? VivoPair.movie(beside: photo, pairingID: pairingID)
        else {
            throw .badInput(
                file: photo,
                reason:
                    "the photo of a vivo live photo (pairing id \(pairingID)), but no movie beside it carries that id (looked for \(stem).mp4)"
            )
        }
        var options = options
        options.name = options.name ?? stem
        options.replacesForeignMakerNote = true
        let choices = LiveConversionChoices.vivoPair(input, pair: found, identifier: options.identifier, coverTime: options.coverTime)
        options.identifier = choices.identifier
        options.suggestedCover = choices.suggestedCover
        var result = try await LivePhotoMaker.make(
            photo: photo, video: found.movie, videoFile: try InputFile(path: found.movie), photoFile: input, options: options,
            progress: progress)
        result.notes = choices.notes(around: result.notes)
        return result
    }
}

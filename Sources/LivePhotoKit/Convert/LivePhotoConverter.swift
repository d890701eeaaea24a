import Logging
import MediaFormats
internal import PortableFoundation

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
    /// Which galleries' way of finding the video the file carries.
    public var flavor: MotionConversionOptions.Flavor
    /// Whose live photo the output is (the flavour's ``MotionConversionOptions/Flavor/family``).
    public var family: PhotoFamily
    /// True when the video was re-encoded (`videoCodec`), false when its samples were copied.
    public var reencoded: Bool
    /// The MP4 of a two-file flavour (`vivo-pair`), beside ``output``, the photo; nil for a single file.
    public var companion: String?
    /// True when the sound was encoded to AAC (the movie's LPCM, which MP4 players do not play); the video's samples
    /// were still copied unless ``reencoded``.
    public var soundEncoded = false
    /// What was not as expected: a photo or movie that was not part of a Live Photo, parts of two Live Photos.
    public var notes: [String] = []
}

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
        let (kind, stillFile) = (stillInput.kind, stillInput.file)
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
        if options.flavor.needsH264, source.videoDuration > 10 {
            notes.append(
                "the video is \(CoverTime.format(source.videoDuration)) s long: HarmonyOS's media library takes moving photos of 10 s at most"
            )
        }
        var settingKeys: [String: QuickTimeMetadata.Value] = [:]
        if options.flavor.needsH264, let cover = source.coverSeconds {
            // HarmonyOS galleries place the cover by the MP4's covertime (milliseconds).
            settingKeys[OpenHarmonyMovieMetadata.coverTimeKey] = OpenHarmonyMovieMetadata.coverTimeValue(milliseconds: cover * 1000)
        }
        var video = try PlainMovie.plan(source, keepsIdentifier: options.keepsIdentifier, settingKeys: settingKeys)
        let timestamp: Int64
        if let cover = video.coverSeconds {
            // A header's time can be anything; one past what microseconds in 64 bits hold is left unspecified.
            timestamp = Int64(exactly: (cover * 1_000_000).rounded()) ?? -1
        } else {
            logger.notice("\(movie): no still-image-time; the presentation timestamp is left unspecified (-1)")
            timestamp = -1
        }
        if options.flavor == .vivoPair {
            return try vivoPair(
                photo: photo, movie: movie, still: stillFile, plainStill: plainStill, video: video, timestamp: timestamp, options: options,
                pairing: pairing,
                notes: notes, reencoded: reencoded, soundEncoded: soundEncoded, progress: progress)
        }
        func plan(_ video: PlainMovie) throws(LivePhotoError) -> MotionPhotoWriter {
            try MotionPhotoWriter.plan(
                still: stillFile, plain: plainStill, video: video, timestampUs: timestamp, flavor: options.flavor,
                keepsIdentifier: options.keepsIdentifier)
        }
        var writer = try plan(video)
        // The MP4's media data where its source has it modulo 64 KiB, so that the copy runs at cp's speed. The photo's
        // XMP gives the MP4's length, whose digits can move the MP4 again: a second pass settles it (a third never
        // has to; if it did, the file would still be whole, only the copy slower).
        for _ in 0..<3 {
            guard let moved = try video.aligned(at: writer.videoOffset) else { break }
            video = moved
            writer = try plan(video)
        }
        let stem = try LivePhotoMaker.stemName(name ?? PlannedOutputs.baseStem(photo))
        let output = PlannedOutputs.motionPhoto(stem: stem, folder: outputDirectory, photoKind: writer.format)
        let outputs = try OutputTransaction([output], inputs: [photo, movie], force: force)
        let staged = try outputs.stage(output, datedLike: photo)
        let counter = ProgressCounter(total: writer.copiedBytes, handler: progress)
        try staged.write(writer.output, progress: counter.add)
        try outputs.commit()
        return MotionConversionResult(
            output: output, format: writer.format, presentationTimestampUs: timestamp, videoOffset: writer.videoOffset,
            videoLength: video.size, flavor: options.flavor, family: options.flavor.family, reencoded: reencoded,
            soundEncoded: soundEncoded,
            notes: (pairing.note.map { [$0] } ?? []) + notes)
    }

    /// vivo's two files: `STEM.jpg` and `STEM.mp4`, written together (both or neither).
    static func vivoPair(
        photo: String, movie: String, still: RandomAccessFile, plainStill: PlainPhoto, video: PlainMovie, timestamp: Int64,
        options: MotionConversionOptions,
        pairing: PartsPairing, notes: [String], reencoded: Bool, soundEncoded: Bool, progress: ProgressHandler?
    ) throws(LivePhotoError) -> MotionConversionResult {
        let date = (try? FileManager.default.attributesOfItem(atPath: photo)[.modificationDate] as? Date) ?? Date()
        let writer = try VivoPairWriter.plan(
            still: still, plain: plainStill, video: video, keepsIdentifier: options.keepsIdentifier,
            milliseconds: Int64(exactly: (min(max(date.timeIntervalSince1970, 0), 9_999_999_999) * 1000).rounded()) ?? 0)
        let stem = try LivePhotoMaker.stemName(options.name ?? PlannedOutputs.baseStem(photo))
        let outputs = PlannedOutputs.vivoPair(stem: stem, folder: options.outputDirectory)
        let transaction = try OutputTransaction(outputs, inputs: [photo, movie], force: options.force)
        let stagedPhoto = try transaction.stage(outputs[0], datedLike: photo)
        let stagedMovie = try transaction.stage(outputs[1], datedLike: photo)
        let counter = ProgressCounter(total: writer.copiedBytes, handler: progress)
        try stagedPhoto.write(writer.photoOutput, progress: counter.add)
        try stagedMovie.write(writer.movieOutput, progress: counter.add)
        try transaction.commit()
        return MotionConversionResult(
            output: outputs[0], format: .jpeg, presentationTimestampUs: timestamp, videoOffset: 0, videoLength: video.size,
            flavor: options.flavor, family: options.flavor.family, reencoded: reencoded, companion: outputs[1], soundEncoded: soundEncoded,
            notes: (pairing.note.map { [$0] } ?? []) + notes + ["vivo's pairing id \(writer.pairingID) joins the two files"])
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
        // A Motion Photo made from a Live Photo keeps its identifier in the photo's MakerNote: the same Live Photo
        // comes back, and Photos sees the same asset rather than a copy.
        var restored: ContentIdentifier?
        if options.identifier == nil, let kept = FileAnalysis(input, depth: .identity).report.contentIdentifier {
            restored = ContentIdentifier(kept)
            options.identifier = restored
        }
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
            var notes: [String] = []
            if options.coverTime == nil {
                if let cover = motion.coverTimeUs.map({ Double($0) / 1_000_000 }) {
                    options.suggestedCover = SuggestedCover(seconds: cover, label: "the Motion Photo's presentation timestamp")
                } else {
                    notes.append("the Motion Photo gives no presentation timestamp; the cover is the frame nearest the middle")
                }
            }
            var result = try await LivePhotoMaker.make(
                photo: stillPath, video: motionPhoto, videoFile: movie, options: options, progress: progress)
            if let restored { notes.append("the content identifier \(restored.rawValue) kept in the Motion Photo was restored") }
            result.notes = notes + result.notes
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
        var notes = ["a vivo live photo: \(found.movie) carries the same pairing id"]
        // A vivo pair made from a Live Photo keeps its identifier in the photo's MakerNote: the same Live Photo comes back.
        if options.identifier == nil, let kept = FileAnalysis(input, depth: .identity).report.contentIdentifier,
            let identifier = ContentIdentifier(kept)
        {
            options.identifier = identifier
            notes.append("the content identifier \(kept) kept in the photo was restored")
        }
        if options.coverTime == nil {
            if let index = found.coverFrameIndex {
                options.suggestedCover = SuggestedCover(seconds: found.frameTimes[index], label: "vivo's cover frame (imageTime \(index))")
            } else {
                notes.append("vivo's movie names no cover frame; the cover is the frame nearest the middle")
            }
        }
        var result = try await LivePhotoMaker.make(
            photo: photo, video: found.movie, videoFile: try InputFile(path: found.movie), photoFile: input, options: options,
            progress: progress)
        result.notes = notes + result.notes
        return result
    }
}

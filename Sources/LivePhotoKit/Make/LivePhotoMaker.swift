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
        let photoFile = try photo.map { p throws(LivePhotoError) in try InputFile(path: p) }
        // The two in either order: a still given as the video, with something else as the photo, swaps them.
        if let photo, let photoFile, videoFile.kind.isStill, !photoFile.kind.isStill {
            logger.info("\(video) is the photo and \(photo) the video: they were given the other way round")
            var result = try await make(
                photo: video, video: photo, videoFile: photoFile, photoFile: videoFile, options: options, progress: progress)
            result.notes.insert("\(video) is the photo and \(photo) the video (given the other way round)", at: 0)
            return result
        }
        return try await make(photo: photo, video: video, videoFile: videoFile, photoFile: photoFile, options: options, progress: progress)
    }

    /// ``make(photo:video:options:progress:)`` with the inputs already open: `videoFile` may be a slice of `video` (a
    /// Motion Photo's movie), read in place and copied out only when ffmpeg must read it; `photoFile` is opened when
    /// not given.
    static func make(
        photo: String?, video: String, videoFile: InputFile, photoFile: InputFile? = nil, options: MakeOptions, progress: ProgressHandler?
    ) async throws(LivePhotoError) -> MakeResult {
        let identifier = options.identifier ?? ContentIdentifier()
        let stem = try stemName(options.name ?? URL(fileURLWithPath: video).deletingPathExtension().lastPathComponent)
        var photoFile = photoFile
        if photoFile == nil, let photo { photoFile = try InputFile(path: photo) }
        for input in [videoFile, photoFile].compactMap({ $0 }) where input.file.size == 0 {
            throw .badInput(file: input.path, reason: "the file is empty")
        }
        try OutputLocation.prepareFolder(options.outputDirectory)
        let work = try OutputLocation.temporaryFolder(beside: "\(options.outputDirectory)/\(stem)")
        defer { OutputLocation.remove(work) }
        do {
            return try await make(
                photo: photo, video: video, videoFile: videoFile, photoFile: photoFile, stem: stem, identifier: identifier, work: work,
                options: options, progress: progress)
        } catch {
            // A message never names the work folder: a file made there is named after the input it came from.
            throw error.renamingFiles(in: work) { name in
                let input = name.hasSuffix(".mov") || name == "cover.jpg" || name.isEmpty ? video : photo ?? video
                return name.isEmpty ? input : "\(input)'s converted copy"
            }
        }
    }

    /// A path ffmpeg can read `file` at: its own, or for a slice of another file a copy of its bytes in `work`
    /// (made once).
    static func pathForTools(_ file: RandomAccessFile, work: String) throws(LivePhotoError) -> String {
        guard file.isSlice else { return file.path }
        let copy = "\(work)/embedded.mov"
        if FileManager.default.fileExists(atPath: copy) { return copy }
        let staged = try StagedFile(destination: copy)
        try staged.copy(from: file, offset: 0, length: file.size) { _ in }
        let path = try staged.commit()
        PendingOutputs.shared.finish([path])
        return path
    }

    private static func make(
        photo: String?, video: String, videoFile videoInput: InputFile, photoFile: InputFile?, stem: String,
        identifier: ContentIdentifier, work: String, options: MakeOptions, progress: ProgressHandler?
    ) async throws(LivePhotoError) -> MakeResult {
        var videoFile = videoInput.file
        let media = MediaSteps(
            ffmpegPath: options.ffmpegPath, work: work, quality: options.quality, codec: options.codec, progress: progress)

        // The movie: used as it is when it can be, else made so by ffmpeg. The cover, a trim and the wallpaper are
        // decided first, from the movie read (`RemuxSource`); the output is planned once, after.
        var videoSource = MakeResult.VideoSource.lossless
        var notes: [String] = []
        let suggested = options.coverTime == nil ? options.suggestedCover.map(\.seconds) : nil
        let cover = CoverRequest(seconds: options.coverTime ?? suggested, snapsOutside: suggested != nil)
        let wallpaper = options.wallpaper != .off
        var source: RemuxSource
        do throws(LivePhotoError) {
            let kind = videoInput.kind
            guard !kind.isStill else { throw .badInput(file: video, reason: "this is a photo; a video is needed") }
            guard kind.isMovie else { throw .unsupported(file: video, reason: "not a QuickTime or MP4 movie") }
            source = try RemuxSource.read(videoFile, cover: cover, edit: options.movieEdit, identifier: identifier, wallpaper: wallpaper)
        } catch .unsupported(let file, let reason) {
            // An edit never re-encodes the movie.
            if options.movieEdit != nil { throw .unsupported(file: file, reason: reason) }
            logger.info("\(video): \(reason); converting it with ffmpeg")
            let (normalized, made) = try await media.normalizeVideo(try pathForTools(videoFile, work: work))
            videoSource = made
            videoFile = try InputFile(path: normalized).file
            source = try RemuxSource.read(videoFile, cover: cover, identifier: identifier, wallpaper: wallpaper)
        }
        var placement = source.placement
        if let requested = cover.seconds, abs(requested - placement.coverSeconds) > 0.0005 {
            logger.info("cover time \(requested) s snapped to the frame at \(placement.coverSeconds) s")
        }
        if let suggested, let label = options.suggestedCover?.label, CoverTime.isOutside(suggested, duration: source.videoDuration) {
            notes.append(
                "\(label) (\(CoverTime.format(suggested)) s) lies outside the video (0 to \(CoverTime.format(source.videoDuration)) s); "
                    + "the cover is the nearest frame, at \(CoverTime.format(placement.coverSeconds)) s")
        }
        if let within = options.coverMatchesPhotoWithin, let photo,
            let matched = await media.coverMatching(
                photo: photo, video: try pathForTools(videoFile, work: work), movie: source, cover: placement.coverSeconds, within: within),
            abs(matched - placement.coverSeconds) > 0.0005
        {
            logger.info("the cover moves from \(placement.coverSeconds) s to \(matched) s, the frame that looks like the photo")
            placement = try source.placement(for: CoverRequest(seconds: matched))
        }
        var trim: MakeResult.TrimReport?
        if let duration = options.duration,
            let (cut, report) = try await media.trim(
                try pathForTools(videoFile, work: work), movie: source, cover: placement.coverSeconds, duration: duration,
                before: options.durationBeforeCover, steadyRate: options.snapsToCameraRate ? CameraRate.steady(source.frameTimes) : nil)
        {
            trim = report
            // ffmpeg's cut is another movie, with frames of its own: read anew, the cover placed on its timeline.
            videoFile = try InputFile(path: cut).file
            source = try RemuxSource.read(
                videoFile, cover: CoverRequest(seconds: max(0, placement.coverSeconds - report.start)), identifier: identifier,
                wallpaper: wallpaper)
            placement = source.placement
            // A re-encoded cut can start a frame off the time asked: the frame the photo shows is found again, near.
            if let within = options.coverMatchesPhotoWithin, let photo,
                let matched = await media.coverMatching(
                    photo: photo, video: try pathForTools(videoFile, work: work), movie: source, cover: placement.coverSeconds,
                    within: min(within, 0.1)),
                abs(matched - placement.coverSeconds) > 0.0005
            {
                placement = try source.placement(for: CoverRequest(seconds: matched))
            }
        }
        // Everything decided: the one plan of the output movie.
        let movie = try MovieRemux.plan(source, placement: placement)
        // The lock screen animates only with 14 frames before the still and 20 fps or more (G3, G4).
        let wallpaperWarnings = try movie.wallpaperWarnings(options.wallpaper)
        for warning in wallpaperWarnings { logger.notice("the lock-screen wallpaper will not animate: \(warning)") }

        // The still: the JPEG as it is, another image converted, or the cover frame.
        var photoSource: MakeResult.PhotoSource
        let stillFile: InputFile
        var stillKind = FileKind.jpeg
        if let photoFile {
            let kind = photoFile.kind
            switch kind {
            case .jpeg, .heic:
                (photoSource, stillFile) = (.lossless, try plainStill(photoFile, work: work))
                stillKind = kind
            case .quicktime, .mp4:
                throw .badInput(file: photoFile.path, reason: "this is a movie, not a photo")
            case .zip:
                throw .badInput(file: photoFile.path, reason: "a zip archive, not a photo (split a .pvt.zip first)")
            case .avif:
                (photoSource, stillFile) = (.converted, try InputFile(path: try await media.convertPhoto(photoFile.path)))
            case .unknown:
                // A file named as a JPEG that does not start like one is a broken JPEG, not another format.
                if MediaExtensions.kind(ofExtension: URL(fileURLWithPath: photoFile.path).pathExtension) == .jpeg {
                    let head = try naming(photoFile.path) { try photoFile.file.readUpTo(at: 0, count: 8) }
                    throw .badInput(file: photoFile.path, reason: "not a valid JPEG: \(JPEGFile.notJPEGReason(head: head))")
                }
                (photoSource, stillFile) = (.converted, try InputFile(path: try await media.convertPhoto(photoFile.path)))
            }
        } else {
            // After an edit's cut, the frame is taken from the input, on its own timeline.
            var frame = try await media.coverFrame(
                from: try pathForTools(videoFile, work: work), seekSeconds: movie.coverSeekSeconds + (movie.cut?.startSeconds ?? 0))
            if let old = options.keyPhotoMetadata { frame = try KeyPhotoMetadata.carry(from: old, into: frame, work: work) }
            (photoSource, stillFile) = (.videoFrame, try InputFile(path: frame))
        }
        // HEIC stays HEIC and JPEG stays JPEG unless a format is asked for.
        let format = options.photoFormat ?? (stillKind == .heic ? .heic : .jpeg)
        let still: StillOutput
        let replaceMakerNote = options.force || options.replacesForeignMakerNote
        var replacedMakerNote: String?
        if stillKind == .heic {
            guard format == .heic else {
                throw .refused(file: stillFile.path, reason: "a HEIC still cannot be converted to JPEG here", remedy: .keepPhotoFormat)
            }
            still = .heic(try TaggedHEIC.plan(source: stillFile.file, identifier: identifier, replaceForeignMakerNote: replaceMakerNote))
            replacedMakerNote = still.replacedMakerNote
        } else {
            let tagged = try TaggedStill.plan(source: stillFile, identifier: identifier, replaceForeignMakerNote: replaceMakerNote)
            replacedMakerNote = tagged.replacedMakerNote
            if format == .heic {
                still = .encoded(try await media.encodeHEIC(tagged))
                if photoSource == .lossless { photoSource = .converted }
            } else {
                still = .jpeg(tagged)
            }
        }
        if let replacedMakerNote {
            notes.append(
                "the photo's MakerNote from \(replacedMakerNote) was replaced by an Apple MakerNote, where Photos reads the identifier")
        }
        let folder = options.outputDirectory
        let (photoName, movieName) = PlannedOutputs.pairNames(stem: stem, format: format)
        var result = MakeResult(
            identifier: identifier, coverTime: movie.coverSeconds, requestedCoverTime: cover.seconds,
            keptExistingStillTime: movie.keptExistingStillTime, packaging: options.packaging, photoSource: photoSource,
            videoSource: videoSource, trim: trim, wallpaperWarnings: wallpaperWarnings, notes: notes)
        let copyTotal = still.copiedBytes + movie.copiedBytes
        let counter = ProgressCounter(
            total: options.packaging == .zippedBundle || options.zipsPairToo ? 2 * copyTotal : copyTotal, handler: progress)

        // Everything placed is removed again if a later step fails, so a failed make leaves nothing.
        var placed: [String] = []
        do throws(LivePhotoError) {
            // The outputs keep the inputs' dates: the photo's for the still (the video's when the still is a frame of
            // it), the video's for the movie.
            let job = OutputJob(
                still: still, movie: movie, folder: folder, photoName: photoName, movieName: movieName,
                inputs: [photo, video].compactMap { $0 }, photoDatedLike: photo ?? video, movieDatedLike: video,
                force: options.force, counter: counter)
            switch options.packaging {
            case .pair where options.zipsPairToo:
                (result.photo, result.movie, result.bundle) = try job.writePairAndZip(bundleNamed: "\(stem).pvt", placed: &placed)
            case .pair:
                (result.photo, result.movie) = try job.writePair(placed: &placed)
            case .bundle, .zippedBundle:
                result.bundle = try job.writeBundle(named: "\(stem).pvt", zipped: options.packaging == .zippedBundle, placed: &placed)
            }
        } catch {
            PendingOutputs.shared.rollBack(placed)
            throw error
        }
        PendingOutputs.shared.finish(placed)
        logger.debug("made Live Photo \(identifier) with cover at \(movie.coverSeconds) s")
        return result
    }

    /// A Motion Photo given as the photo loses its video and Motion Photo XMP first (a Live Photo's still is a
    /// plain photo); any other photo is used as it is.
    static func plainStill(_ input: InputFile, work: String) throws(LivePhotoError) -> InputFile {
        guard let motion = input.motionPhotoWithVideo else { return input }
        logger.info("\(input.path) is a Motion Photo; its embedded video is left out of the still")
        let plain = try PlainPhoto.plan(source: input, motion: motion)
        let staged = try StagedFile(destination: "\(work)/still.\(input.kind == .heic ? "heic" : "jpg")")
        try staged.write(plain.output) { _ in }
        let path = try staged.commit()
        PendingOutputs.shared.finish([path])
        return try InputFile(path: path)
    }

    static func stemName(_ name: String) throws(LivePhotoError) -> String { try PlannedOutputs.checkedStem(name) }
}

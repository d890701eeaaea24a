import Foundation
import LivePhotoMedia
import Logging
import MediaFormats
import ZIPFoundation

/// How `make` packages its output.
public enum Packaging: String, Sendable, Codable, CaseIterable {
    /// `STEM.JPG` and `STEM.MOV` side by side: import both into Photos on a Mac.
    case pair
    /// A `STEM.pvt` folder bundle.
    case bundle = "pvt"
    /// `STEM.pvt.zip`: the bundle zipped, the form the Files app on an iPhone opens.
    case zippedBundle = "pvt-zip"
}

/// Whether `make` prepares the movie for the lock screen's animated wallpaper (FORMAT.md §10).
public enum WallpaperMode: String, Sendable, Codable, CaseIterable {
    /// Write the `live-photo-info` track; say so when the cover or frame rate keeps the wallpaper still.
    case auto
    /// The same, but a cover or frame rate that keeps the wallpaper still is an error.
    case required
    /// Leave the track out.
    case off
}

/// What `make` should do.
public struct MakeOptions: Sendable {
    /// The folder outputs go to; created when missing.
    public var outputDirectory: String
    /// The output file stem; defaults to the video's.
    public var name: String?
    /// Cover time in seconds, snapped to the nearest frame; nil for the frame nearest the middle (or, for a
    /// movie that already has a still-image-time, that time).
    public var coverTime: Double?
    /// The content identifier; random when nil.
    public var identifier: ContentIdentifier?
    public var packaging: Packaging
    /// Overwrite existing outputs, and replace a MakerNote of another maker.
    public var force: Bool
    /// JPEG quality (1...100) for stills that must be encoded: a frame taken from the video, a converted image.
    public var quality: Int
    /// The codec a video is encoded to when it must be (its codec is not H.264 or HEVC).
    public var codec: VideoCodec
    /// The ffmpeg executable; nil looks on the PATH. Only needed when pixels must change.
    public var ffmpegPath: String?
    /// Keep only this many seconds of video, centred on the cover (Live Photos are about 3 s); nil keeps it all.
    public var duration: Double?
    /// With `duration`: the seconds of it kept before the cover (the rest after it), as a camera keeps 1.5 s before
    /// the shutter and 1.5 s after; nil centres the window on the cover.
    public var durationBeforeCover: Double?
    /// With a photo: the cover moves to the frame within this many seconds of `coverTime` that looks most like the
    /// photo (a camera's still and the moment its shutter was pressed may be a frame or two apart); nil keeps it.
    public var coverMatchesPhotoWithin: Double?
    /// The still's format; nil keeps the photo's (HEIC stays HEIC, anything else becomes or stays JPEG). Asking
    /// for HEIC from another format encodes it with libheif's heif-enc from the tagged JPEG.
    public var photoFormat: PhotoFormat?
    /// The lock-screen wallpaper track and checks.
    public var wallpaper: WallpaperMode
    /// A cover time the input itself suggests (a Motion Photo's presentation timestamp), used when `coverTime` is
    /// nil: unlike `coverTime`, one outside the video snaps to the nearest frame, with a note in the result.
    var suggestedCover: SuggestedCover?
    /// Replace a MakerNote of another camera maker even without `force`, with a note in the result (`convert`
    /// does: its user asked for a Live Photo).
    var replacesForeignMakerNote = false
    /// `edit`'s changes to the movie (a range kept, the sound left out); the cover is then a time on the input's
    /// timeline.
    var movieEdit: MovieEdit?
    /// `edit`'s old still, whose metadata a new key photo (a frame of the video) keeps.
    var keyPhotoMetadata: String?

    public init(
        outputDirectory: String = ".", name: String? = nil, coverTime: Double? = nil, identifier: ContentIdentifier? = nil,
        packaging: Packaging = .pair, force: Bool = false, quality: Int = 92, codec: VideoCodec = .h264, ffmpegPath: String? = nil,
        photoFormat: PhotoFormat? = nil, duration: Double? = nil, durationBeforeCover: Double? = nil,
        coverMatchesPhotoWithin: Double? = nil, wallpaper: WallpaperMode = .auto
    ) {
        self.durationBeforeCover = durationBeforeCover
        self.coverMatchesPhotoWithin = coverMatchesPhotoWithin
        self.wallpaper = wallpaper
        self.outputDirectory = outputDirectory
        self.name = name
        self.coverTime = coverTime
        self.identifier = identifier
        self.packaging = packaging
        self.force = force
        self.quality = quality
        self.codec = codec
        self.ffmpegPath = ffmpegPath
        self.photoFormat = photoFormat
        self.duration = duration
    }
}

/// A cover time that comes from an input file rather than from the user.
struct SuggestedCover: Sendable {
    var seconds: Double
    /// What it is, for notes: "the Motion Photo's presentation timestamp".
    var label: String
}

/// What `make` wrote.
public struct MakeResult: Sendable, Codable, Equatable {
    /// The content identifier shared by the still and the movie.
    public var identifier: ContentIdentifier
    /// The still's time in the movie, in seconds, after snapping to a frame.
    public var coverTime: Double
    /// The cover time asked for, if any.
    public var requestedCoverTime: Double?
    /// True when the movie's own still-image-time track was kept.
    public var keptExistingStillTime: Bool
    public var packaging: Packaging
    /// Whether the still is the JPEG given, a converted image, or a frame of the video.
    public var photoSource: PhotoSource
    /// Whether the video's samples were copied, remuxed first, or transcoded first.
    public var videoSource: VideoSource
    /// How the video was cut to `duration`, when it was.
    public var trim: TrimReport?
    /// Why the lock-screen wallpaper will not animate (G3, G4), when it will not; empty otherwise.
    public var wallpaperWarnings: [String] = []
    /// What was decided on the user's behalf: a suggested cover outside the video snapped to a frame, another
    /// maker's MakerNote replaced by Apple's.
    public var notes: [String] = []
    /// The files written: the still and the movie for a pair, the bundle for `pvt` and `pvt-zip`.
    public var photo: String?
    public var movie: String?
    public var bundle: String?
}

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
    /// - Throws: ``LivePhotoError``; nothing is left in the output folder when it does.
    public static func make(photo: String?, video: String, options: MakeOptions, progress: ProgressHandler? = nil)
        async throws(LivePhotoError) -> MakeResult
    {
        // The two in either order: a still given as the video, with something else as the photo, swaps them.
        if let photo, FileKind.detect(path: video).isStill, !FileKind.detect(path: photo).isStill {
            logger.info("\(video) is the photo and \(photo) the video: they were given the other way round")
            var result = try await make(photo: video, video: photo, options: options, progress: progress)
            result.notes.insert("\(video) is the photo and \(photo) the video (given the other way round)", at: 0)
            return result
        }
        let identifier = options.identifier ?? ContentIdentifier()
        let stem = try stemName(options.name ?? URL(fileURLWithPath: video).deletingPathExtension().lastPathComponent)
        let videoFile = try open(video)
        let photoFile = try photo.map { p throws(LivePhotoError) in try open(p) }
        for file in [videoFile, photoFile].compactMap({ $0 }) where file.size == 0 {
            throw .badInput(file: file.path, reason: "the file is empty")
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

    private static func make(
        photo: String?, video: String, videoFile: RandomAccessFile, photoFile: RandomAccessFile?, stem: String,
        identifier: ContentIdentifier, work: String, options: MakeOptions, progress: ProgressHandler?
    ) async throws(LivePhotoError) -> MakeResult {
        var videoFile = videoFile
        let media = MediaSteps(
            ffmpegPath: options.ffmpegPath, work: work, quality: options.quality, codec: options.codec, progress: progress)

        // The movie: used as it is when it can be, else made so by ffmpeg.
        var videoSource = VideoSource.lossless
        var notes: [String] = []
        let suggested = options.coverTime == nil ? options.suggestedCover.map(\.seconds) : nil
        let cover = CoverRequest(seconds: options.coverTime ?? suggested, snapsOutside: suggested != nil)
        var movie: MovieRemux
        do throws(LivePhotoError) {
            let kind = try naming(video) { try FileKind.detect(videoFile) }
            guard !kind.isStill else { throw .badInput(file: video, reason: "this is a photo; a video is needed") }
            guard kind.isMovie else { throw .unsupported(file: video, reason: "not a QuickTime or MP4 movie") }
            movie = try MovieRemux.plan(
                source: videoFile, identifier: identifier, cover: cover, wallpaper: options.wallpaper != .off, edit: options.movieEdit)
        } catch .unsupported(let file, let reason) {
            // An edit never re-encodes the movie.
            if options.movieEdit != nil { throw .unsupported(file: file, reason: reason) }
            logger.info("\(video): \(reason); converting it with ffmpeg")
            let (normalized, source) = try await media.normalizeVideo(video)
            videoSource = source
            videoFile = try open(normalized)
            movie = try MovieRemux.plan(source: videoFile, identifier: identifier, cover: cover, wallpaper: options.wallpaper != .off)
        }
        if let requested = cover.seconds, abs(requested - movie.coverSeconds) > 0.0005 {
            logger.info("cover time \(requested) s snapped to the frame at \(movie.coverSeconds) s")
        }
        if let suggested, let label = options.suggestedCover?.label, CoverTime.isOutside(suggested, duration: movie.videoDuration) {
            notes.append(
                "\(label) (\(CoverTime.format(suggested)) s) lies outside the video (0 to \(CoverTime.format(movie.videoDuration)) s); "
                    + "the cover is the nearest frame, at \(CoverTime.format(movie.coverSeconds)) s")
        }
        if let within = options.coverMatchesPhotoWithin, let photo,
            let matched = await media.coverMatching(photo: photo, video: videoFile.path, movie: movie, within: within),
            abs(matched - movie.coverSeconds) > 0.0005
        {
            logger.info("the cover moves from \(movie.coverSeconds) s to \(matched) s, the frame that looks like the photo")
            movie = try MovieRemux.plan(
                source: videoFile, identifier: identifier, cover: CoverRequest(seconds: matched), wallpaper: options.wallpaper != .off)
        }
        var trim: TrimReport?
        if let duration = options.duration,
            let (cut, report) = try await media.trim(
                videoFile.path, movie: movie, duration: duration, before: options.durationBeforeCover)
        {
            trim = report
            videoFile = try open(cut)
            movie = try MovieRemux.plan(
                source: videoFile, identifier: identifier, cover: CoverRequest(seconds: max(0, movie.coverSeconds - report.start)),
                wallpaper: options.wallpaper != .off)
            // A re-encoded cut can start a frame off the time asked: the frame the photo shows is found again, near.
            if let within = options.coverMatchesPhotoWithin, let photo,
                let matched = await media.coverMatching(photo: photo, video: videoFile.path, movie: movie, within: min(within, 0.1)),
                abs(matched - movie.coverSeconds) > 0.0005
            {
                movie = try MovieRemux.plan(
                    source: videoFile, identifier: identifier, cover: CoverRequest(seconds: matched), wallpaper: options.wallpaper != .off)
            }
        }
        // The lock screen animates only with 14 frames before the still and 20 fps or more (G3, G4).
        var wallpaperWarnings: [String] = []
        if options.wallpaper != .off {
            wallpaperWarnings = WallpaperReadiness.coverProblems(frameTimes: movie.frameTimes, cover: movie.coverSeconds)
            if options.wallpaper == .required, !wallpaperWarnings.isEmpty {
                throw .invalidArgument("the lock-screen wallpaper would not animate: \(wallpaperWarnings.joined(separator: "; "))")
            }
            for warning in wallpaperWarnings { logger.notice("the lock-screen wallpaper will not animate: \(warning)") }
        }

        // The still: the JPEG as it is, another image converted, or the cover frame.
        var photoSource: PhotoSource
        let stillFile: RandomAccessFile
        var stillKind = FileKind.jpeg
        if let photoFile {
            let kind = try naming(photoFile.path) { try FileKind.detect(photoFile) }
            switch kind {
            case .jpeg, .heic:
                (photoSource, stillFile) = (.lossless, try plainStill(photoFile, kind: kind, work: work))
                stillKind = kind
            case .quicktime, .mp4:
                throw .badInput(file: photoFile.path, reason: "this is a movie, not a photo")
            case .zip:
                throw .badInput(file: photoFile.path, reason: "a zip archive, not a photo (split a .pvt.zip first)")
            case .avif:
                (photoSource, stillFile) = (.converted, try open(try await media.convertPhoto(photoFile.path)))
            case .unknown:
                // A file named as a JPEG that does not start like one is a broken JPEG, not another format.
                if ["jpg", "jpeg"].contains(URL(fileURLWithPath: photoFile.path).pathExtension.lowercased()) {
                    let head = try naming(photoFile.path) { try photoFile.readUpTo(at: 0, count: 8) }
                    throw .badInput(file: photoFile.path, reason: "not a valid JPEG: \(JPEGFile.notJPEGReason(head: head))")
                }
                (photoSource, stillFile) = (.converted, try open(try await media.convertPhoto(photoFile.path)))
            }
        } else {
            // After an edit's cut, the frame is taken from the input, on its own timeline.
            var frame = try await media.coverFrame(
                from: videoFile.path, seekSeconds: movie.coverSeekSeconds + (movie.cut?.startSeconds ?? 0))
            if let old = options.keyPhotoMetadata { frame = try KeyPhotoMetadata.carry(from: old, into: frame, work: work) }
            (photoSource, stillFile) = (.videoFrame, try open(frame))
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
            still = .heic(try TaggedHEIC.plan(source: stillFile, identifier: identifier, replaceForeignMakerNote: replaceMakerNote))
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
        let names = outputNames(stem: stem, format: format)
        let photoName = names[0], movieName = names[1]
        var result = MakeResult(
            identifier: identifier, coverTime: movie.coverSeconds, requestedCoverTime: cover.seconds,
            keptExistingStillTime: movie.keptExistingStillTime, packaging: options.packaging, photoSource: photoSource,
            videoSource: videoSource, trim: trim, wallpaperWarnings: wallpaperWarnings, notes: notes)
        let copyTotal = still.copiedBytes + movie.copiedBytes
        let counter = ProgressCounter(total: options.packaging == .zippedBundle ? 2 * copyTotal : copyTotal, handler: progress)

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
    static func plainStill(_ file: RandomAccessFile, kind: FileKind, work: String) throws(LivePhotoError) -> RandomAccessFile {
        guard let motion = try? MotionPhotoFile(file: file), motion.isMotionPhoto else { return file }
        logger.info("\(file.path) is a Motion Photo; its embedded video is left out of the still")
        let plain = try PlainPhoto.plan(source: file, motion: motion)
        let staged = try StagedFile(destination: "\(work)/still.\(kind == .heic ? "heic" : "jpg")")
        try plain.write(to: staged) { _ in }
        let path = try staged.commit()
        PendingOutputs.shared.finish([path])
        return try open(path)
    }

    static func open(_ path: String) throws(LivePhotoError) -> RandomAccessFile {
        do {
            return try RandomAccessFile(path: path)
        } catch {
            throw .io(path: path, reason: error.reason)
        }
    }

    /// The names of a pair's photo and movie: `STEM.JPG` (or `STEM.HEIC`) and `STEM.MOV`.
    static func outputNames(stem: String, format: PhotoFormat) -> [String] {
        ["\(stem).\(format == .heic ? "HEIC" : "JPG")", "\(stem).MOV"]
    }

    static func stemName(_ name: String) throws(LivePhotoError) -> String {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            throw .invalidArgument("'\(name)' cannot be used as an output name")
        }
        return name
    }
}

/// Writes one planned Live Photo in the chosen packaging.
struct OutputJob {
    let still: StillOutput
    let movie: MovieRemux
    let folder: String
    let photoName: String
    let movieName: String
    let inputs: [String]
    /// The inputs whose modification times the still and the movie keep.
    let photoDatedLike: String
    let movieDatedLike: String
    let force: Bool
    let counter: ProgressCounter

    /// `STEM.JPG` and `STEM.MOV` in the folder.
    func writePair(placed: inout [String]) throws(LivePhotoError) -> (String, String) {
        let photoPath = "\(folder)/\(photoName)", moviePath = "\(folder)/\(movieName)"
        try OutputLocation.check([photoPath, moviePath], inputs: inputs, force: force)
        let stagedPhoto = try StagedFile(destination: photoPath, datedLike: photoDatedLike)
        let stagedMovie = try StagedFile(destination: moviePath, datedLike: movieDatedLike)
        try still.write(to: stagedPhoto, progress: counter.add)
        try movie.write(to: stagedMovie, progress: counter.add)
        try OutputLocation.check([photoPath, moviePath], inputs: inputs, force: force)
        placed.append(try stagedPhoto.commit())
        placed.append(try stagedMovie.commit())
        return (photoPath, moviePath)
    }

    /// `NAME/` (a `.pvt` bundle) or `NAME.zip`, built in a hidden folder and moved into place whole.
    func writeBundle(named bundleName: String, zipped: Bool, placed: inout [String]) throws(LivePhotoError) -> String {
        let destination = "\(folder)/\(bundleName)" + (zipped ? ".zip" : "")
        try OutputLocation.check([destination], inputs: inputs, force: force)
        let work = try OutputLocation.temporaryFolder(beside: destination)
        defer { OutputLocation.remove(work) }
        do {
            return try fillBundle(work, destination: destination, bundleName: bundleName, zipped: zipped, placed: &placed)
        } catch {
            // The hidden folder the bundle is built in is never named: its files are named as in the bundle.
            throw error.renamingFiles(in: work) { name in name.isEmpty ? destination : "\(destination)/\(name)" }
        }
    }

    /// Writes the still, the movie and `metadata.plist` into `work`, then moves it (or its zip) to `destination`.
    private func fillBundle(_ work: String, destination: String, bundleName: String, zipped: Bool, placed: inout [String])
        throws(LivePhotoError) -> String
    {
        let stagedPhoto = try StagedFile(destination: "\(work)/\(photoName)", datedLike: photoDatedLike)
        let stagedMovie = try StagedFile(destination: "\(work)/\(movieName)", datedLike: movieDatedLike)
        try still.write(to: stagedPhoto, progress: counter.add)
        try movie.write(to: stagedMovie, progress: counter.add)
        placed.append(try stagedPhoto.commit())
        placed.append(try stagedMovie.commit())
        do {
            try PhotoBundle.metadataPlist.write(toFile: "\(work)/\(PhotoBundle.metadataFileName)", atomically: false, encoding: .utf8)
        } catch {
            throw .writeFailed(path: destination, reason: "cannot write \(PhotoBundle.metadataFileName) into the bundle")
        }
        FileDates.copyModificationTime(from: photoDatedLike, to: "\(work)/\(PhotoBundle.metadataFileName)")
        if !zipped {
            FileDates.copyModificationTime(from: photoDatedLike, to: work)
            try OutputLocation.moveIntoPlace(work, destination, force: force)
            placed.append(destination)
            return destination
        }
        let zipPath = OutputLocation.temporaryName(beside: destination)
        defer { OutputLocation.remove(zipPath) }
        do {
            let archive = try Archive(url: URL(fileURLWithPath: zipPath), accessMode: .create)
            let date = FileDates.modificationDate(of: photoDatedLike) ?? Date()
            try archive.addEntry(
                with: "\(bundleName)/", type: .directory, uncompressedSize: Int64(0), modificationDate: date, provider: { _, _ in Data() })
            for name in [photoName, movieName, PhotoBundle.metadataFileName] {
                let url = URL(fileURLWithPath: "\(work)/\(name)")
                // Media is already compressed: store it. The plist deflates.
                try archive.addEntry(
                    with: "\(bundleName)/\(name)", fileURL: url, compressionMethod: name.hasSuffix(".plist") ? .deflate : .none)
                counter.add((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int64) ?? 0)
            }
        } catch {
            throw .writeFailed(path: destination, reason: "cannot write the zip archive: \(error)")
        }
        FileDates.copyModificationTime(from: photoDatedLike, to: zipPath)
        try OutputLocation.moveIntoPlace(zipPath, destination, force: force)
        placed.append(destination)
        return destination
    }
}

import LivePhotoMedia
import Logging
import MediaFormats
internal import PortableFoundation

/// Where `split` and ``LivePhotoConverter/toMotionPhoto(photo:movie:options:progress:)`` write.
public struct SplitOptions: Sendable {
    /// The folder outputs go to; created when missing.
    public var outputDirectory: String
    /// The output stem; defaults to the input's (a Motion Photo's `.MP` suffix dropped; for a Motion Photo made from a
    /// Live Photo, the photo's, as in `STEM.MP.jpg`).
    public var name: String?
    /// Overwrite existing outputs, and take a photo and a movie that belong to different Live Photos (a split gives
    /// each its own name).
    public var force: Bool

    public init(outputDirectory: String = ".", name: String? = nil, force: Bool = false) {
        self.outputDirectory = outputDirectory
        self.name = name
        self.force = force
    }
}

/// Takes Live Photos and Motion Photos apart into a plain photo and a plain video, without re-encoding.
public enum LivePhotoSplitter {
    static let logger = Logger(label: "livephoto.split")

    /// One thing to split.
    enum Unit {
        /// `note` says how one part was found beside the other, when only one was given.
        case pair(still: String, movie: String, note: String? = nil)
        case bundle(String)
        case zippedBundle(String)
        case motionPhoto(String)
    }

    /// Splits each input: a Live Photo pair (its still and movie, in either order), a `.pvt` folder, a `.pvt.zip`,
    /// or a Motion Photo. Stills and movies given together are paired by name (or, for one of each, as they are).
    ///
    /// - Returns: one result per Live Photo or Motion Photo.
    /// - Throws: ``LivePhotoError``; nothing is left in the output folder when it does.
    public static func split(_ paths: [String], options: SplitOptions, progress: ProgressHandler? = nil) async throws(LivePhotoError)
        -> [SplitResult]
    {
        let units = try group(paths)
        try OutputLocation.prepareFolder(options.outputDirectory)
        guard options.name == nil || units.count == 1 else {
            throw .refused(file: nil, reason: "one name was given for \(units.count) items", remedy: .nameOneItemOnly)
        }
        var placed: [String] = []
        var results: [SplitResult] = []
        do throws(LivePhotoError) {
            for unit in units {
                results.append(try splitUnit(unit, options: options, progress: progress, placed: &placed))
            }
        } catch {
            PendingOutputs.shared.rollBack(placed)
            throw error
        }
        PendingOutputs.shared.finish(placed)
        return results
    }

    static func group(_ paths: [String]) throws(LivePhotoError) -> [Unit] {
        guard !paths.isEmpty else { throw .invalidArgument("give a Live Photo (photo and movie, .pvt or .pvt.zip) or a Motion Photo") }
        var units: [Unit] = []
        var stills: [String] = []
        var movies: [String] = []
        var opened: [String: InputFile] = [:]
        for path in paths {
            guard FileManager.default.fileExists(atPath: path) else {
                throw .io(path: path, reason: "no such file")
            }
            if FileManager.default.isFolder(atPath: path) {
                units.append(.bundle(path))
                continue
            }
            let input = try InputFile(path: path)
            opened[path] = input
            let kind = input.kind
            if kind == .zip {
                units.append(.zippedBundle(path))
                continue
            }
            if kind.isMovie {
                movies.append(path)
            } else if kind == .jpeg || kind == .heic {
                stills.append(path)
            } else {
                throw .badInput(file: path, reason: "not a photo, a movie, a .pvt bundle or a .pvt.zip")
            }
        }
        func stem(_ p: String) -> String { URL(fileURLWithPath: p).deletingPathExtension().path.lowercased() }
        if stills.count == 1, movies.count == 1 {
            units.append(.pair(still: stills[0], movie: movies[0]))
            return units
        }
        for movie in movies {
            if let i = stills.firstIndex(where: { stem($0) == stem(movie) }) {
                units.append(.pair(still: stills.remove(at: i), movie: movie))
                continue
            }
            // A Live Photo's movie alone: its photo is looked for beside it.
            guard opened[movie].map(isLivePhotoMovie) ?? false else { throw movieAlone(movie) }
            let companion = try CompanionFinder.find(for: movie)
            units.append(.pair(still: companion.path, movie: movie, note: companion.note))
        }
        for still in stills {
            guard let input = opened[still] else { continue }
            // A Live Photo's still alone (not a Motion Photo, which holds its video): its movie is looked for beside it.
            if FileAnalysis(input, depth: .identity).report.role == .liveStill {
                let companion = try CompanionFinder.find(for: still)
                units.append(.pair(still: still, movie: companion.path, note: companion.note))
            } else if let id = input.vivoPairingID {
                // A vivo pair's photo alone: its movie is the one beside it with the same pairing id.
                guard let pair = VivoPair.movie(beside: still, pairingID: id) else {
                    throw .badInput(
                        file: still, reason: "the photo of a vivo live photo (pairing id \(id)); no movie beside it carries that id")
                }
                units.append(.pair(still: still, movie: pair.movie, note: "a vivo live photo: \(pair.movie) carries the same pairing id"))
            } else {
                units.append(.motionPhoto(still))
            }
        }
        return units
    }

    /// Whether `input`, a movie, is a Live Photo's: it carries an identifier or a still-image-time track.
    static func isLivePhotoMovie(_ input: InputFile) -> Bool {
        let facts = (try? Movie(file: input.file)).map(MovieFacts.init)
        return facts.map { $0.contentIdentifier != nil || !$0.stillImageTimeTracks.isEmpty } ?? false
    }

    /// Why a movie that is not a Live Photo's cannot be split.
    static func movieAlone(_ path: String) -> LivePhotoError {
        .badInput(
            file: path,
            reason: "not part of a Live Photo: the movie has no content identifier and no still-image-time track, so there is "
                + "nothing to split")
    }

    /// Why one part of a Live Photo cannot be split without the other.
    static func partAlone(_ path: String, part: String, identifier: String?, missing: String) -> LivePhotoError {
        .badInput(
            file: path,
            reason: "a Live Photo's \(part)\(identifier.map { " (identifier \($0))" } ?? ""); give its \(missing) too (the same name), "
                + "or the .pvt bundle")
    }

    static func splitUnit(_ unit: Unit, options: SplitOptions, progress: ProgressHandler?, placed: inout [String])
        throws(LivePhotoError) -> SplitResult
    {
        switch unit {
        case .pair(let still, let movie, let note):
            var result = try splitPair(
                still: still, movie: movie, inputs: [still, movie], packaging: .pair, stem: options.name ?? PlannedOutputs.baseStem(still),
                options: options, progress: progress, placed: &placed)
            if let note { result.notes.insert(note, at: 0) }
            return result
        case .bundle(let folder):
            let (still, movie) = try BundleReader.members(ofFolder: folder)
            return try splitPair(
                still: still, movie: movie, inputs: [folder], packaging: .bundle, stem: options.name ?? PlannedOutputs.bundleStem(folder),
                options: options, progress: progress, placed: &placed)
        case .zippedBundle(let zip):
            let destination = "\(options.outputDirectory)/\(PlannedOutputs.bundleStem(zip))"
            let work = try OutputLocation.temporaryFolder(beside: destination)
            defer { OutputLocation.remove(work) }
            do throws(LivePhotoError) {
                let (still, movie) = try BundleReader.extract(zip: zip, into: work)
                return try splitPair(
                    still: still, movie: movie, inputs: [zip], packaging: .zippedBundle, stem: options.name ?? PlannedOutputs.bundleStem(zip),
                    options: options, progress: progress, placed: &placed)
            } catch {
                // A member is named as inside the zip, never by where it was extracted.
                throw error.renamingFiles(in: work) { name in name.isEmpty ? zip : "\(zip)/\(name)" }
            }
        case .motionPhoto(let path):
            return try splitMotionPhoto(path, options: options, progress: progress, placed: &placed)
        }
    }

    static func splitPair(
        still: String, movie: String, inputs: [String], packaging: Packaging, stem: String, options: SplitOptions,
        progress: ProgressHandler?, placed: inout [String]
    ) throws(LivePhotoError) -> SplitResult {
        let stillFile = try InputFile(path: still), movieFile = try InputFile(path: movie).file
        // vivo's pair: the photo's footer is cut off, the movie's goes with the boxes a plain movie leaves out.
        let vivo = VivoPair.pair(photo: stillFile, movie: movie)
        // vivo's own pairs only: a `.pvt` holding vivo's files is still Apple's bundle.
        let family: PhotoFamily = vivo != nil && packaging == .pair ? .vivo : .apple
        let kind = SplitResult.Kind(twoFilesOf: family, packaging: packaging)
        let photo = try PlainPhoto.plan(source: stillFile, motion: vivo == nil ? nil : try? stillFile.motionPhoto())
        var plainMovie = try PlainMovie.plan(source: movieFile, container: .sameAsInput, coverSeconds: vivo?.coverSeconds)
        if vivo != nil { plainMovie.removed.append("vivo footer") }
        var pairing = PartsPairing(
            photoIdentifier: photo.identifier, movieIdentifier: plainMovie.identifier,
            movieHasStillImageTime: plainMovie.coverSeconds != nil)
        if let vivo { pairing.vivoPairingID = vivo.pairingID }
        if pairing.differ, !options.force { throw pairing.mismatch(photo: still, movie: movie) }
        if pairing.photoIdentifier == nil, pairing.movieIdentifier == nil, !pairing.movieHasStillImageTime, vivo == nil {
            throw .badInput(
                file: still,
                reason: "neither this photo nor \(movie) is part of a Live Photo (no content identifier, no still-image-time "
                    + "track), so there is nothing to split")
        }
        // Parts of two Live Photos (split with --force) keep their own names.
        let photoStem = try LivePhotoMaker.stemName(stem)
        let movieStem = try LivePhotoMaker.stemName(pairing.differ && options.name == nil && kind == .livePhoto ? PlannedOutputs.baseStem(movie) : stem)
        let photoPath = PlannedOutputs.splitPhoto(of: still, stem: photoStem, folder: options.outputDirectory, kind: photo.format)
        let moviePath = PlannedOutputs.splitMovie(of: movie, stem: movieStem, folder: options.outputDirectory)
        let counter = ProgressCounter(total: photo.copiedBytes + plainMovie.copiedBytes, handler: progress)
        let outputs = try OutputTransaction([photoPath, moviePath], inputs: [still, movie], force: options.force)
        let stagedPhoto = try outputs.stage(photoPath, datedLike: still)
        let stagedMovie = try outputs.stage(moviePath, datedLike: movie)
        try stagedPhoto.write(photo.output, progress: counter.add)
        try stagedMovie.write(plainMovie.output, progress: counter.add)
        placed += try outputs.commit(finishing: false)
        return SplitResult(
            inputs: inputs, kind: kind, family: family, photo: photoPath, video: moviePath, coverTimeSeconds: plainMovie.coverSeconds,
            removed: photo.removed.map { "photo: \($0)" } + plainMovie.removed.map { "movie: \($0)" },
            notes: pairing.note.map { [$0] } ?? [])
    }

    static func splitMotionPhoto(_ path: String, options: SplitOptions, progress: ProgressHandler?, placed: inout [String])
        throws(LivePhotoError) -> SplitResult
    {
        let input = try InputFile(path: path)
        let (file, motion) = (input.file, try input.motionPhoto())
        guard let video = motion.video else {
            let report = FileAnalysis(input).report
            if report.role == .liveStill { throw partAlone(path, part: "photo", identifier: report.contentIdentifier, missing: "movie") }
            throw .badInput(
                file: path,
                reason: "not a Motion Photo: it holds no video (and no content identifier of a Live Photo), so there is nothing to split")
        }
        let photo = try PlainPhoto.plan(source: input, motion: motion)
        let stem = try LivePhotoMaker.stemName(options.name ?? PlannedOutputs.baseStem(path))
        let photoPath = PlannedOutputs.splitPhoto(of: path, stem: stem, folder: options.outputDirectory, kind: photo.format)
        let videoPath = PlannedOutputs.splitMovie(of: nil, stem: stem, folder: options.outputDirectory)
        let counter = ProgressCounter(total: photo.copiedBytes + video.length, handler: progress)
        let outputs = try OutputTransaction([photoPath, videoPath], inputs: [path], force: options.force)
        let stagedPhoto = try outputs.stage(photoPath, datedLike: path)
        let stagedVideo = try outputs.stage(videoPath, datedLike: path)
        try stagedPhoto.write(photo.output, progress: counter.add)
        try stagedVideo.copy(from: file, offset: video.offset, length: video.length, progress: counter.add)
        var notes = motion.notes
        if let check = try? InputFile(path: stagedVideo.temporaryPath).file {
            switch Result(catching: { try Movie(file: check) }) {
            case .success(let movie):
                if let v = movie.videoTrack, v.tables.sampleCount == 0 { notes.append("the embedded video has no frames (cut short?)") }
            case .failure(let error): notes.append("the embedded video is not readable: \(LivePhotoError.wrap(error, file: videoPath))")
            }
        }
        placed += try outputs.commit(finishing: false)
        for note in notes { logger.info("\(path): \(note)") }
        return SplitResult(
            inputs: [path], kind: SplitResult.Kind(motion), family: motion.maker.map(PhotoFamily.init) ?? .google, photo: photoPath,
            video: videoPath,
            coverTimeSeconds: motion.coverTimeUs.map { Double($0) / 1_000_000 },
            videoLocator: motion.videoLocator.map(InspectionReport.MotionPhotoVideoLocator.init),
            videoOffset: video.offset, videoLength: video.length, removed: photo.removed, notes: notes)
    }
}

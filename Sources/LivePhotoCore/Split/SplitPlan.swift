import MediaFormats

/// One item of `split`, planned: the plain photo and the plain movie, named, and what the result says of them. The
/// command line writes them in its output folder; the browser hands them to the page.
package struct SplitPlan {
    package let photo: SplicedFile
    package let photoFormat: FileKind
    package let movie: SplicedFile
    /// The outputs' names in `folder` (the command line's `--out`; "." in a browser).
    package let photoPath: String
    package let moviePath: String
    /// The result, with ``photoPath`` and ``moviePath`` as its files.
    package let result: SplitResult

    /// A Live Photo's still and movie (or vivo's two files, or a bundle's members).
    /// - Parameters:
    ///   - inputs: what the result says was given (the two files, or the bundle).
    ///   - named: true when the user named the outputs (then parts of two Live Photos share that name).
    package static func pair(
        still: InputFile, movie: InputFile, inputs: [String], packaging: Packaging, stem: String, named: Bool, force: Bool, folder: String
    ) throws(LivePhotoError) -> SplitPlan {
        let (stillPath, moviePath) = (still.path, movie.path)
        // vivo's pair: the photo's footer is cut off, the movie's goes with the boxes a plain movie leaves out.
        let vivo = VivoPair.pair(photo: still, movie: movie)
        // vivo's own pairs only: a `.pvt` holding vivo's files is still Apple's bundle.
        let family: PhotoFamily = vivo != nil && packaging == .pair ? .vivo : .apple
        let kind = SplitResult.Kind(twoFilesOf: family, packaging: packaging)
        let photo = try PlainPhoto.plan(source: still, motion: vivo == nil ? nil : try? still.motionPhoto())
        var plainMovie = try PlainMovie.plan(source: movie.file, container: .sameAsInput, coverSeconds: vivo?.coverSeconds)
        if vivo != nil { plainMovie.removed.append("vivo footer") }
        var pairing = PartsPairing(
            photoIdentifier: photo.identifier, movieIdentifier: plainMovie.identifier,
            movieHasStillImageTime: plainMovie.coverSeconds != nil)
        if let vivo { pairing.vivoPairingID = vivo.pairingID }
        if pairing.differ, !force { throw pairing.mismatch(photo: stillPath, movie: moviePath) }
        if pairing.photoIdentifier == nil, pairing.movieIdentifier == nil, !pairing.movieHasStillImageTime, vivo == nil {
            throw .badInput(
                file: stillPath,
                reason: "neither this photo nor \(moviePath) is part of a Live Photo (no content identifier, no still-image-time "
                    + "track), so there is nothing to split")
        }
        // Parts of two Live Photos (split with --force) keep their own names.
        let photoStem = try PlannedOutputs.checkedStem(stem)
        let movieStem = try PlannedOutputs.checkedStem(
            pairing.differ && !named && kind == .livePhoto ? PlannedOutputs.baseStem(moviePath) : stem)
        let photoOut = PlannedOutputs.splitPhoto(of: stillPath, stem: photoStem, folder: folder, kind: photo.format)
        let movieOut = PlannedOutputs.splitMovie(of: moviePath, stem: movieStem, folder: folder)
        return SplitPlan(
            photo: photo.output, photoFormat: photo.format, movie: plainMovie.output, photoPath: photoOut, moviePath: movieOut,
            result: SplitResult(
                inputs: inputs, kind: kind, family: family, photo: photoOut, video: movieOut, coverTimeSeconds: plainMovie.coverSeconds,
                removed: photo.removed.map { "photo: \($0)" } + plainMovie.removed.map { "movie: \($0)" },
                notes: pairing.note.map { [$0] } ?? []))
    }

    /// A Motion Photo: the photo without its video, and the MP4 as it is in the file.
    package static func motionPhoto(_ input: InputFile, stem: String, folder: String) throws(LivePhotoError) -> SplitPlan {
        let (file, path, motion) = (input.file, input.path, try input.motionPhoto())
        guard let video = motion.video else {
            let report = FileAnalysis(input).report
            if report.role == .liveStill { throw partAlone(path, part: "photo", identifier: report.contentIdentifier, missing: "movie") }
            throw .badInput(
                file: path,
                reason: "not a Motion Photo: it holds no video (and no content identifier of a Live Photo), so there is nothing to split")
        }
        let photo = try PlainPhoto.plan(source: input, motion: motion)
        let checked = try PlannedOutputs.checkedStem(stem)
        let photoOut = PlannedOutputs.splitPhoto(of: path, stem: checked, folder: folder, kind: photo.format)
        let videoOut = PlannedOutputs.splitMovie(of: nil, stem: checked, folder: folder)
        var notes = motion.notes
        // The MP4 as it will be written, read back: a cut-short or broken one is said.
        if let embedded = try? file.slice(at: video.offset, length: video.length) {
            do throws(FormatError) {
                let movie = try Movie(file: embedded)
                if let v = movie.videoTrack, v.tables.sampleCount == 0 { notes.append("the embedded video has no frames (cut short?)") }
            } catch {
                notes.append("the embedded video is not readable: \(LivePhotoError.wrap(error, file: videoOut))")
            }
        }
        return SplitPlan(
            photo: photo.output, photoFormat: photo.format,
            movie: SplicedFile(pieces: [.copy(file, offset: video.offset, length: video.length)]), photoPath: photoOut,
            moviePath: videoOut,
            result: SplitResult(
                inputs: [path], kind: SplitResult.Kind(motion), family: PhotoFamily(recognising: motion) ?? .google, photo: photoOut,
                video: videoOut, coverTimeSeconds: motion.coverTimeUs.map { Double($0) / 1_000_000 },
                videoLocator: motion.videoLocator.map(InspectionReport.MotionPhotoVideoLocator.init), videoOffset: video.offset,
                videoLength: video.length, removed: photo.removed, notes: notes))
    }

    /// Why one part of a Live Photo cannot be split without the other.
    package static func partAlone(_ path: String, part: String, identifier: String?, missing: String) -> LivePhotoError {
        .badInput(
            file: path,
            reason: "a Live Photo's \(part)\(identifier.map { " (identifier \($0))" } ?? ""); give its \(missing) too (the same name), "
                + "or the .pvt bundle")
    }

    /// Why a movie that is not a Live Photo's cannot be split.
    package static func movieAlone(_ path: String) -> LivePhotoError {
        .badInput(
            file: path,
            reason: "not part of a Live Photo: the movie has no content identifier and no still-image-time track, so there is "
                + "nothing to split")
    }

    /// Whether `input`, a movie, is a Live Photo's: it carries an identifier or a still-image-time track.
    package static func isLivePhotoMovie(_ input: InputFile) -> Bool {
        let facts = (try? Movie(file: input.file)).map(MovieFacts.init)
        return facts.map { $0.contentIdentifier != nil || !$0.stillImageTimeTracks.isEmpty } ?? false
    }
}

import MediaFormats

/// `convert --to live`, as every shell runs it: a Motion Photo's photo without its video and its movie read where it
/// lies in the file, or vivo's two files, made a Live Photo through ``MakeFlow`` with the cover the file suggests and
/// the identifier it kept (``LiveConversionChoices``).
package struct LiveConversionFlow: ShellFlow {
    /// The Motion Photo, or vivo's photo and movie in either order (the movie, when only the photo is given, is asked
    /// of the shell: ``ShellRequest/vivoMovie(besidePhoto:pairingID:)``).
    package let inputs: [InputFile]
    package let settings: MakeSettings
    /// The identifier of a Live Photo whose file kept none, drawn once.
    let drawnIdentifier = ContentIdentifier()
    package var answers: [ShellAnswer] = []

    package init(inputs: [InputFile], settings: MakeSettings) {
        (self.inputs, self.settings) = (inputs, settings)
    }

    package func step() throws(LivePhotoError) -> FlowStep<MakeFlow.Made> {
        guard (1...2).contains(inputs.count) else { throw .invalidArgument("--to live takes MOTIONPHOTO, or vivo's PHOTO MOVIE") }
        var opened = inputs
        // Given as MOVIE PHOTO: the photo is the one that is not a movie.
        if opened.count == 2, opened[0].kind.isMovie, !opened[1].kind.isMovie { opened.reverse() }
        let input = opened[0]
        let motionPhoto = input.path
        guard input.kind == .jpeg || input.kind == .heic else {
            throw .badInput(
                file: motionPhoto,
                reason: input.kind.isMovie
                    ? "this is a movie; a Live Photo is made from a Motion Photo (a JPEG or HEIC with its video inside)"
                    : "not a Motion Photo: not a JPEG or HEIC")
        }
        let motion = try input.motionPhoto()
        if !motion.isMotionPhoto, let footer = motion.vivoFooter {
            return try vivoPair(input, pairingID: footer.pairingID, movie: opened.count == 2 ? opened[1] : nil)
        }
        // Two files are vivo's two-file live photo, or a mistake (a Live Photo's parts, already a Live Photo).
        if opened.count == 2 {
            throw .invalidArgument(
                "a Live Photo is made from one Motion Photo; \(opened[1].path) goes with a photo only in vivo's two-file live photos, "
                    + "and \(motionPhoto) is not one"
            )
        }
        guard motion.isMotionPhoto, let video = motion.video else {
            throw .badInput(file: motionPhoto, reason: "not a Motion Photo: it holds no video")
        }
        var settings = settings
        settings.name = settings.name ?? PlannedOutputs.baseStem(motionPhoto)
        let choices = LiveConversionChoices.motionPhoto(
            input, motion: motion, identifier: settings.identifier, coverTime: settings.coverTime)
        settings.identifier = choices.identifier ?? drawnIdentifier
        settings.suggestedCover = choices.suggestedCover
        // The photo without its video, and the movie, read where they lie: the movie's bytes are written once, into the
        // Live Photo.
        let embeddedPhoto = "\(motionPhoto)'s embedded photo"
        do throws(LivePhotoError) {
            let plain = try PlainPhoto.plan(source: input, motion: motion)
            let still = try InputFile(opened: plain.output.asFile(named: embeddedPhoto), path: embeddedPhoto)
            let slice = try naming(motionPhoto, try input.file.slice(at: video.offset, length: video.length))
            let movie = try InputFile(opened: slice, path: motionPhoto)
            var flow = MakeFlow(photo: still, video: movie, settings: settings)
            flow.answers = answers
            var made: MakeFlow.Made
            switch try flow.step() {
            case .needs(let request): return .needs(request)
            case .done(let planned): made = planned
            }
            made.result.notes = choices.notes(around: made.result.notes)
            (made.photoDatedLike, made.movieDatedLike) = (input, input)
            return .done(made)
        } catch {
            // Errors about the photo or the movie read in place are about the Motion Photo's parts.
            switch error {
            case .badInput(let file, let reason) where file == embeddedPhoto:
                throw .badInput(file: motionPhoto, reason: "its embedded photo: \(reason)")
            case .unsupported(let file, let reason) where file == embeddedPhoto:
                throw .unsupported(file: motionPhoto, reason: "its embedded photo: \(reason)")
            case .badInput(let file, let reason) where file == motionPhoto && !reason.hasPrefix("not a Motion Photo"):
                throw .badInput(file: motionPhoto, reason: "its embedded video: \(reason)")
            case .unsupported(let file, let reason) where file == motionPhoto:
                throw .unsupported(file: motionPhoto, reason: "its embedded video: \(reason)")
            default: throw error
            }
        }
    }

    /// vivo's two files made a Live Photo, the cover at vivo's cover frame; the movie, when not given, the one beside
    /// the photo that carries its pairing id.
    func vivoPair(_ input: InputFile, pairingID: String, movie given: InputFile?) throws(LivePhotoError) -> FlowStep<MakeFlow.Made> {
        var replay = ShellReplay(answers)
        let photo = input.path
        let stem = PathName.stem(photo)
        let movie: InputFile
        if let given {
            movie = given
        } else {
            let request = ShellRequest.vivoMovie(besidePhoto: input, pairingID: pairingID)
            guard let answer = replay.answer() else { return .needs(request) }
            switch answer {
            case .file(let found, _): movie = found
            case .nothing:
                throw .badInput(
                    file: photo,
                    reason: "the photo of a vivo live photo (pairing id \(pairingID)), but no movie beside it carries that id "
                        + "(looked for \(stem).mp4)"
                )
            case .unavailable, .seconds, .companion:
                throw .badInput(
                    file: photo, reason: "the photo of a vivo live photo (pairing id \(pairingID)); give its movie (\(stem).mp4) too")
            }
        }
        guard let found = VivoPair.pair(movie: movie.file, path: movie.path, pairingID: pairingID) else {
            throw .refused(
                file: movie.path, reason: "not the movie of \(photo): its footer does not carry the pairing id \(pairingID)",
                remedy: .takeMismatchedPartsTogether)
        }
        var settings = settings
        settings.name = settings.name ?? stem
        let choices = LiveConversionChoices.vivoPair(input, pair: found, identifier: settings.identifier, coverTime: settings.coverTime)
        settings.identifier = choices.identifier ?? drawnIdentifier
        settings.suggestedCover = choices.suggestedCover
        var flow = MakeFlow(photo: input, video: movie, settings: settings)
        flow.answers = replay.remaining
        switch try flow.step() {
        case .needs(let request): return .needs(request)
        case .done(var made):
            made.result.notes = choices.notes(around: made.result.notes)
            return .done(made)
        }
    }
}

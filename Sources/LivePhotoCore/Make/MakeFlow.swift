import MediaFormats

/// `make`, as every shell runs it (the command line, the web app's server and the browser): the movie read and placed,
/// the still tagged, the report worded; what needs pixels asked of the shell (``ShellRequest``). `convert --to live`
/// and `edit` make their Live Photos through it too.
package struct MakeFlow: ShellFlow {
    /// A Live Photo planned: its still and movie, and the report before the shell names the files it wrote.
    package struct Made {
        package var result: MakeResult
        package var still: StillOutput
        package var movie: MovieRemux
        package var stem: String
        package var photoFormat: PhotoFormat
        /// The input the still's date comes from (the photo; the video when the still is a frame of it), and the
        /// movie's.
        package var photoDatedLike: InputFile
        package var movieDatedLike: InputFile

        /// The pair's file names, without a folder.
        package var names: (photo: String, movie: String) { PlannedOutputs.pairNames(stem: stem, format: photoFormat) }
    }

    package let photo: InputFile?
    package let video: InputFile
    package let settings: MakeSettings
    package var answers: [ShellAnswer] = []

    /// - Parameters:
    ///   - photo: the still, or nil to take it from the video.
    ///   - video: the video (a slice of a Motion Photo is read in place).
    package init(photo: InputFile?, video: InputFile, settings: MakeSettings) {
        var settings = settings
        settings.identifier = settings.identifier ?? ContentIdentifier()
        (self.photo, self.video, self.settings) = (photo, video, settings)
    }

    package func step() throws(LivePhotoError) -> FlowStep<Made> {
        var replay = ShellReplay(answers)
        var notes: [String] = []
        var (photo, video) = (self.photo, self.video)
        // The two in either order: a still given as the video, with something else as the photo, swaps them.
        if let given = photo, video.kind.isStill, !given.kind.isStill {
            notes.append("\(video.path) is the photo and \(given.path) the video (given the other way round)")
            (photo, video) = (video, given)
        }
        let identifier = settings.identifier ?? ContentIdentifier()
        let stem = try PlannedOutputs.checkedStem(settings.name ?? PathName.stem(video.path))
        for input in [video, photo].compactMap({ $0 }) where input.file.size == 0 {
            throw .badInput(file: input.path, reason: "the file is empty")
        }
        let suggested = settings.coverTime == nil ? settings.suggestedCover.map { $0.seconds } : nil
        let cover = CoverRequest(seconds: settings.coverTime ?? suggested, snapsOutside: suggested != nil)
        let wallpaper = settings.wallpaper != .off

        // The movie: used as it is when it can be, else made so by the shell. The cover, a trim and the wallpaper are
        // decided first, from the movie read (`RemuxSource`); the output is planned once, after.
        guard !video.kind.isStill else { throw .badInput(file: video.path, reason: "this is a photo; a video is needed") }
        var movieInput = video
        var videoSource = MakeResult.VideoSource.lossless
        var source: RemuxSource
        do throws(LivePhotoError) {
            guard video.kind.isMovie else { throw .unsupported(file: video.path, reason: "not a QuickTime or MP4 movie") }
            source = try RemuxSource.read(video.file, cover: cover, edit: settings.movieEdit, identifier: identifier, wallpaper: wallpaper)
        } catch .unsupported(let file, let reason) {
            // An edit never re-encodes the movie.
            if settings.movieEdit != nil { throw .unsupported(file: file, reason: reason) }
            let request = ShellRequest.normalizeVideo(video, codec: settings.codec)
            guard let answer = replay.answer() else { return .needs(request) }
            let made = try answer.file(for: "\(file): \(reason); converting it")
            (movieInput, videoSource) = (made.file, made.reencoded ? .transcoded : .remuxed)
            source = try RemuxSource.read(movieInput.file, cover: cover, identifier: identifier, wallpaper: wallpaper)
        }
        var placement = source.placement
        if let suggested, let label = settings.suggestedCover?.label, CoverTime.isOutside(suggested, duration: source.videoDuration) {
            notes.append(
                "\(label) (\(CoverTime.format(suggested)) s) lies outside the video (0 to \(CoverTime.format(source.videoDuration)) s); "
                    + "the cover is the nearest frame, at \(CoverTime.format(placement.coverSeconds)) s")
        }
        // The frame that looks like the photo, near the cover asked: a camera's still and its shutter may be a frame apart.
        func matchedCover(within: Double) throws(LivePhotoError) -> FlowStep<StillPlacement>? {
            guard let photo else { return nil }
            let request = ShellRequest.matchCover(
                photo: photo, video: movieInput, source: source, cover: placement.coverSeconds, within: within)
            guard let answer = replay.answer() else { return .needs(request) }
            guard case .seconds(let matched?) = answer, abs(matched - placement.coverSeconds) > 0.0005 else { return nil }
            return .done(try source.placement(for: CoverRequest(seconds: matched)))
        }
        if let within = settings.coverMatchesPhotoWithin {
            switch try matchedCover(within: within) {
            case .needs(let request): return .needs(request)
            case .done(let matched): placement = matched
            case nil: break
            }
        }
        var trim: MakeResult.TrimReport?
        if let duration = settings.duration,
            let window = TrimWindow.plan(
                source, cover: placement.coverSeconds, duration: duration, before: settings.durationBeforeCover,
                snapsToCameraRate: settings.snapsToCameraRate)
        {
            let request = ShellRequest.cut(
                movieInput, start: window.start, duration: duration, reencode: window.reencode, steadyRate: window.steadyRate,
                gridOffset: window.gridOffset)
            guard let answer = replay.answer() else { return .needs(request) }
            movieInput = try answer.file(for: "--duration (cutting the video at a keyframe)").file
            trim = window.report
            // The cut is another movie, with frames of its own: read anew, the cover placed on its timeline.
            source = try RemuxSource.read(
                movieInput.file, cover: CoverRequest(seconds: max(0, placement.coverSeconds - window.start)), identifier: identifier,
                wallpaper: wallpaper)
            placement = source.placement
            // A re-encoded cut can start a frame off the time asked: the frame the photo shows is found again, near.
            if let within = settings.coverMatchesPhotoWithin {
                switch try matchedCover(within: min(within, 0.1)) {
                case .needs(let request): return .needs(request)
                case .done(let matched): placement = matched
                case nil: break
                }
            }
        }
        // Everything decided: the one plan of the output movie.
        let movie = try MovieRemux.plan(source, placement: placement)
        // The lock screen animates only with 14 frames before the still and 20 fps or more (G3, G4).
        let wallpaperWarnings = try movie.wallpaperWarnings(settings.wallpaper)

        // The still: the photo as it is (a Motion Photo without its video), another image converted, or the cover frame.
        var photoSource: MakeResult.PhotoSource
        let still: InputFile
        var stillKind = FileKind.jpeg
        if let photo {
            switch photo.kind {
            case .jpeg, .heic:
                let plain = try Self.plainStill(photo)
                (photoSource, still, stillKind) = (.lossless, plain.still, photo.kind)
                if let removed = plain.removed { notes.append(removed) }
            case .quicktime, .mp4:
                throw .badInput(file: photo.path, reason: "this is a movie, not a photo")
            case .zip:
                throw .badInput(file: photo.path, reason: "a zip archive, not a photo (split a .pvt.zip first)")
            case .avif, .unknown:
                // A file named as a JPEG that does not start like one is a broken JPEG, not another format.
                if photo.kind == .unknown, MediaExtensions.kind(ofExtension: PathName.pathExtension(photo.path)) == .jpeg {
                    let head = try naming(photo.path, try photo.file.readUpTo(at: 0, count: 8))
                    throw .badInput(file: photo.path, reason: "not a valid JPEG: \(JPEGFile.notJPEGReason(head: head))")
                }
                let request = ShellRequest.convertPhoto(photo, quality: settings.quality)
                guard let answer = replay.answer() else { return .needs(request) }
                let what = photo.kind == .avif ? "an AVIF photo; converting it to JPEG" : "converting it to JPEG"
                (photoSource, still) = (.converted, try answer.file(for: "\(photo.path): \(what)").file)
            }
        } else {
            // After an edit's cut, the frame is taken from the input, on its own timeline.
            let request = ShellRequest.frame(
                movieInput, seekSeconds: movie.coverSeekSeconds + (movie.cut?.startSeconds ?? 0), coverTime: movie.coverSeconds,
                quality: settings.quality)
            guard let answer = replay.answer() else { return .needs(request) }
            var frame = try answer.file(for: "a key photo (drawing the video's frame)").file
            if let old = settings.keyPhotoMetadata, let carried = try KeyPhotoMetadata.carried(from: old, into: frame) {
                frame = try InputFile(opened: carried.asFile(named: frame.path), path: frame.path)
            }
            (photoSource, still) = (.videoFrame, frame)
        }
        let format = PhotoFormat.written(from: stillKind, asked: settings.photoFormat)
        let stillOutput: StillOutput
        let replaceMakerNote = !settings.refusesForeignMakerNote
        var replacedMakerNote: String?
        if stillKind == .heic {
            guard format == .heic else {
                throw .refused(file: still.path, reason: "a HEIC still cannot be converted to JPEG here", remedy: .keepPhotoFormat)
            }
            stillOutput = .heic(try TaggedHEIC.plan(source: still.file, identifier: identifier, replaceForeignMakerNote: replaceMakerNote))
            replacedMakerNote = stillOutput.replacedMakerNote
        } else {
            let tagged = try TaggedStill.plan(source: still, identifier: identifier, replaceForeignMakerNote: replaceMakerNote)
            replacedMakerNote = tagged.replacedMakerNote
            if let first = tagged.strayBytes.first {
                let count = tagged.strayBytes.reduce(Int64(0)) { $0 + $1.count }
                notes.append(
                    "the photo has \(count) stray byte\(count == 1 ? "" : "s") between its segments (from byte \(first.offset)), which decoders skip; kept as they are"
                )
            }
            if format == .heic {
                let request = ShellRequest.encodeHEIC(tagged, source: still, quality: settings.quality)
                guard let answer = replay.answer() else { return .needs(request) }
                stillOutput = .encoded(try answer.file(for: "--photo-format heic (encoding the JPEG as HEIC)").file.file)
                if photoSource == .lossless { photoSource = .converted }
            } else {
                stillOutput = .jpeg(tagged)
            }
        }
        if let replacedMakerNote {
            notes.append(
                "the photo's MakerNote from \(replacedMakerNote) was replaced by Apple's, where Photos reads the identifier (the input keeps its own)"
            )
        }
        let result = MakeResult(
            identifier: identifier, coverTime: movie.coverSeconds, requestedCoverTime: cover.seconds,
            keptExistingStillTime: movie.keptExistingStillTime, packaging: settings.packaging, photoSource: photoSource,
            videoSource: videoSource, trim: trim, wallpaperWarnings: wallpaperWarnings, notes: notes)
        return .done(
            Made(
                result: result, still: stillOutput, movie: movie, stem: stem, photoFormat: format, photoDatedLike: photo ?? video,
                movieDatedLike: video))
    }

    /// A Motion Photo given as the photo loses its video and Motion Photo XMP first (a Live Photo's still is a plain
    /// photo), read where it lies, as `split` leaves them out; any other photo is used as it is. A HEIC whose video
    /// boxes no XMP describes (an editor dropped it) loses them too.
    /// - Returns: the still, and what was left out of it in words, when something was.
    static func plainStill(_ input: InputFile) throws(LivePhotoError) -> (still: InputFile, removed: String?) {
        var motion = input.motionPhotoWithVideo
        if motion == nil {
            guard input.kind == .heic, try naming(input.path, try HEIFFile(file: input.file)).hasMotionPhotoBoxes else {
                return (input, nil)
            }
            motion = try? input.motionPhoto()
        }
        let plain = try PlainPhoto.plan(source: input, motion: motion)
        let name = "\(input.path)'s converted copy"
        let still = try InputFile(opened: plain.output.asFile(named: name), path: name)
        let left = plain.removed.filter { $0 != "content identifier" }
        let removed =
            left.isEmpty ? nil : "\(input.path) is a Motion Photo: its still is used as split gives it, without its \(Self.list(left))"
        return (still, removed)
    }

    /// `items` in words: "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : "\(items.dropLast().joined(separator: ", ")) and \(last)"
    }
}

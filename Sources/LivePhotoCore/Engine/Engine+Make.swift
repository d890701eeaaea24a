import MediaFormats

extension Engine {
    /// What a Live Photo is made with: `make`'s options, and what `convert --to live` and `edit` decide for it.
    struct MakeRequest {
        var name: String?
        var coverTime: Double?
        var identifier: ContentIdentifier?
        var force = false
        var replacesForeignMakerNote = false
        var photoFormat: PhotoFormat?
        var wallpaper = WallpaperMode.auto
        var suggestedCover: SuggestedCover?
        var movieEdit: MovieEdit?
        /// `edit`'s old still, whose metadata a new key photo keeps.
        var keyPhotoMetadata: InputFile?
    }

    /// A Live Photo as `make` writes it, before its report is worded.
    struct MadeLivePhoto {
        var result: MakeResult
        var files: [Output]
        var cut: MovieCutReport?
    }

    /// `make [PHOTO] VIDEO`.
    static func make(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        var request = try readMakeRequest(&options)
        request.photoFormat = try options.choice("photoFormat", PhotoFormat.self)
        let wallpaper = try options.flag("wallpaper"), noWallpaper = try options.flag("noWallpaper")
        if wallpaper && noWallpaper { throw .invalidArgument("--wallpaper and --no-wallpaper cannot be used together") }
        request.wallpaper = wallpaper ? .required : noWallpaper ? .off : .auto
        try readEncodingOptions(&options)
        if let duration = try options.double("duration") {
            guard duration.isFinite, duration > 0 else { throw .invalidArgument("--duration must be a positive number of seconds") }
            throw needs("ffmpeg", for: "--duration (cutting the video at a keyframe)")
        }
        try refusePackaging(&options)
        let (inputs, frame) = try frameInput(inputs, options: &options)
        try options.checkAllRead()
        guard (1...2).contains(inputs.count) else { throw .invalidArgument("give PHOTO VIDEO, or VIDEO alone") }
        let opened = try open(inputs)
        var (photo, video) = (opened.count == 2 ? opened[0] : nil, opened[opened.count - 1])
        var notes: [String] = []
        // The two in either order: a still given as the video, with something else as the photo, swaps them.
        if let given = photo, video.kind.isStill, !given.kind.isStill {
            notes.append("\(video.path) is the photo and \(given.path) the video (given the other way round)")
            (photo, video) = (video, given)
        }
        let videoIndex = inputs.firstIndex { $0 === video.file } ?? 0
        var made: MadeLivePhoto
        switch try makeLivePhoto(photo: photo, video: video, frame: frame, videoInput: videoIndex, request: request) {
        case .made(let m): made = m
        case .needsFrame(let outcome): return outcome
        }
        made.result.notes = notes + made.result.notes
        return .done(report: made.result.json, files: made.files)
    }

    /// The options `make` and `convert --to live` share: `cover`, `id`, `name` and `force`, checked as the command line
    /// checks them.
    static func readMakeRequest(_ options: inout EngineOptions) throws(LivePhotoError) -> MakeRequest {
        var request = MakeRequest()
        request.coverTime = try options.double("cover")
        if let cover = request.coverTime, !(cover.isFinite && cover >= 0) {
            throw .invalidArgument("--cover must be a time in seconds, 0 or more")
        }
        if let id = try options.string("id") {
            guard let identifier = ContentIdentifier(id) else {
                throw .invalidArgument("--id must be a UUID, like 71DCA213-5710-4A6C-BC6D-CE6306AEB8D8")
            }
            request.identifier = identifier
        }
        request.name = try options.string("name")
        request.force = try options.flag("force")
        return request
    }

    /// `--quality` and `--codec`, which only an encoding uses: checked as the command line checks them.
    static func readEncodingOptions(_ options: inout EngineOptions) throws(LivePhotoError) {
        if let quality = try options.int("quality"), !(1...100).contains(quality) {
            throw .invalidArgument("--quality must be between 1 and 100")
        }
        _ = try options.choice("codec", VideoCodec.self)
    }

    /// `--pvt` and `--pvt-zip`: a folder and a zip the browser does not write.
    static func refusePackaging(_ options: inout EngineOptions) throws(LivePhotoError) {
        let pvt = try options.flag("pvt"), pvtZip = try options.flag("pvtZip")
        if pvt && pvtZip { throw .invalidArgument("--pvt and --pvt-zip cannot be used together") }
        if pvt || pvtZip {
            throw .invalidArgument(
                "--pvt and --pvt-zip are written by livephoto serve and the livephoto command; in a browser a Live Photo is its two files")
        }
    }

    /// The frame the page drew for a previous run's ``Outcome/needsFrame(input:seconds:coverTime:)``: the input the
    /// `videoFrame` option names (the last), and the inputs without it.
    static func frameInput(_ inputs: [RandomAccessFile], options: inout EngineOptions) throws(LivePhotoError)
        -> ([RandomAccessFile], InputFile?)
    {
        guard let index = try options.int("videoFrame") else { return (inputs, nil) }
        guard index == inputs.count - 1, index > 0 else { throw .invalidArgument("the video frame must be the last input") }
        let frame = try InputFile(opened: inputs[index], path: inputs[index].path)
        guard frame.kind == .jpeg else { throw .badInput(file: frame.path, reason: "the video frame is not a JPEG") }
        return (Array(inputs[..<index]), frame)
    }

    enum MakeStep {
        case made(MadeLivePhoto)
        case needsFrame(Outcome)
    }

    /// `make`'s lossless path (LivePhotoMaker's without ffmpeg): the movie read and placed, the still tagged, the report.
    static func makeLivePhoto(
        photo photoInput: InputFile?, video videoInput: InputFile, frame: InputFile?, videoInput index: Int, request: MakeRequest
    )
        throws(LivePhotoError) -> MakeStep
    {
        let video = videoInput.path
        let identifier = request.identifier ?? ContentIdentifier()
        let stem = try PlannedOutputs.checkedStem(request.name ?? PathName.stem(video))
        for input in [videoInput, photoInput].compactMap({ $0 }) where input.file.size == 0 {
            throw .badInput(file: input.path, reason: "the file is empty")
        }
        let suggested = request.coverTime == nil ? request.suggestedCover.map { $0.seconds } : nil
        let cover = CoverRequest(seconds: request.coverTime ?? suggested, snapsOutside: suggested != nil)
        let kind = videoInput.kind
        guard !kind.isStill else { throw .badInput(file: video, reason: "this is a photo; a video is needed") }
        guard kind.isMovie else { throw needs("ffmpeg", for: "\(video): not a QuickTime or MP4 movie; converting it") }
        let source: RemuxSource
        do throws(LivePhotoError) {
            source = try RemuxSource.read(
                videoInput.file, cover: cover, edit: request.movieEdit, identifier: identifier, wallpaper: request.wallpaper != .off)
        } catch .unsupported(let file, let reason) where request.movieEdit == nil {
            // The command line makes such a movie one with ffmpeg.
            throw needs("ffmpeg", for: "\(file): \(reason); converting it")
        }
        var notes: [String] = []
        let placement = source.placement
        if let suggested, let label = request.suggestedCover?.label, CoverTime.isOutside(suggested, duration: source.videoDuration) {
            notes.append(
                "\(label) (\(CoverTime.format(suggested)) s) lies outside the video (0 to \(CoverTime.format(source.videoDuration)) s); "
                    + "the cover is the nearest frame, at \(CoverTime.format(placement.coverSeconds)) s")
        }
        let movie = try MovieRemux.plan(source, placement: placement)
        let wallpaperWarnings = try movie.wallpaperWarnings(request.wallpaper)

        // The still: the photo as it is (a Motion Photo without its video), or the frame the page drew.
        var photoSource: MakeResult.PhotoSource
        let still: InputFile
        var stillKind = FileKind.jpeg
        if let photoInput {
            switch photoInput.kind {
            case .jpeg, .heic:
                (photoSource, still) = (.lossless, try plainStill(photoInput))
                stillKind = photoInput.kind
            case .quicktime, .mp4:
                throw .badInput(file: photoInput.path, reason: "this is a movie, not a photo")
            case .zip:
                throw .badInput(file: photoInput.path, reason: "a zip archive, not a photo (split a .pvt.zip first)")
            case .avif:
                throw needs("ffmpeg", for: "\(photoInput.path): an AVIF photo; converting it to JPEG")
            case .unknown:
                // A file named as a JPEG that does not start like one is a broken JPEG, not another format.
                if MediaExtensions.kind(ofExtension: PathName.pathExtension(photoInput.path)) == .jpeg {
                    let head = try naming(photoInput.path, try photoInput.file.readUpTo(at: 0, count: 8))
                    throw .badInput(file: photoInput.path, reason: "not a valid JPEG: \(JPEGFile.notJPEGReason(head: head))")
                }
                throw needs("ffmpeg", for: "\(photoInput.path): converting it to JPEG")
            }
        } else if let frame {
            var drawn = frame
            if let old = request.keyPhotoMetadata, let carried = try KeyPhotoMetadata.carried(from: old, into: frame) {
                drawn = try InputFile(opened: carried.asFile(named: frame.path), path: frame.path)
            }
            (photoSource, still) = (.videoFrame, drawn)
        } else {
            // After an edit's cut, the frame is taken from the input, on its own timeline.
            return .needsFrame(
                .needsFrame(
                    input: index, seconds: movie.coverSeekSeconds + (movie.cut?.startSeconds ?? 0), coverTime: movie.coverSeconds))
        }
        // HEIC stays HEIC and JPEG stays JPEG unless a format is asked for.
        let format = request.photoFormat ?? (stillKind == .heic ? .heic : .jpeg)
        let stillOutput: StillOutput
        let replaceMakerNote = request.force || request.replacesForeignMakerNote
        if stillKind == .heic {
            guard format == .heic else {
                throw .refused(file: still.path, reason: "a HEIC still cannot be converted to JPEG here", remedy: .keepPhotoFormat)
            }
            stillOutput = .heic(try TaggedHEIC.plan(source: still.file, identifier: identifier, replaceForeignMakerNote: replaceMakerNote))
        } else {
            let tagged = try TaggedStill.plan(source: still, identifier: identifier, replaceForeignMakerNote: replaceMakerNote)
            guard format == .jpeg else { throw needs("heif-enc", for: "--photo-format heic (encoding the JPEG as HEIC)") }
            stillOutput = .jpeg(tagged)
        }
        if let maker = stillOutput.replacedMakerNote {
            notes.append("the photo's MakerNote from \(maker) was replaced by an Apple MakerNote, where Photos reads the identifier")
        }
        let (photoName, movieName) = PlannedOutputs.pairNames(stem: stem, format: format)
        let result = MakeResult(
            identifier: identifier, coverTime: movie.coverSeconds, requestedCoverTime: cover.seconds,
            keptExistingStillTime: movie.keptExistingStillTime, packaging: .pair, photoSource: photoSource, videoSource: .lossless,
            trim: nil, wallpaperWarnings: wallpaperWarnings, notes: notes, photo: photoName, movie: movieName, bundle: nil)
        return .made(
            MadeLivePhoto(
                result: result,
                files: [
                    Output(name: photoName, type: mediaType(format == .heic ? .heic : .jpeg), content: stillOutput.output),
                    Output(name: movieName, type: mediaType(.quicktime), content: movie.output),
                ], cut: movie.cut))
    }

    /// A Motion Photo given as the photo loses its video and Motion Photo XMP first (a Live Photo's still is a plain
    /// photo), read where it lies; any other photo is used as it is.
    static func plainStill(_ input: InputFile) throws(LivePhotoError) -> InputFile {
        guard let motion = input.motionPhotoWithVideo else { return input }
        let plain = try PlainPhoto.plan(source: input, motion: motion)
        return try InputFile(opened: plain.output.asFile(named: "\(input.path)'s converted copy"), path: "\(input.path)'s converted copy")
    }
}

import MediaFormats

extension Engine {
    /// `edit PHOTO MOVIE`: a range kept by an edit list, the sound left out, a new key photo (a frame the page draws):
    /// the movie's samples copied, never re-encoded.
    static func edit(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        let keyPhoto = try options.double("keyPhoto")
        if let keyPhoto, !(keyPhoto.isFinite && keyPhoto >= 0) {
            throw .invalidArgument("--key-photo must be a time in seconds, 0 or more")
        }
        var trim: (start: Double?, end: Double?) = (nil, nil)
        if let text = try options.string("trim") {
            switch TrimRange.parse(text) {
            case .success(let range): trim = range
            case .failure(let error): throw .invalidArgument(error.message)
            }
        }
        let mute = try options.flag("mute")
        let newIdentifier = try options.flag("newId")
        let name = try options.string("name")
        let force = try options.flag("force")
        if let quality = try options.int("quality"), !(1...100).contains(quality) {
            throw .invalidArgument("--quality must be between 1 and 100")
        }
        try refusePackaging(&options)
        let (inputs, frame) = try frameInput(inputs, options: &options)
        try options.checkAllRead()
        guard inputs.count == 2 else { throw .invalidArgument("give PHOTO MOVIE of one Live Photo (\(inputs.count) files were given)") }
        var opened = try open(inputs)
        // Either order, as split takes a pair.
        if opened[0].kind.isMovie, !opened[1].kind.isMovie { opened.reverse() }
        let (still, movie) = (opened[0], opened[1])
        guard still.kind.isStill else { throw .badInput(file: still.path, reason: "not a photo") }
        let plan = try EditPlan.check(
            still: still, movie: movie, keyPhotoTime: keyPhoto, trimStart: trim.start, trimEnd: trim.end, mute: mute)
        let newKeyPhoto = keyPhoto != nil
        var request = MakeRequest()
        request.name = name ?? PathName.stem(still.path)
        request.coverTime = plan.cover
        request.identifier = newIdentifier ? ContentIdentifier() : plan.identifier
        request.force = force
        request.photoFormat = still.kind == .heic ? .heic : .jpeg
        request.movieEdit = plan.edit
        if newKeyPhoto { request.keyPhotoMetadata = still }
        let movieIndex = inputs.firstIndex { $0 === movie.file } ?? 1
        switch try makeLivePhoto(photo: newKeyPhoto ? nil : still, video: movie, frame: frame, videoInput: movieIndex, request: request) {
        case .needsFrame(let outcome): return outcome
        case .made(let made):
            let result = plan.result(
                made: made.result, newIdentifier: newIdentifier, keyPhotoChanged: newKeyPhoto,
                gainMapDropped: newKeyPhoto && still.hasGainMap)
            return .done(report: result.json, files: made.files)
        }
    }
}

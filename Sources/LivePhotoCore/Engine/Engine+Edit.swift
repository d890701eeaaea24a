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
        var settings = EditSettings()
        (settings.keyPhotoTime, settings.trimStart, settings.trimEnd) = (keyPhoto, trim.start, trim.end)
        settings.mute = try options.flag("mute")
        settings.newIdentifier = try options.flag("newId")
        settings.name = try options.string("name")
        settings.force = try options.flag("force")
        if let quality = try options.int("quality") {
            guard (1...100).contains(quality) else { throw .invalidArgument("--quality must be between 1 and 100") }
            settings.quality = quality
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
        switch try answer(EditFlow(still: still, movie: movie, settings: settings), frame: frame, inputs: inputs) {
        case .asks(let outcome): return outcome
        case .done(let edited): return .done(report: edited.result(edited.made.namedResult).json, files: edited.made.files)
        }
    }
}

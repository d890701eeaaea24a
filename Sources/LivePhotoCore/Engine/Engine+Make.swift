import MediaFormats

extension Engine {
    /// `make [PHOTO] VIDEO`.
    static func make(_ inputs: [RandomAccessFile], options: EngineOptions, dates: [Int64?]) throws(LivePhotoError) -> Outcome {
        var options = options
        var settings = try readMakeSettings(&options)
        settings.photoFormat = try options.choice("photoFormat", PhotoFormat.self)
        let wallpaper = try options.flag("wallpaper"), noWallpaper = try options.flag("noWallpaper")
        if wallpaper && noWallpaper { throw .invalidArgument("--wallpaper and --no-wallpaper cannot be used together") }
        settings.wallpaper = wallpaper ? .required : noWallpaper ? .off : .auto
        try readEncodingOptions(&options, into: &settings)
        settings.refusesForeignMakerNote = try options.flag("refuseForeignMakerNote")
        if let duration = try options.double("duration") {
            guard duration.isFinite, duration > 0 else { throw .invalidArgument("--duration must be a positive number of seconds") }
            settings.duration = duration
        }
        let zipped = try readPackaging(&options)
        if zipped { settings.packaging = .zippedBundle }
        let (inputs, frame) = try frameInput(inputs, options: &options)
        try options.checkAllRead()
        guard (1...2).contains(inputs.count) else { throw .invalidArgument("give PHOTO VIDEO, or VIDEO alone") }
        let opened = try open(inputs)
        let flow = MakeFlow(photo: opened.count == 2 ? opened[0] : nil, video: opened[opened.count - 1], settings: settings)
        switch try answer(flow, frame: frame, inputs: inputs) {
        case .asks(let outcome): return outcome
        case .done(let made) where zipped:
            return .done(report: made.zippedResult.json, files: try made.zippedFiles(inputs: inputs, dates: dates))
        case .done(let made): return .done(report: made.namedResult.json, files: made.files)
        }
    }

    /// The options `make` and `convert --to live` share: `cover`, `id`, `name` and `force`, checked as the command line
    /// checks them.
    static func readMakeSettings(_ options: inout EngineOptions) throws(LivePhotoError) -> MakeSettings {
        var settings = MakeSettings()
        settings.coverTime = try options.double("cover")
        if let cover = settings.coverTime, !(cover.isFinite && cover >= 0) {
            throw .invalidArgument("--cover must be a time in seconds, 0 or more")
        }
        if let id = try options.string("id") {
            guard let identifier = ContentIdentifier(id) else {
                throw .invalidArgument("--id must be a UUID, like 71DCA213-5710-4A6C-BC6D-CE6306AEB8D8")
            }
            settings.identifier = identifier
        }
        settings.name = try options.string("name")
        settings.force = try options.flag("force")
        return settings
    }

    /// `--quality` and `--codec`, which only an encoding uses: checked as the command line checks them.
    static func readEncodingOptions(_ options: inout EngineOptions, into settings: inout MakeSettings) throws(LivePhotoError) {
        if let quality = try options.int("quality") {
            guard (1...100).contains(quality) else { throw .invalidArgument("--quality must be between 1 and 100") }
            settings.quality = quality
        }
        settings.codec = try options.choice("codec", VideoCodec.self) ?? .h264
    }

    /// `--pvt-zip`, which a browser writes (whether it was given), and `--pvt`, a folder it does not.
    static func readPackaging(_ options: inout EngineOptions) throws(LivePhotoError) -> Bool {
        let pvt = try options.flag("pvt"), pvtZip = try options.flag("pvtZip")
        if pvt && pvtZip { throw .invalidArgument("--pvt and --pvt-zip cannot be used together") }
        if pvt {
            throw .invalidArgument(
                "--pvt is a folder, which livephoto serve and the livephoto command write; in a browser, --pvt-zip is the bundle zipped")
        }
        return pvtZip
    }

    /// `--pvt` and `--pvt-zip`, which only `make` writes in a browser.
    static func refusePackaging(_ options: inout EngineOptions) throws(LivePhotoError) {
        let pvt = try options.flag("pvt"), pvtZip = try options.flag("pvtZip")
        if pvt && pvtZip { throw .invalidArgument("--pvt and --pvt-zip cannot be used together") }
        if pvt || pvtZip {
            throw .invalidArgument(
                "--pvt and --pvt-zip are written here by make alone; livephoto serve and the livephoto command write them for every operation"
            )
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

    /// What a flow came to in the browser: its plan, or the page asked to draw a frame.
    enum Answered<Plan> {
        case done(Plan)
        case asks(Outcome)
    }

    /// Runs `flow` as a browser can: a frame the page drew answers the flow's request for one (none yet: the page is
    /// asked to draw it, ``Outcome/needsFrame(input:seconds:coverTime:)``); every other request is answered as
    /// unavailable, which the flow refuses in its words, or carries on without.
    static func answer<Flow: ShellFlow>(_ flow: Flow, frame: InputFile?, inputs: [RandomAccessFile]) throws(LivePhotoError)
        -> Answered<Flow.Plan>
    {
        var flow = flow
        var frame = frame
        while true {
            switch try flow.step() {
            case .done(let plan): return .done(plan)
            case .needs(.frame(let video, let seekSeconds, let coverTime, _)):
                guard let drawn = frame else {
                    return .asks(
                        .needsFrame(input: inputs.firstIndex { $0 === video.file } ?? 0, seconds: seekSeconds, coverTime: coverTime))
                }
                flow.answers.append(.file(drawn, reencoded: false))
                frame = nil
            case .needs(let request):
                flow.answers.append(.unavailable(tool: request.tool, error: nil))
            }
        }
    }
}

extension MakeFlow.Made {
    /// The report, with the pair's names as the page gets them.
    var namedResult: MakeResult {
        var result = result
        (result.photo, result.movie) = names
        return result
    }

    /// The report of a `.pvt.zip`: the bundle named, not the pair.
    var zippedResult: MakeResult {
        var result = result
        result.bundle = "\(stem).pvt.zip"
        return result
    }

    /// The `.pvt.zip` as the page gets it, after its members (still, movie, property list), which the page reads for
    /// their checksums and does not offer. Each member is dated as the command line dates it: from the input it came
    /// from (`dates`: the inputs' modification times in milliseconds).
    func zippedFiles(inputs: [RandomAccessFile], dates: [Int64?]) throws(LivePhotoError) -> [Engine.Output] {
        func seconds(_ input: InputFile) -> Int64 {
            guard let index = inputs.firstIndex(where: { $0 === input.file }), index < dates.count, let ms = dates[index] else { return 0 }
            return ms >= 0 ? ms / 1000 : (ms - 999) / 1000
        }
        let plan = try ZippedBundlePlan(
            bundleName: "\(stem).pvt", still: (names.photo, still.output, seconds(photoDatedLike)),
            movie: (names.movie, movie.output, seconds(movieDatedLike)))
        var outputs = plan.members.map { member in
            var part = Engine.Output(name: member.name, type: "application/octet-stream", content: member.content)
            part.isPart = true
            return part
        }
        var zip = Engine.Output(name: "\(stem).pvt.zip", type: "application/zip", content: plan.archive)
        zip.checksums = plan.checksumOffsets.enumerated().flatMap { index, offsets in offsets.map { (of: index, at: $0) } }
        outputs.append(zip)
        return outputs
    }

    /// The pair as the page gets it.
    var files: [Engine.Output] {
        [
            Engine.Output(name: names.photo, type: Engine.mediaType(photoFormat == .heic ? .heic : .jpeg), content: still.output),
            Engine.Output(name: names.movie, type: Engine.mediaType(.quicktime), content: movie.output),
        ]
    }
}

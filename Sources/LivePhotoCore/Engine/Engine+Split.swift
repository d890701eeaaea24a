import MediaFormats

extension Engine {
    /// `split FILE...`: each Live Photo (its photo and movie, paired by name, or the one of each given) and each Motion
    /// Photo into a plain photo and a plain movie. A part whose other half was not given is refused, as the command
    /// line refuses it when none lies beside it: the page holds no folder to look in.
    static func split(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        let name = try options.string("name")
        let force = try options.flag("force")
        try options.checkAllRead()
        guard !inputs.isEmpty else { throw SplitFlow.nothingGiven }
        var given: [InputFile] = []
        for input in try open(inputs) {
            guard input.kind != .zip else {
                throw .unsupported(
                    file: input.path,
                    reason: "a .pvt.zip is split by livephoto serve and the livephoto command; split its photo and movie here")
            }
            given.append(input)
        }
        let units: [SplitFlow.Item]
        switch try answer(SplitFlow(files: given), frame: nil, inputs: inputs) {
        case .asks(let outcome): return outcome
        case .done(let items): units = items
        }
        try SplitFlow.checkName(name, items: units.count)
        var results: [SplitResult] = []
        var files: [Output] = []
        for unit in units {
            let plan: SplitPlan
            let movieType: FileKind
            switch unit {
            case .pair(let still, let movie, _):
                plan = try SplitPlan.pair(
                    still: still, movie: movie, inputs: [still.path, movie.path], packaging: .pair,
                    stem: name ?? PlannedOutputs.baseStem(still.path), named: name != nil, force: force, folder: "")
                movieType = movie.kind
            case .motionPhoto(let input):
                plan = try SplitPlan.motionPhoto(input, stem: name ?? PlannedOutputs.baseStem(input.path), folder: "")
                movieType = .mp4
            }
            results.append(plan.result)
            files.append(Output(name: plan.photoPath, type: mediaType(plan.photoFormat), content: plan.photo))
            files.append(Output(name: plan.moviePath, type: mediaType(movieType), content: plan.movie))
        }
        return .done(report: results.json, files: files)
    }
}

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
        guard !inputs.isEmpty else { throw .invalidArgument("give a Live Photo (photo and movie, .pvt or .pvt.zip) or a Motion Photo") }
        enum Unit {
            case pair(InputFile, InputFile)
            case motionPhoto(InputFile)
        }
        var stills: [InputFile] = [], movies: [InputFile] = []
        for input in try open(inputs) {
            if input.kind.isMovie {
                movies.append(input)
            } else if input.kind == .jpeg || input.kind == .heic {
                stills.append(input)
            } else if input.kind == .zip {
                throw .unsupported(
                    file: input.path,
                    reason: "a .pvt.zip is split by livephoto serve and the livephoto command; split its photo and movie here")
            } else {
                throw .badInput(file: input.path, reason: "not a photo, a movie, a .pvt bundle or a .pvt.zip")
            }
        }
        var units: [Unit] = []
        if stills.count == 1, movies.count == 1 {
            units = [.pair(stills[0], movies[0])]
        } else {
            func stem(_ input: InputFile) -> String { PathName.deletingExtension(input.path).asciiLowercased() }
            for movie in movies {
                if let i = stills.firstIndex(where: { stem($0) == stem(movie) }) {
                    units.append(.pair(stills.remove(at: i), movie))
                    continue
                }
                guard SplitPlan.isLivePhotoMovie(movie) else { throw SplitPlan.movieAlone(movie.path) }
                throw SplitPlan.partAlone(
                    movie.path, part: "movie", identifier: FileAnalysis(movie, depth: .identity).report.contentIdentifier, missing: "photo")
            }
            for still in stills {
                let report = FileAnalysis(still, depth: .identity).report
                if report.role == .liveStill {
                    throw SplitPlan.partAlone(still.path, part: "photo", identifier: report.contentIdentifier, missing: "movie")
                } else if let id = still.vivoPairingID {
                    throw .badInput(file: still.path, reason: "the photo of a vivo live photo (pairing id \(id)); give its movie too")
                }
                units.append(.motionPhoto(still))
            }
        }
        guard name == nil || units.count == 1 else {
            throw .refused(file: nil, reason: "one name was given for \(units.count) items", remedy: .nameOneItemOnly)
        }
        var results: [SplitResult] = []
        var files: [Output] = []
        for unit in units {
            let plan: SplitPlan
            let movieType: FileKind
            switch unit {
            case .pair(let still, let movie):
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

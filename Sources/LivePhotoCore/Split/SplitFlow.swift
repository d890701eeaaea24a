import MediaFormats

/// `split`'s inputs made into items, as every shell does it: one still and one movie are a pair as they are; among
/// more, a still and a movie of the same name pair; a Live Photo's part given alone is paired with the other half the
/// shell finds beside it (``ShellRequest/companion(of:)``), vivo's photo with its movie
/// (``ShellRequest/vivoMovie(besidePhoto:pairingID:)``); any other still is a Motion Photo. A shell that cannot look
/// beside a file (a browser) is told to give the other half too. `.pvt` folders and zips are the shell's to open.
package struct SplitFlow: ShellFlow {
    /// One thing to split.
    package enum Item {
        /// `note` says how one part was found beside the other, when only one was given.
        case pair(still: InputFile, movie: InputFile, note: String?)
        case motionPhoto(InputFile)
    }

    /// The stills and movies given, in order.
    package let files: [InputFile]
    package var answers: [ShellAnswer] = []

    package init(files: [InputFile]) { self.files = files }

    /// The error for a split given nothing.
    package static let nothingGiven = LivePhotoError.invalidArgument(
        "give a Live Photo (photo and movie, .pvt or .pvt.zip) or a Motion Photo")

    /// Checks a name asked for: it names one item only.
    package static func checkName(_ name: String?, items: Int) throws(LivePhotoError) {
        guard name == nil || items == 1 else {
            throw .refused(file: nil, reason: "one name was given for \(items) items", remedy: .nameOneItemOnly)
        }
    }

    package func step() throws(LivePhotoError) -> FlowStep<[Item]> {
        var replay = ShellReplay(answers)
        var stills: [InputFile] = [], movies: [InputFile] = []
        for input in files {
            if input.kind.isMovie {
                movies.append(input)
            } else if input.kind == .jpeg || input.kind == .heic {
                stills.append(input)
            } else {
                throw .badInput(file: input.path, reason: "not a photo, a movie, a .pvt bundle or a .pvt.zip")
            }
        }
        if stills.count == 1, movies.count == 1 { return .done([.pair(still: stills[0], movie: movies[0], note: nil)]) }
        var items: [Item] = []
        func stem(_ input: InputFile) -> String { PathName.deletingExtension(input.path).lowercased() }
        for movie in movies {
            if let i = stills.firstIndex(where: { stem($0) == stem(movie) }) {
                items.append(.pair(still: stills.remove(at: i), movie: movie, note: nil))
                continue
            }
            // A Live Photo's movie alone: its photo is looked for beside it.
            guard SplitPlan.isLivePhotoMovie(movie) else { throw SplitPlan.movieAlone(movie.path) }
            guard let answer = replay.answer() else { return .needs(.companion(of: movie)) }
            guard case .companion(let still, let note) = answer else {
                throw SplitPlan.partAlone(
                    movie.path, part: "movie", identifier: FileAnalysis(movie, depth: .identity).report.contentIdentifier, missing: "photo")
            }
            items.append(.pair(still: still, movie: movie, note: note))
        }
        for still in stills {
            let report = FileAnalysis(still, depth: .identity).report
            if report.role == .liveStill {
                // A Live Photo's still alone (not a Motion Photo, which holds its video): its movie is looked for beside it.
                guard let answer = replay.answer() else { return .needs(.companion(of: still)) }
                guard case .companion(let movie, let note) = answer else {
                    throw SplitPlan.partAlone(still.path, part: "photo", identifier: report.contentIdentifier, missing: "movie")
                }
                items.append(.pair(still: still, movie: movie, note: note))
            } else if let id = still.vivoPairingID {
                // A vivo pair's photo alone: its movie is the one beside it with the same pairing id.
                guard let answer = replay.answer() else { return .needs(.vivoMovie(besidePhoto: still, pairingID: id)) }
                switch answer {
                case .file(let movie, _):
                    items.append(.pair(still: still, movie: movie, note: "a vivo live photo: \(movie.path) carries the same pairing id"))
                case .nothing:
                    throw .badInput(
                        file: still.path, reason: "the photo of a vivo live photo (pairing id \(id)); no movie beside it carries that id")
                case .unavailable, .seconds, .companion:
                    throw .badInput(file: still.path, reason: "the photo of a vivo live photo (pairing id \(id)); give its movie too")
                }
            } else {
                items.append(.motionPhoto(still))
            }
        }
        return .done(items)
    }
}

/// Pairs a scan's files into items: stills and movies by content identifier across names and folders (an edited
/// `IMG_E1234` still or movie beside the original is a variant), then the files left by folder and name, saying so.
struct LibraryPairing {
    private(set) var items: [LibraryItem] = []

    init(_ files: [ScannedFile]) {
        var stills: [ScannedFile] = []
        var movies: [ScannedFile] = []
        for file in files {
            switch file.kind {
            case .still: stills.append(file)
            case .movie: movies.append(file)
            case .motionPhoto(let flavor):
                items.append(LibraryItem(kind: .motionPhoto, files: [file.path], identifier: file.identifier, flavor: flavor))
            case .damaged(let reason): items.append(LibraryItem(kind: .damaged, files: [file.path], note: reason))
            case .other: items.append(LibraryItem(kind: .other, files: [file.path]))
            }
        }
        var used: Set<String> = []
        pairByIdentifier(stills: stills, movies: movies, used: &used)
        pairByName(stills.filter { !used.contains($0.path) }, movies.filter { !used.contains($0.path) })
        items.sort { $0.files[0] < $1.files[0] }
    }

    /// The one file of `files` that is not an edited version of another, and the edited ones; nil when there is not
    /// exactly one original.
    static func original(of files: [ScannedFile]) -> (original: ScannedFile, edited: [ScannedFile])? {
        let originals = files.filter { f in !files.contains { other in other.path != f.path && f.isEditedVersion(of: other) } }
        guard originals.count == 1 else { return nil }
        return (originals[0], files.filter { $0.path != originals[0].path })
    }

    private mutating func pairByIdentifier(stills: [ScannedFile], movies: [ScannedFile], used: inout Set<String>) {
        let stillsByID = Dictionary(grouping: stills.filter { $0.identifier != nil }, by: { $0.identifier! })
        let moviesByID = Dictionary(grouping: movies.filter { $0.identifier != nil }, by: { $0.identifier! })
        for (id, idStills) in stillsByID {
            guard let idMovies = moviesByID[id] else { continue }
            let all = idStills + idMovies
            used.formUnion(all.map(\.path))
            if let still = Self.original(of: idStills), let movie = Self.original(of: idMovies) {
                items.append(
                    LibraryItem(
                        kind: .livePhoto, files: [still.original.path, movie.original.path], identifier: id, pairedBy: .identifier,
                        variants: (still.edited + movie.edited).map(\.path)))
            } else {
                items.append(
                    LibraryItem(
                        kind: .conflict, files: all.map(\.path).sorted(), identifier: id,
                        note: "one identifier on \(idStills.count) photos and \(idMovies.count) movies"))
            }
        }
    }

    private mutating func pairByName(_ stills: [ScannedFile], _ movies: [ScannedFile]) {
        let moviesByName = Dictionary(grouping: movies, by: \.stemKey)
        let stillKeys = stills.map(\.stemKey)
        let stillsPerName = stillKeys.reduce(into: [String: Int]()) { counts, key in counts[key, default: 0] += 1 }
        var pairedMovies: Set<String> = []
        for (still, key) in zip(stills, stillKeys) {
            guard let candidates = moviesByName[key], candidates.count == 1, let movie = candidates.first,
                !pairedMovies.contains(movie.path), stillsPerName[key] == 1
            else {
                items.append(single(still))
                continue
            }
            switch (still.identifier, movie.identifier) {
            case (let a?, let b?):
                // Different, or the identifier pass would have paired them.
                pairedMovies.insert(movie.path)
                items.append(
                    LibraryItem(
                        kind: .conflict, files: [still.path, movie.path], note: "one name with two identifiers, \(a) and \(b)"))
            case (nil, nil) where !movie.hasStillImageTime:
                items.append(single(still))
            default:
                pairedMovies.insert(movie.path)
                let missing =
                    still.identifier == nil
                    ? (movie.identifier == nil ? "neither carries" : "the photo carries no") : "the movie carries no"
                items.append(
                    LibraryItem(
                        kind: .livePhoto, files: [still.path, movie.path], identifier: still.identifier ?? movie.identifier,
                        pairedBy: .name,
                        note: "paired by name: \(missing) content identifier"))
            }
        }
        for movie in movies where !pairedMovies.contains(movie.path) { items.append(single(movie)) }
    }

    /// A file paired with nothing: a Live Photo's part is an orphan, anything else plain.
    private func single(_ file: ScannedFile) -> LibraryItem {
        switch file.kind {
        case .still where file.identifier != nil:
            return LibraryItem(kind: .orphanStill, files: [file.path], identifier: file.identifier, note: "no movie with its identifier")
        case .movie where file.identifier != nil || file.hasStillImageTime:
            return LibraryItem(kind: .orphanMovie, files: [file.path], identifier: file.identifier, note: "no photo with its identifier")
        case .movie: return LibraryItem(kind: .plainMovie, files: [file.path])
        default: return LibraryItem(kind: .plainPhoto, files: [file.path])
        }
    }
}

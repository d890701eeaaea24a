/// The items of a scan's files (docs/guide/libraries.md#scan), decided on their facts with ``LivePhotoPairing``: what
/// the stills and movies of one content identifier are, what the stills and movies of one name key that no identifier
/// paired are, and what a file paired with nothing is. The command line gathers the groups from its index (SQLite
/// sorts them), the browser from the facts it holds (``paired(_:)``); both decide here.
package enum LibraryItems {
    /// Stills and movies that share `identifier`: a Live Photo (with its variants), or a conflict; nil when they are
    /// not a still and a movie (each then pairs by name).
    package static func byIdentifier(_ files: [ScannedFile], identifier: String) -> LibraryItem? {
        switch LivePhotoPairing.byIdentifier(files.map { $0.pairingHalf }) {
        case .livePhoto(let still, let movie, let variants):
            return LibraryItem(
                kind: .livePhoto, files: [files[still].path, files[movie].path], identifier: identifier, pairedBy: .identifier,
                variants: variants.map { files[$0].path })
        case .conflict(let stills, let movies):
            return LibraryItem(
                kind: .conflict, files: files.map { $0.path }.sorted(), identifier: identifier,
                note: "one identifier on \(stills) photos and \(movies) movies")
        case nil:
            return nil
        }
    }

    /// Stills and movies of one folder and name that no identifier paired: one still and one movie as
    /// ``LivePhotoPairing/byName(still:movie:)`` decides; more, or fewer, each alone.
    package static func byName(_ files: [ScannedFile]) -> [LibraryItem] {
        let stills = files.filter { $0.kind == .still }
        let movies = files.filter { $0.kind == .movie }
        guard stills.count == 1, movies.count == 1, let still = stills.first, let movie = movies.first else { return files.map(alone) }
        switch LivePhotoPairing.byName(still: still.pairingHalf, movie: movie.pairingHalf) {
        case .vivoPair(let id):
            return [
                LibraryItem(
                    kind: .motionPhoto, files: [still.path, movie.path], identifier: id, pairedBy: .vivoPairingID, flavor: .vivoPair,
                    family: .vivo)
            ]
        case .conflict(let reason):
            return [LibraryItem(kind: .conflict, files: [still.path, movie.path], note: reason)]
        case .apart:
            return [alone(still), alone(movie)]
        case .livePhoto(let identifier, let lacking, _):
            return [
                LibraryItem(
                    kind: .livePhoto, files: [still.path, movie.path], identifier: identifier, pairedBy: .name,
                    note: "paired by name: \(lacking.phrase) content identifier")
            ]
        }
    }

    /// A file paired with nothing: a Motion Photo, a damaged or other file; a Live Photo's part is an orphan, any
    /// other still or movie plain.
    package static func alone(_ file: ScannedFile) -> LibraryItem {
        switch file.kind {
        case .motionPhoto(let flavor, let family):
            return LibraryItem(kind: .motionPhoto, files: [file.path], identifier: file.identifier, flavor: flavor, family: family)
        case .damaged(let reason): return LibraryItem(kind: .damaged, files: [file.path], note: reason)
        case .other: return LibraryItem(kind: .other, files: [file.path])
        case .still where file.identifier != nil:
            return LibraryItem(kind: .orphanStill, files: [file.path], identifier: file.identifier, note: "no movie with its identifier")
        case .movie where file.identifier != nil || file.hasStillImageTime:
            return LibraryItem(kind: .orphanMovie, files: [file.path], identifier: file.identifier, note: "no photo with its identifier")
        case .movie: return LibraryItem(kind: .plainMovie, files: [file.path])
        case .still: return LibraryItem(kind: .plainPhoto, files: [file.path])
        }
    }

    /// Whether `a` sorts before `b` as SQLite's default collation sorts text: by its UTF-8 bytes.
    package static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}

/// Pairs a scan's files into items: stills and movies by content identifier across names and folders (an edited
/// `IMG_E1234` still or movie beside the original is a variant), then the files left by folder and name, saying so.
///
/// The pairing is one query over the index: each file gets a group (its identifier when a still and a movie share
/// it, else its folder and name; other kinds are alone), and the rows come ordered group by group. Only one group is
/// held at a time; SQLite's share (its page cache, the sort) is bounded by the index's settings and spills to a
/// temporary file past them, so memory does not grow with the library.
///
/// What it paired is kept in the index (``ScanIndex/keep(_:generation:)``): the next scan of the same folders, when
/// no file changed, reads those items back instead.
enum LibraryPairing {
    /// Counts every item of the files in `scope` into `summary`, and calls `each` with those of `kinds` (every kind
    /// when nil), group by group in the order of their first path.
    /// - Parameter keep: read the items kept by the last pairing of `scope` when the files are unchanged since, and
    ///   keep these for the next scan (not for a temporary index).
    static func items(
        in index: ScanIndex, scope: ScanScope, keep: Bool, kinds: Set<LibraryItem.Kind>?,
        counting summary: inout LibraryScan.Summary, _ each: (LibraryItem) -> Void
    ) throws {
        let key = ScanIndex.key(of: scope)
        if keep, try index.keptItems(for: key, kinds: kinds, counting: &summary, each) { return }
        var generation: Int64 = 0
        // One transaction: the generation is that of the files paired, and the items kept go to a temporary table,
        // which needs no lock on the index.
        let db = index.database
        try db.transaction(.deferred) {
            generation = try ScanIndex.generation(db)
            let insert = keep ? try ScanIndex.startKeeping(db) : nil
            try pair(db, scope: scope) { item in
                if let insert { try ScanIndex.keep(item, with: insert) }
                summary.count(item)
                if kinds?.contains(item.kind) ?? true { each(item) }
            }
        }
        if keep { try index.keep(key, generation: generation) }
    }

    /// The pairing query over the files of `scope`, item by item.
    private static func pair(_ db: SQLiteConnection, scope: ScanScope, _ each: (LibraryItem) throws -> Void) throws {
        let condition = scope.pathCondition
        let scoped = condition.sql.replacing("path", with: "f.path")
        // `paired`: the identifiers that a still and a movie share, with the first path of each (a Live Photo's group
        // sorts by it). vivo's files pair by name and pairing id, whatever Apple identifier they keep. Every other still or movie groups by folder and name, anything else alone; groups come in
        // the order of their first path, near enough (a name group sorts by its folder and lowercased name).
        let sql = """
            WITH paired AS (
                SELECT identifier, min(path) AS first FROM file
                WHERE \(condition.sql) AND kind IN ('still', 'movie') AND identifier IS NOT NULL AND pairingID IS NULL
                GROUP BY identifier HAVING max(kind = 'still') AND max(kind = 'movie'))
            SELECT f.path, f.kind, f.identifier, f.stillImageTime, f.note,
                CASE WHEN f.kind NOT IN ('still', 'movie') THEN 'f' || f.path
                     WHEN p.first IS NOT NULL THEN 'i' || f.identifier
                     ELSE 'n' || f.stemKey END AS groupKey,
                CASE WHEN f.kind NOT IN ('still', 'movie') THEN f.path
                     WHEN p.first IS NOT NULL THEN p.first
                     ELSE f.stemKey END AS sortKey,
                f.pairingID
            FROM file f LEFT JOIN paired p ON p.identifier = f.identifier AND f.kind IN ('still', 'movie') AND f.pairingID IS NULL
            WHERE \(scoped)
            ORDER BY sortKey, groupKey, f.path
            """
        var group: [ScannedFile] = []
        var key = ""
        try db.statement(sql).rows(condition.arguments + condition.arguments) { row in
            let rowKey = row.text(5)
            if rowKey != key {
                try emit(group, key: key, each)
                group.removeAll(keepingCapacity: true)
                key = rowKey
            }
            guard let kind = ScanIndex.kind(row.text(1), note: row.optionalText(4)) else { return }
            group.append(
                ScannedFile(
                    path: row.text(0), kind: kind, identifier: row.optionalText(2), hasStillImageTime: row.bool(3),
                    pairingID: row.optionalText(7)))
        }
        try emit(group, key: key, each)
    }

    /// The items of one group of files.
    private static func emit(_ files: [ScannedFile], key: String, _ each: (LibraryItem) throws -> Void) throws {
        guard let first = files.first else { return }
        switch key.first {
        case "i": try each(byIdentifier(files, identifier: first.identifier ?? ""))
        case "n": try byName(files, each)
        default: try files.forEach { try each(alone($0)) }
        }
    }

    /// The one file of `files` that is not an edited version of another, and the edited ones; nil when there is not
    /// exactly one original.
    static func original(of files: [ScannedFile]) -> (original: ScannedFile, edited: [ScannedFile])? {
        let originals = files.filter { f in !files.contains { other in other.path != f.path && f.isEditedVersion(of: other) } }
        guard originals.count == 1 else { return nil }
        return (originals[0], files.filter { $0.path != originals[0].path })
    }

    /// Stills and movies that share an identifier: a Live Photo (with its edited variants), or a conflict.
    private static func byIdentifier(_ files: [ScannedFile], identifier: String) -> LibraryItem {
        let stills = files.filter { $0.kind == .still }
        let movies = files.filter { $0.kind == .movie }
        if let still = original(of: stills), let movie = original(of: movies) {
            return LibraryItem(
                kind: .livePhoto, files: [still.original.path, movie.original.path], identifier: identifier, pairedBy: .identifier,
                variants: (still.edited + movie.edited).map(\.path))
        }
        return LibraryItem(
            kind: .conflict, files: files.map(\.path).sorted(), identifier: identifier,
            note: "one identifier on \(stills.count) photos and \(movies.count) movies")
    }

    /// Stills and movies of one folder and name that no identifier paired: one still and one movie pair by name
    /// (said so), unless both carry different identifiers (a conflict) or neither is a Live Photo's part. A vivo pair
    /// (one name, as vivo's gallery requires, and one pairing id) is a Motion Photo of two files.
    private static func byName(_ files: [ScannedFile], _ each: (LibraryItem) throws -> Void) throws {
        let stills = files.filter { $0.kind == .still }
        let movies = files.filter { $0.kind == .movie }
        guard stills.count == 1, movies.count == 1, let still = stills.first, let movie = movies.first else {
            try files.forEach { try each(alone($0)) }
            return
        }
        switch (still.pairingID, movie.pairingID) {
        case (let a?, let b?) where a == b:
            try each(
                LibraryItem(
                    kind: .motionPhoto, files: [still.path, movie.path], identifier: a, pairedBy: .vivoPairingID, flavor: .vivoPair,
                    family: .vivo))
            return
        case (let a?, let b?):
            try each(
                LibraryItem(kind: .conflict, files: [still.path, movie.path], note: "one name with two vivo pairing ids, \(a) and \(b)"))
            return
        case (_?, nil), (nil, _?):
            // One half of a vivo pair beside a file that is not the other half: neither is a Live Photo's part.
            try each(alone(still))
            try each(alone(movie))
            return
        case (nil, nil): break
        }
        switch (still.identifier, movie.identifier) {
        case (let a?, let b?):
            // Different, or the identifier pass would have paired them.
            try each(LibraryItem(kind: .conflict, files: [still.path, movie.path], note: "one name with two identifiers, \(a) and \(b)"))
        case (nil, nil) where !movie.hasStillImageTime:
            try each(alone(still))
            try each(alone(movie))
        default:
            let missing =
                still.identifier == nil
                ? (movie.identifier == nil ? "neither carries" : "the photo carries no") : "the movie carries no"
            try each(
                LibraryItem(
                    kind: .livePhoto, files: [still.path, movie.path], identifier: still.identifier ?? movie.identifier,
                    pairedBy: .name, note: "paired by name: \(missing) content identifier"))
        }
    }

    /// A file paired with nothing: a Motion Photo, a damaged or other file; a Live Photo's part is an orphan, any
    /// other still or movie plain.
    private static func alone(_ file: ScannedFile) -> LibraryItem {
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
}

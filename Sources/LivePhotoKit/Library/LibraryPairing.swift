/// Pairs a scan's files into items with the shared decisions (``LibraryItems``): stills and movies by content
/// identifier across names and folders (an edited `IMG_E1234` still or movie beside the original is a variant), then
/// the files left by folder and name, saying so.
///
/// The index holds the facts (each file's kind, identifier and name key); SQLite gathers the candidates, the decision
/// is Swift's. Two passes: the files of each identifier, one identifier at a time, then the files no identifier
/// paired, one name at a time. Only one group is held at a time; the items wait in a temporary table, in the order of
/// their first path, so memory does not grow with the library (SQLite's share is bounded by the index's settings and
/// spills to a temporary file past them).
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

    /// The items of the files of `scope`, in the order of their first path, near enough (a name's items sort by its
    /// folder and folded name).
    private static func pair(_ db: SQLiteConnection, scope: ScanScope, _ each: (LibraryItem) throws -> Void) throws {
        try db.execute(
            """
            CREATE TEMP TABLE IF NOT EXISTS pairedFile (path TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
            CREATE TEMP TABLE IF NOT EXISTS sortedItem (sortKey TEXT NOT NULL, groupKey TEXT NOT NULL, seq INTEGER NOT NULL,
                kind TEXT NOT NULL, files TEXT NOT NULL, identifier TEXT, pairedBy TEXT, variants TEXT NOT NULL, flavor TEXT,
                note TEXT, PRIMARY KEY (sortKey, groupKey, seq)) WITHOUT ROWID;
            DELETE FROM temp.pairedFile; DELETE FROM temp.sortedItem
            """)
        defer { try? db.execute("DELETE FROM temp.pairedFile; DELETE FROM temp.sortedItem") }
        let sorted = try db.statement(
            """
            INSERT INTO temp.sortedItem (sortKey, groupKey, seq, kind, files, identifier, pairedBy, variants, flavor, note)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        func store(_ items: [LibraryItem], sortKey: String, groupKey: String) throws {
            for (seq, item) in items.enumerated() {
                let place: [any SQLiteBindable] = [sortKey, groupKey, seq]
                try sorted.execute(place + ScanIndex.columns(of: item))
            }
        }
        let condition = scope.pathCondition
        let columns = "path, kind, identifier, stillImageTime, note, pairingID"
        // 1. By identifier: the stills and movies of each identifier (vivo's halves pair by name and pairing id,
        // whatever Apple identifier they keep).
        let markPaired = try db.statement("INSERT OR IGNORE INTO temp.pairedFile (path) VALUES (?)")
        func identifierGroup(_ files: [ScannedFile]) throws {
            guard let first = files.first, let identifier = first.identifier,
                let items = LibraryItems.byIdentifier(files, identifier: identifier)
            else { return }
            try store([items], sortKey: first.path, groupKey: "i" + identifier)
            for file in files { try markPaired.execute([file.path]) }
        }
        var group: [ScannedFile] = []
        try db.statement(
            """
            SELECT \(columns) FROM file WHERE \(condition.sql) AND kind IN ('still', 'movie') AND identifier IS NOT NULL
                AND pairingID IS NULL
            ORDER BY identifier, path
            """
        ).rows(condition.arguments) { row in
            guard let file = scanned(row) else { return }
            if let last = group.last, last.identifier != file.identifier {
                try identifierGroup(group)
                group.removeAll(keepingCapacity: true)
            }
            group.append(file)
        }
        try identifierGroup(group)
        // 2. The rest: stills and movies by folder and name, anything else alone.
        group.removeAll()
        var key = ""
        func nameGroup() throws {
            guard let first = group.first else { return }
            let items = key.first == "n" ? LibraryItems.byName(group) : group.map(LibraryItems.alone)
            try store(items, sortKey: key.first == "n" ? String(key.dropFirst()) : first.path, groupKey: key)
        }
        try db.statement(
            """
            SELECT \(columns), CASE WHEN kind IN ('still', 'movie') THEN 'n' || stemKey ELSE 'f' || path END AS groupKey
            FROM file WHERE \(condition.sql) AND path NOT IN (SELECT path FROM temp.pairedFile)
            ORDER BY CASE WHEN kind IN ('still', 'movie') THEN stemKey ELSE path END, groupKey, path
            """
        ).rows(condition.arguments) { row in
            let rowKey = row.text(6)
            if rowKey != key {
                try nameGroup()
                group.removeAll(keepingCapacity: true)
                key = rowKey
            }
            if let file = scanned(row) { group.append(file) }
        }
        try nameGroup()
        // 3. Every item, in order.
        try db.statement(
            "SELECT kind, files, identifier, pairedBy, variants, flavor, note FROM temp.sortedItem ORDER BY sortKey, groupKey, seq"
        ).rows { row in try each(try ScanIndex.item(row)) }
    }

    /// A file as the pairing reads it back from the index; nil for a kind this version does not know.
    private static func scanned(_ row: SQLiteRow) -> ScannedFile? {
        guard let kind = ScannedFile.Kind(stored: row.text(1), note: row.optionalText(4)) else { return nil }
        return ScannedFile(
            path: row.text(0), kind: kind, identifier: row.optionalText(2), hasStillImageTime: row.bool(3),
            pairingID: row.optionalText(5))
    }
}

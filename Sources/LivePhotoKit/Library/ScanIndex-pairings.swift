/// The items a scan last paired for a scope, kept in the index with the generation of the files they were paired
/// from. Every change to the files moves the generation on (``ScanIndex/update(_:removing:goneFolders:)``), so a
/// rescan in which nothing changed reads the items back in their order instead of pairing again: the pairing query
/// groups and sorts every file of the scope (most of a rescan's time), reading its result back walks one table.
extension ScanIndex {
    /// The key the kept items of `scope` are found by: its roots, in order.
    static func key(of scope: ScanScope) -> String {
        scope.roots.map { root in
            switch root {
            case .folder(let path): "d" + path
            case .file(let entry): "f" + entry.path
            }
        }.joined(separator: "\n")
    }

    /// The generation of the files: moved on by every write that changes them.
    static func generation(_ db: SQLiteConnection) throws -> Int64 {
        try db.statement("SELECT value FROM generation").first { $0.int64(0) } ?? 0
    }

    /// Counts the items kept for `key` into `summary` and calls `each` with those of `kinds` (every kind when nil), in
    /// their order, when they were paired from the files as they are now; false (and nothing counted) when there are
    /// none, or they are older than the files. Items of other kinds are counted by SQLite, never read back.
    func keptItems(
        for key: String, kinds: Set<LibraryItem.Kind>?, counting summary: inout LibraryScan.Summary,
        _ each: (LibraryItem) -> Void
    ) throws -> Bool {
        let db = database
        return try db.read {
            let kept = try db.statement("SELECT generation FROM pairing WHERE scope = ?").first([key]) { $0.int64(0) }
            guard let kept, kept == (try Self.generation(db)) else { return false }
            let columns = "kind, files, identifier, pairedBy, variants, flavor, note"
            guard let kinds else {
                try db.statement("SELECT \(columns) FROM pairedItem WHERE scope = ? ORDER BY seq").rows([key]) { row in
                    let item = try Self.item(row)
                    summary.count(item)
                    each(item)
                }
                return true
            }
            try db.statement("SELECT kind, byName, count FROM pairedCount WHERE scope = ?").rows([key]) { row in
                guard let kind = LibraryItem.Kind(rawValue: row.text(0)) else { throw KeptItemError(row: row.description) }
                let count = Int(row.int64(2))
                summary.counts[kind, default: 0] += count
                if row.bool(1) { summary.pairedByName += count }
            }
            let wanted = kinds.map(\.rawValue).sorted()
            let placeholders = wanted.map { _ in "?" }.joined(separator: ", ")
            try db.statement("SELECT \(columns) FROM pairedItem WHERE scope = ? AND kind IN (\(placeholders)) ORDER BY seq")
                .rows([key] + wanted) { row in each(try Self.item(row)) }
            return true
        }
    }

    /// Starts keeping the items of a pairing that runs in `db`'s current transaction: they go to a temporary table
    /// (on disk past SQLite's cache, like the pairing's sort), copied by ``keep(_:generation:)`` once it is done.
    static func startKeeping(_ db: SQLiteConnection) throws -> SQLiteStatement {
        try db.execute(
            """
            CREATE TEMP TABLE IF NOT EXISTS newItem (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, files TEXT NOT NULL,
                identifier TEXT, pairedBy TEXT, variants TEXT NOT NULL, flavor TEXT, note TEXT);
            DELETE FROM temp.newItem
            """)
        return try db.statement(
            "INSERT INTO temp.newItem (kind, files, identifier, pairedBy, variants, flavor, note) VALUES (?, ?, ?, ?, ?, ?, ?)"
        )
    }

    /// Adds `item` to the items being kept, through the statement ``startKeeping(_:)`` returned.
    static func keep(_ item: LibraryItem, with insert: SQLiteStatement) throws {
        try insert.execute(columns(of: item))
    }

    /// An item as its tables keep it: kind, files, identifier, pairedBy, variants, flavor, note (read back by
    /// ``item(_:)``).
    static func columns(of item: LibraryItem) -> [any SQLiteBindable] {
        [
            item.kind.rawValue, Self.pathList(item.files), item.identifier, item.pairedBy?.rawValue, Self.pathList(item.variants),
            item.flavor.map { ScannedFile.storedMotion($0, item.family ?? $0.usualFamily) }, item.note,
        ]
    }

    /// Keeps the items gathered since ``startKeeping(_:)`` for `key`, paired from the files of `generation`; the
    /// items kept for older generations are dropped (no scan can use them). Nothing is kept when the files changed
    /// meanwhile (another scan wrote to the index).
    func keep(_ key: String, generation: Int64) throws {
        let db = database
        try db.write {
            defer { try? db.execute("DELETE FROM temp.newItem") }
            guard try Self.generation(db) == generation else { return }
            let old = "SELECT scope FROM pairing WHERE scope = ? OR generation < ?"
            try db.execute(
                "DELETE FROM pairedItem WHERE scope IN (\(old))", [key, generation])
            try db.execute(
                "DELETE FROM pairedCount WHERE scope IN (\(old))", [key, generation])
            try db.execute(
                "DELETE FROM pairing WHERE scope = ? OR generation < ?", [key, generation])
            try db.execute(
                """
                INSERT INTO pairedItem (scope, seq, kind, files, identifier, pairedBy, variants, flavor, note)
                SELECT ?, seq, kind, files, identifier, pairedBy, variants, flavor, note FROM temp.newItem
                """, [key])
            // The counts by kind, and of Live Photos paired by name: a summary reads these, not the items.
            try db.execute(
                """
                INSERT INTO pairedCount (scope, kind, byName, count)
                SELECT ?, kind, coalesce(pairedBy = ?, 0), count(*) FROM temp.newItem GROUP BY 2, 3
                """, [key, LibraryItem.Pairing.name.rawValue])
            try db.execute(
                "INSERT INTO pairing (scope, generation) VALUES (?, ?)", [key, generation])
        }
    }

    /// The tables of kept items (the migration that adds them).
    static func createPairingTables(_ db: SQLiteConnection) throws {
        try db.execute(
            """
            CREATE TABLE "generation" ("value" INTEGER NOT NULL);
            INSERT INTO generation (value) VALUES (0);
            CREATE TABLE "pairing" ("scope" TEXT PRIMARY KEY NOT NULL, "generation" INTEGER NOT NULL);
            CREATE TABLE "pairedItem" ("scope" TEXT NOT NULL, "seq" INTEGER NOT NULL, "kind" TEXT NOT NULL, "files" TEXT NOT NULL,
                "identifier" TEXT, "pairedBy" TEXT, "variants" TEXT NOT NULL, "flavor" TEXT, "note" TEXT,
                PRIMARY KEY ("scope", "seq")) WITHOUT ROWID
            """)
    }

    /// The counts of each pairing's items (the migration that adds them): the pairings kept before it are dropped,
    /// and paired again by the next scan.
    static func createPairingCounts(_ db: SQLiteConnection) throws {
        try db.execute(
            """
            DELETE FROM pairedItem; DELETE FROM pairing;
            CREATE TABLE "pairedCount" ("scope" TEXT NOT NULL, "kind" TEXT NOT NULL, "byName" BOOLEAN NOT NULL,
                "count" INTEGER NOT NULL, PRIMARY KEY ("scope", "kind", "byName")) WITHOUT ROWID
            """)
    }

    /// An item read back from the columns of ``columns(of:)``.
    static func item(_ row: SQLiteRow) throws -> LibraryItem {
        guard let kind = LibraryItem.Kind(rawValue: row.text(0)), let files = row.withText(1, paths(inList:)),
            let variants = row.withText(4, paths(inList:))
        else { throw KeptItemError(row: row.description) }
        let pairedBy = row.optionalText(3).map { LibraryItem.Pairing(rawValue: $0) }
        let stored = row.optionalText(5)
        let motion = stored.flatMap(ScannedFile.motion(stored:))
        guard pairedBy != .some(nil), (stored == nil) == (motion == nil) else {
            throw KeptItemError(row: row.description)
        }
        return LibraryItem(
            kind: kind, files: files, identifier: row.optionalText(2), pairedBy: pairedBy ?? nil, variants: variants,
            flavor: motion?.0, family: motion?.1, note: row.optionalText(6))
    }

    /// A kept item this version cannot read (written by another one).
    struct KeptItemError: Error, CustomStringConvertible {
        var row: String
        var description: String { "a kept item that cannot be read: \(row)" }
    }

    /// Paths as one text: each as its length in UTF-8 bytes, a colon and the path (a path may hold any character).
    static func pathList(_ paths: [String]) -> String {
        paths.map { "\($0.utf8.count):\($0)" }.joined()
    }

    /// The paths of ``pathList(_:)`` in its UTF-8 bytes; nil when they are not such a list.
    static func paths(inList bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var paths: [String] = []
        var index = 0
        while index < bytes.count {
            var length = 0
            while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
                let digit = Int(bytes[index]) - Int(UInt8(ascii: "0"))
                guard (0...9).contains(digit), length < Int.max / 10 - 9 else { return nil }
                length = length * 10 + digit
                index += 1
            }
            index += 1
            guard index <= bytes.count, length <= bytes.count - index else { return nil }
            paths.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + length]), as: UTF8.self))
            index += length
        }
        return paths
    }
}

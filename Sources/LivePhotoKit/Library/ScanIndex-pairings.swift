internal import GRDB

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
    static func generation(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT value FROM generation")) ?? 0
    }

    /// Counts the items kept for `key` into `summary` and calls `each` with those of `kinds` (every kind when nil), in
    /// their order, when they were paired from the files as they are now; false (and nothing counted) when there are
    /// none, or they are older than the files. Items of other kinds are counted by SQLite, never read back.
    func keptItems(
        for key: String, kinds: Set<LibraryItem.Kind>?, counting summary: inout LibraryScan.Summary,
        _ each: (LibraryItem) -> Void
    ) throws -> Bool {
        try queue.read { db in
            let kept = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT generation FROM pairing WHERE scope = ?"), arguments: [key])
            guard let kept, kept == (try Self.generation(db)) else { return false }
            let columns = "kind, files, identifier, pairedBy, variants, flavor, note"
            guard let kinds else {
                let rows = try Row.fetchCursor(
                    db.cachedStatement(sql: "SELECT \(columns) FROM pairedItem WHERE scope = ? ORDER BY seq"), arguments: [key])
                while let row = try rows.next() {
                    let item = try Self.item(row)
                    summary.count(item)
                    each(item)
                }
                return true
            }
            let counts = try Row.fetchCursor(
                db.cachedStatement(sql: "SELECT kind, byName, count FROM pairedCount WHERE scope = ?"), arguments: [key])
            while let row = try counts.next() {
                guard let kind = LibraryItem.Kind(rawValue: row[0]) else { throw KeptItemError(row: row.description) }
                let count: Int = row[2]
                summary.counts[kind, default: 0] += count
                if row[1] as Bool { summary.pairedByName += count }
            }
            let wanted = kinds.map(\.rawValue).sorted()
            let placeholders = wanted.map { _ in "?" }.joined(separator: ", ")
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: "SELECT \(columns) FROM pairedItem WHERE scope = ? AND kind IN (\(placeholders)) ORDER BY seq"),
                arguments: StatementArguments([key] + wanted))
            while let row = try rows.next() { each(try Self.item(row)) }
            return true
        }
    }

    /// Starts keeping the items of a pairing that runs in `db`'s current transaction: they go to a temporary table
    /// (on disk past SQLite's cache, like the pairing's sort), copied by ``keep(_:generation:)`` once it is done.
    static func startKeeping(_ db: Database) throws -> Statement {
        try db.execute(
            sql: """
                CREATE TEMP TABLE IF NOT EXISTS newItem (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, files TEXT NOT NULL,
                    identifier TEXT, pairedBy TEXT, variants TEXT NOT NULL, flavor TEXT, note TEXT);
                DELETE FROM temp.newItem
                """)
        return try db.cachedStatement(
            sql:
                "INSERT INTO temp.newItem (kind, files, identifier, pairedBy, variants, flavor, note) VALUES (?, ?, ?, ?, ?, ?, ?)"
        )
    }

    /// Adds `item` to the items being kept, through the statement ``startKeeping(_:)`` returned.
    static func keep(_ item: LibraryItem, with insert: Statement) throws {
        try insert.execute(
            arguments: [
                item.kind.rawValue, Self.pathList(item.files), item.identifier, item.pairedBy?.rawValue,
                Self.pathList(item.variants),
                item.flavor.map { ScannedFile.storedMotion($0, item.family ?? $0.usualFamily) }, item.note,
            ])
    }

    /// Keeps the items gathered since ``startKeeping(_:)`` for `key`, paired from the files of `generation`; the
    /// items kept for older generations are dropped (no scan can use them). Nothing is kept when the files changed
    /// meanwhile (another scan wrote to the index).
    func keep(_ key: String, generation: Int64) throws {
        try queue.write { db in
            defer { try? db.execute(sql: "DELETE FROM temp.newItem") }
            guard try Self.generation(db) == generation else { return }
            let old = "SELECT scope FROM pairing WHERE scope = ? OR generation < ?"
            try db.execute(
                sql: "DELETE FROM pairedItem WHERE scope IN (\(old))", arguments: [key, generation])
            try db.execute(
                sql: "DELETE FROM pairedCount WHERE scope IN (\(old))", arguments: [key, generation])
            try db.execute(
                sql: "DELETE FROM pairing WHERE scope = ? OR generation < ?", arguments: [key, generation])
            try db.execute(
                sql: """
                    INSERT INTO pairedItem (scope, seq, kind, files, identifier, pairedBy, variants, flavor, note)
                    SELECT ?, seq, kind, files, identifier, pairedBy, variants, flavor, note FROM temp.newItem
                    """, arguments: [key])
            // The counts by kind, and of Live Photos paired by name: a summary reads these, not the items.
            try db.execute(
                sql: """
                    INSERT INTO pairedCount (scope, kind, byName, count)
                    SELECT ?, kind, coalesce(pairedBy = ?, 0), count(*) FROM temp.newItem GROUP BY 2, 3
                    """, arguments: [key, LibraryItem.Pairing.name.rawValue])
            try db.execute(
                sql: "INSERT INTO pairing (scope, generation) VALUES (?, ?)", arguments: [key, generation])
        }
    }

    /// The tables of kept items (the migration that adds them).
    static func createPairingTables(_ db: Database) throws {
        try db.create(table: "generation") { t in t.column("value", .integer).notNull() }
        try db.execute(sql: "INSERT INTO generation (value) VALUES (0)")
        try db.create(table: "pairing") { t in
            t.primaryKey("scope", .text)
            t.column("generation", .integer).notNull()
        }
        try db.create(table: "pairedItem", options: .withoutRowID) { t in
            t.column("scope", .text).notNull()
            t.column("seq", .integer).notNull()
            t.column("kind", .text).notNull()
            t.column("files", .text).notNull()
            t.column("identifier", .text)
            t.column("pairedBy", .text)
            t.column("variants", .text).notNull()
            t.column("flavor", .text)
            t.column("note", .text)
            t.primaryKey(["scope", "seq"])
        }
    }

    /// The counts of each pairing's items (the migration that adds them): the pairings kept before it are dropped,
    /// and paired again by the next scan.
    static func createPairingCounts(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM pairedItem; DELETE FROM pairing")
        try db.create(table: "pairedCount", options: .withoutRowID) { t in
            t.column("scope", .text).notNull()
            t.column("kind", .text).notNull()
            t.column("byName", .boolean).notNull()
            t.column("count", .integer).notNull()
            t.primaryKey(["scope", "kind", "byName"])
        }
    }

    /// A kept item read back.
    private static func item(_ row: Row) throws -> LibraryItem {
        let kindText: String = row[0]
        guard let kind = LibraryItem.Kind(rawValue: kindText), let files = paths(inList: row[1] as String),
            let variants = paths(inList: row[4] as String)
        else { throw KeptItemError(row: row.description) }
        let pairedBy = (row[3] as String?).map { LibraryItem.Pairing(rawValue: $0) }
        let stored = row[5] as String?
        let motion = stored.flatMap(ScannedFile.motion(stored:))
        guard pairedBy != .some(nil), (stored == nil) == (motion == nil) else {
            throw KeptItemError(row: row.description)
        }
        return LibraryItem(
            kind: kind, files: files, identifier: row[2], pairedBy: pairedBy ?? nil, variants: variants,
            flavor: motion?.0, family: motion?.1, note: row[6])
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

    /// The paths of ``pathList(_:)``; nil when `text` is not such a list.
    static func paths(inList text: String) -> [String]? {
        var paths: [String] = []
        let bytes = Array(text.utf8)
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
            paths.append(String(decoding: bytes[index..<index + length], as: UTF8.self))
            index += length
        }
        return paths
    }
}

import Foundation
internal import GRDB

/// The SQLite index of library scans (GRDB): what each file was found to be, keyed by path, with the size,
/// modification time and inode it had. A rescan reads only files whose size, time or inode changed, and forgets files
/// that are gone; the pairing is a query over it (``LibraryPairing``), so a scan holds one folder at a time, not the
/// library. It lives where the caller says (the CLI: the user's cache folder), never in the scanned folders; a scan
/// without one uses a temporary index.
struct ScanIndex {
    /// What the index keeps of a file to know whether it changed.
    struct Stamp: Equatable {
        var size: Int64
        var modified: Int64
        var inode: UInt64

        /// The stamp of a file the walk found.
        init(_ entry: FileWalk.Entry) {
            self.init(size: entry.size, modified: entry.modified, inode: entry.inode)
        }

        init(size: Int64, modified: Int64, inode: UInt64) {
            self.size = size
            self.modified = modified
            self.inode = inode
        }
    }

    let queue: DatabaseQueue

    /// Opens (or creates) the index at `path`, and the folders above it.
    /// - Parameter temporary: an index for one scan, removed by the caller: nothing is synced to disk.
    init(path: String, temporary: Bool = false) throws {
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        var configuration = Configuration()
        // Several scans may share the index (shares run side by side, two gallery requests): a writer waits for
        // another's transaction instead of failing, and readers do not wait for writers (WAL).
        configuration.busyMode = .timeout(30)
        configuration.prepareDatabase { db in
            // Bounded memory: 1 MB of page cache for the index and 512 KB for sorting, then a temporary file.
            try db.execute(sql: "PRAGMA cache_size = -1024; PRAGMA temp_store = FILE; PRAGMA temp.cache_size = -512")
            if temporary {
                try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
            } else {
                // The index is a cache: a commit lost to a power cut is read again next time, and WAL cannot
                // corrupt with NORMAL sync. Each commit then costs no fsync.
                try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
            }
        }
        queue = try DatabaseQueue(path: path, configuration: configuration)
        var migrator = DatabaseMigrator()
        // The first layout, without folders and name keys: indexes made by it are dropped and read again by the
        // next migration (the index is a cache).
        migrator.registerMigration("files") { _ in }
        // The folder (what a rescan looks up, a folder at a time) and the name key (what pairs files by name) as
        // columns.
        migrator.registerMigration("folders") { db in
            try db.execute(sql: "DROP TABLE IF EXISTS file")
            try db.create(table: "file") { t in
                t.primaryKey("path", .text)
                t.column("folder", .text).notNull().indexed()
                t.column("size", .integer).notNull()
                t.column("modified", .integer).notNull()
                t.column("inode", .integer).notNull()
                t.column("kind", .text).notNull()
                t.column("identifier", .text).indexed()
                t.column("stillImageTime", .boolean).notNull()
                t.column("note", .text)
                t.column("stemKey", .text).notNull()
            }
        }
        // What a pairing found, kept for the next scan of the same folders while no file changes
        // (ScanIndex-pairings.swift).
        migrator.registerMigration("pairings", migrate: Self.createPairingTables)
        migrator.registerMigration("pairingCounts", migrate: Self.createPairingCounts)
        // vivo's pairing id (a vivo pair's files): the files read before it carry none, so each is read again.
        migrator.registerMigration("vivoPairingIDs") { db in
            try db.execute(sql: "DELETE FROM file; DELETE FROM pairedItem; DELETE FROM pairedCount; DELETE FROM pairing")
            try db.alter(table: "file") { t in t.add(column: "pairingID", .text) }
        }
        try migrator.migrate(queue)
    }

    /// The stamps of the files the index holds directly in `folder`, by path.
    func stamps(in folder: String) throws -> [String: Stamp] {
        // One statement, outside a transaction (its own implicit read): this runs for every folder of every rescan.
        try queue.inDatabase { db in
            var found: [String: Stamp] = [:]
            found.reserveCapacity(256)
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: "SELECT path, size, modified, inode FROM file WHERE folder = ?"), arguments: [folder])
            while let row = try rows.next() {
                // Columns by position: this runs for every file of every rescan.
                found[row[0]] = Stamp(size: row[1], modified: row[2], inode: UInt64(bitPattern: row[3]))
            }
            return found
        }
    }

    /// The stamp of one file, when the index holds it.
    func stamp(of path: String) throws -> Stamp? {
        try queue.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT size, modified, inode FROM file WHERE path = ?"), arguments: [path])
                .map { Stamp(size: $0[0], modified: $0[1], inode: UInt64(bitPattern: $0[2])) }
        }
    }

    /// Stores `changed` files with their stamps and forgets `gone` paths and every file of `goneFolders`, in one
    /// transaction. Nothing is written when there is nothing to do.
    func update(_ changed: [(Stamp, ScannedFile)], removing gone: [String], goneFolders: [String] = []) throws {
        guard !changed.isEmpty || !gone.isEmpty || !goneFolders.isEmpty else { return }
        try queue.write { db in
            let delete = try db.cachedStatement(sql: "DELETE FROM file WHERE path = ?")
            for path in gone { try delete.execute(arguments: [path]) }
            let deleteFolder = try db.cachedStatement(sql: "DELETE FROM file WHERE folder = ?")
            for folder in goneFolders { try deleteFolder.execute(arguments: [folder]) }
            let insert = try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO file (path, folder, size, modified, inode, kind, identifier, stillImageTime, note, stemKey,
                        pairingID)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            // The files change: items kept from an earlier pairing no longer hold.
            try db.execute(sql: "UPDATE generation SET value = value + 1")
            for (stamp, file) in changed {
                let (kind, note) = Self.text(file.kind)
                try insert.execute(
                    arguments: [
                        file.path, FileWalk.folder(of: file.path), stamp.size, stamp.modified, Int64(bitPattern: stamp.inode), kind,
                        file.identifier, file.hasStillImageTime, note, file.stemKey, file.pairingID,
                    ])
            }
        }
    }

    /// The folders the index holds under `root` (itself included).
    func folders(under root: String) throws -> [String] {
        let range = ScanScope.folderRange(root)
        // A walk over the folder index from one distinct folder to the next (a seek each), not over every file's entry.
        return try queue.read { db in
            try String.fetchAll(
                db,
                sql: """
                    WITH RECURSIVE found(folder) AS (
                        SELECT min(folder) FROM file WHERE folder = ? OR (folder >= ? AND folder < ?)
                        UNION ALL
                        SELECT (SELECT min(file.folder) FROM file
                            WHERE file.folder > found.folder AND file.folder >= ? AND file.folder < ?)
                        FROM found WHERE found.folder IS NOT NULL)
                    SELECT folder FROM found WHERE folder IS NOT NULL
                    """,
                arguments: [root, range.lower, range.upper, range.lower, range.upper])
        }
    }

    /// A kind as stored: its name, and the reason for a damaged file.
    static func text(_ kind: ScannedFile.Kind) -> (String, String?) {
        switch kind {
        case .still: ("still", nil)
        case .movie: ("movie", nil)
        case .motionPhoto(let flavor, let family): ("motion:" + ScannedFile.storedMotion(flavor, family), nil)
        case .damaged(let reason): ("damaged", reason)
        case .other: ("other", nil)
        }
    }

    static func kind(_ text: String, note: String?) -> ScannedFile.Kind? {
        switch text {
        case "still": return .still
        case "movie": return .movie
        case "damaged": return .damaged(note ?? "")
        case "other": return .other
        default:
            guard text.hasPrefix("motion:"), let motion = ScannedFile.motion(stored: String(text.dropFirst(7))) else { return nil }
            return .motionPhoto(motion.0, motion.1)
        }
    }
}

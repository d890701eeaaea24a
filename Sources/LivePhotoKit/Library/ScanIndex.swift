internal import PortableFoundation

/// The SQLite index of library scans (through ``SQLiteConnection``): what each file was found to be, keyed by path,
/// with the size, modification time and inode it had. A rescan reads only files whose size, time or inode changed, and
/// forgets files that are gone; the pairing reads its facts back group by group (``LibraryPairing``), so a scan holds
/// one folder at a time, not the library. It lives where the caller says (the CLI: the user's cache folder), never in the scanned
/// folders; a scan without one uses a temporary index.
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

    let database: SQLiteConnection

    /// Opens (or creates) the index at `path`, and the folders above it.
    /// - Parameter temporary: an index for one scan, removed by the caller: nothing is synced to disk.
    init(path: String, temporary: Bool = false) throws {
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        // Several scans may share the index (shares run side by side, two gallery requests): a writer waits for
        // another's transaction instead of failing, and readers do not wait for writers (WAL).
        database = try SQLiteConnection(path: path, busyTimeout: 30)
        // Bounded memory: 1 MB of page cache for the index and 512 KB for sorting, then a temporary file.
        try database.execute("PRAGMA cache_size = -1024; PRAGMA temp_store = FILE; PRAGMA temp.cache_size = -512")
        if temporary {
            try database.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
        } else {
            // The index is a cache: a commit lost to a power cut is read again next time, and WAL cannot
            // corrupt with NORMAL sync. Each commit then costs no fsync.
            try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        }
        try database.migrate([
            // The first layout, without folders and name keys: indexes made by it are dropped and read again by the
            // next migration (the index is a cache).
            ("files", { _ in }),
            // The folder (what a rescan looks up, a folder at a time) and the name key (what pairs files by name) as
            // columns.
            (
                "folders",
                { db in
                    try db.execute(
                        """
                        DROP TABLE IF EXISTS file;
                        CREATE TABLE "file" ("path" TEXT PRIMARY KEY NOT NULL, "folder" TEXT NOT NULL, "size" INTEGER NOT NULL,
                            "modified" INTEGER NOT NULL, "inode" INTEGER NOT NULL, "kind" TEXT NOT NULL, "identifier" TEXT,
                            "stillImageTime" BOOLEAN NOT NULL, "note" TEXT, "stemKey" TEXT NOT NULL);
                        CREATE INDEX "file_on_folder" ON "file"("folder");
                        CREATE INDEX "file_on_identifier" ON "file"("identifier")
                        """)
                }
            ),
            // What a pairing found, kept for the next scan of the same folders while no file changes
            // (ScanIndex-pairings.swift).
            ("pairings", Self.createPairingTables),
            ("pairingCounts", Self.createPairingCounts),
            // vivo's pairing id (a vivo pair's files): the files read before it carry none, so each is read again.
            (
                "vivoPairingIDs",
                { db in
                    try db.execute(
                        """
                        DELETE FROM file; DELETE FROM pairedItem; DELETE FROM pairedCount; DELETE FROM pairing;
                        ALTER TABLE "file" ADD COLUMN "pairingID" TEXT
                        """)
                }
            ),
            // The name key shared with import and repair (PairingKey): each file's computed again, and the pairings
            // kept before it dropped.
            ("pairingKeys", Self.recomputeNameKeys),
        ])
    }

    /// Stores each file's name key (``PairingKey``) again and drops the pairings kept with the keys before (the
    /// migration that changes the key).
    static func recomputeNameKeys(_ db: SQLiteConnection) throws {
        var paths: [String] = []
        try db.statement("SELECT path FROM file").rows { paths.append($0.text(0)) }
        let update = try db.statement("UPDATE file SET stemKey = ? WHERE path = ?")
        for path in paths { try update.execute([PairingKey(path: path).text, path]) }
        try db.execute("DELETE FROM pairedItem; DELETE FROM pairedCount; DELETE FROM pairing")
    }

    /// The stamps of the files the index holds directly in `folder`, by path.
    func stamps(in folder: String) throws -> [String: Stamp] {
        // One statement, outside a transaction (its own implicit read): this runs for every folder of every rescan.
        var found: [String: Stamp] = [:]
        found.reserveCapacity(256)
        try database.statement("SELECT path, size, modified, inode FROM file WHERE folder = ?").rows([folder]) { row in
            // Columns by position: this runs for every file of every rescan.
            found[row.text(0)] = Stamp(size: row.int64(1), modified: row.int64(2), inode: UInt64(bitPattern: row.int64(3)))
        }
        return found
    }

    /// The stamp of one file, when the index holds it.
    func stamp(of path: String) throws -> Stamp? {
        try database.read {
            try database.statement("SELECT size, modified, inode FROM file WHERE path = ?").first([path]) {
                Stamp(size: $0.int64(0), modified: $0.int64(1), inode: UInt64(bitPattern: $0.int64(2)))
            }
        }
    }

    /// Stores `changed` files with their stamps and forgets `gone` paths and every file of `goneFolders`, in one
    /// transaction. Nothing is written when there is nothing to do.
    func update(_ changed: [(Stamp, ScannedFile)], removing gone: [String], goneFolders: [String] = []) throws {
        guard !changed.isEmpty || !gone.isEmpty || !goneFolders.isEmpty else { return }
        try database.write {
            let delete = try database.statement("DELETE FROM file WHERE path = ?")
            for path in gone { try delete.execute([path]) }
            let deleteFolder = try database.statement("DELETE FROM file WHERE folder = ?")
            for folder in goneFolders { try deleteFolder.execute([folder]) }
            let insert = try database.statement(
                """
                INSERT OR REPLACE INTO file (path, folder, size, modified, inode, kind, identifier, stillImageTime, note, stemKey,
                    pairingID)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            // The files change: items kept from an earlier pairing no longer hold.
            try database.execute("UPDATE generation SET value = value + 1")
            for (stamp, file) in changed {
                let (kind, note) = file.kind.stored
                try insert.execute(
                    [
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
        return try database.read {
            var folders: [String] = []
            try database.statement(
                """
                WITH RECURSIVE found(folder) AS (
                    SELECT min(folder) FROM file WHERE folder = ? OR (folder >= ? AND folder < ?)
                    UNION ALL
                    SELECT (SELECT min(file.folder) FROM file
                        WHERE file.folder > found.folder AND file.folder >= ? AND file.folder < ?)
                    FROM found WHERE found.folder IS NOT NULL)
                SELECT folder FROM found WHERE folder IS NOT NULL
                """
            ).rows([root, range.lower, range.upper, range.lower, range.upper]) { folders.append($0.text(0)) }
            return folders
        }
    }
}

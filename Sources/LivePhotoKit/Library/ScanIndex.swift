import Foundation
internal import GRDB

/// The SQLite index of library scans (GRDB): what each file was found to be, keyed by path, with the size,
/// modification time and inode it had. A rescan reads only files whose size, time or inode changed, and forgets files
/// that are gone. It lives where the caller says (the CLI: the user's cache folder), never in the scanned folders.
struct ScanIndex {
    /// What the index keeps of a file.
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
    init(path: String) throws {
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        // Several scans may share the index (shares run side by side, two gallery requests): a writer waits for
        // another's transaction instead of failing.
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        queue = try DatabaseQueue(path: path, configuration: configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("files") { db in
            try db.create(table: "file") { t in
                t.primaryKey("path", .text)
                t.column("size", .integer).notNull()
                t.column("modified", .integer).notNull()
                t.column("inode", .integer).notNull()
                t.column("kind", .text).notNull()
                t.column("identifier", .text)
                t.column("stillImageTime", .boolean).notNull()
                t.column("note", .text)
            }
        }
        try migrator.migrate(queue)
    }

    /// The files the index holds under `root` (a folder's absolute path), with their stamps.
    func entries(under root: String) throws -> [String: (Stamp, ScannedFile)] {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        // Every path that starts with `prefix`: from it up to the same prefix with its last "/" made "0".
        let upper = String(prefix.dropLast()) + "0"
        return try queue.read { db in
            let count =
                try Int.fetchOne(db, sql: "SELECT count(*) FROM file WHERE path >= ? AND path < ?", arguments: [prefix, upper]) ?? 0
            var found = [String: (Stamp, ScannedFile)](minimumCapacity: count)
            let rows = try Row.fetchCursor(
                db,
                sql: "SELECT path, size, modified, inode, kind, identifier, stillImageTime, note FROM file WHERE path >= ? AND path < ?",
                arguments: [prefix, upper])
            while let row = try rows.next() {
                // Columns by position: this runs for every file of every rescan.
                let path: String = row[0]
                guard let kind = Self.kind(row[4], note: row[7]) else { continue }
                let stamp = Stamp(size: row[1], modified: row[2], inode: UInt64(bitPattern: row[3]))
                found[path] = (stamp, ScannedFile(path: path, kind: kind, identifier: row[5], hasStillImageTime: row[6]))
            }
            return found
        }
    }

    /// Stores `changed` files with their stamps and forgets `gone` ones, in one transaction.
    /// Nothing is written when nothing changed.
    func update(_ changed: [(Stamp, ScannedFile)], removing gone: [String]) throws {
        guard !changed.isEmpty || !gone.isEmpty else { return }
        try queue.write { db in
            let delete = try db.cachedStatement(sql: "DELETE FROM file WHERE path = ?")
            for path in gone { try delete.execute(arguments: [path]) }
            let insert = try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO file (path, size, modified, inode, kind, identifier, stillImageTime, note)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            for (stamp, file) in changed {
                let (kind, note) = Self.text(file.kind)
                try insert.execute(
                    arguments: [
                        file.path, stamp.size, stamp.modified, Int64(bitPattern: stamp.inode), kind, file.identifier,
                        file.hasStillImageTime, note,
                    ])
            }
        }
    }

    /// A kind as stored: its name, and the reason for a damaged file.
    static func text(_ kind: ScannedFile.Kind) -> (String, String?) {
        switch kind {
        case .still: ("still", nil)
        case .movie: ("movie", nil)
        case .motionPhoto(let flavor): ("motion:" + flavor.rawValue, nil)
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
            guard text.hasPrefix("motion:"), let flavor = MotionPhotoReport.Flavor(rawValue: String(text.dropFirst(7))) else { return nil }
            return .motionPhoto(flavor)
        }
    }
}

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

        /// The file's stamp now, or nil when it cannot be read.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            size = Int64(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            inode = UInt64(info.st_ino)
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
        queue = try DatabaseQueue(path: path)
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
            var found: [String: (Stamp, ScannedFile)] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM file WHERE path >= ? AND path < ?", arguments: [prefix, upper])
            while let row = try rows.next() {
                let path: String = row["path"]
                guard let kind = Self.kind(row["kind"], note: row["note"]) else { continue }
                let stamp = Stamp(size: row["size"], modified: row["modified"], inode: UInt64(bitPattern: row["inode"]))
                found[path] = (
                    stamp, ScannedFile(path: path, kind: kind, identifier: row["identifier"], hasStillImageTime: row["stillImageTime"])
                )
            }
            return found
        }
    }

    /// Stores `changed` files with their stamps and forgets `gone` ones, in one transaction.
    func update(_ changed: [(Stamp, ScannedFile)], removing gone: [String]) throws {
        try queue.write { db in
            for path in gone { try db.execute(sql: "DELETE FROM file WHERE path = ?", arguments: [path]) }
            for (stamp, file) in changed {
                let (kind, note) = Self.text(file.kind)
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO file (path, size, modified, inode, kind, identifier, stillImageTime, note)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
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

internal import CLivePhotoSQLite

/// One connection to an SQLite database, used from one task at a time: the few calls the scan index makes, over
/// SQLite's C API (the system's library), with no Foundation. Statements run with SQL text a call site writes, so
/// each is prepared once and kept (``statement(_:)``); errors name SQLite's code and message and the statement.
final class SQLiteConnection {
    /// How a transaction takes its locks (https://www.sqlite.org/lang_transaction.html).
    enum TransactionKind: String {
        /// No lock until the first read or write.
        case deferred = "DEFERRED"
        /// The write lock at once: two writers never meet halfway, which a busy timeout cannot resolve.
        case immediate = "IMMEDIATE"
    }

    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens (or creates) the database at `path`.
    /// - Parameter busyTimeout: how many seconds a statement waits for another connection's lock before failing.
    init(path: String, busyTimeout: Int32) throws(SQLiteError) {
        var opened: OpaquePointer?
        // Multi-thread mode: a connection is never used by two threads at once, so SQLite's own mutex is not needed.
        let code = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(opened)
            throw SQLiteError(code: code, message: message)
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeout * 1000)
    }

    deinit {
        // Statements first: a connection with unfinalized statements stays open.
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs `sql`, one statement or several separated by semicolons, stepping each to its end (rows are dropped).
    func execute(_ sql: String) throws(SQLiteError) {
        let text = Array(sql.utf8CString)
        let result: Int32 = text.withUnsafeBufferPointer { text in
            guard var next = text.baseAddress else { return SQLITE_OK }
            while true {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let prepared = sqlite3_prepare_v2(handle, next, -1, &statement, &tail)
                guard prepared == SQLITE_OK else { return prepared }
                // Nothing but spaces or a comment left.
                guard let statement, let tail else { return SQLITE_OK }
                defer { sqlite3_finalize(statement) }
                var step = sqlite3_step(statement)
                while step == SQLITE_ROW { step = sqlite3_step(statement) }
                guard step == SQLITE_DONE else { return step }
                next = tail
            }
        }
        guard result == SQLITE_OK else { throw error(result, sql: sql) }
    }

    /// Runs the one statement `sql` with `arguments` bound to its `?` in order.
    func execute(_ sql: String, _ arguments: [any SQLiteBindable]) throws {
        try statement(sql).execute(arguments)
    }

    /// The prepared statement for `sql`, prepared on its first use and kept for the connection's life.
    func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let kept = statements[sql] { return kept }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else { throw error(code, sql: sql) }
        let statement = SQLiteStatement(prepared, connection: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` in a transaction of `kind`: committed when it returns, rolled back when it throws.
    func transaction<T>(_ kind: TransactionKind, _ body: () throws -> T) throws -> T {
        try execute("BEGIN \(kind.rawValue) TRANSACTION")
        do {
            let result = try body()
            try execute("COMMIT TRANSACTION")
            return result
        } catch {
            // A failed COMMIT may leave the transaction open; a rollback of none is no error worth the first one.
            try? execute("ROLLBACK TRANSACTION")
            throw error
        }
    }

    /// Runs `body` in a deferred transaction that cannot write (`PRAGMA query_only`): its reads see one state of the
    /// database.
    func read<T>(_ body: () throws -> T) throws -> T {
        try execute("PRAGMA query_only = 1")
        defer { try? execute("PRAGMA query_only = 0") }
        return try transaction(.deferred, body)
    }

    /// Runs `body` in an immediate transaction.
    func write<T>(_ body: () throws -> T) throws -> T {
        try transaction(.immediate, body)
    }

    /// The error for result `code`, with the connection's message for it.
    func error(_ code: Int32, sql: String?) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}

/// An SQLite result code other than success, with its message and the statement that failed.
struct SQLiteError: Error, CustomStringConvertible {
    /// The extended result code (https://www.sqlite.org/rescode.html).
    var code: Int32
    var message: String
    var sql: String?

    /// The words GRDB used, which users of earlier versions saw: `SQLite error 5: database is locked - while
    /// executing ...`, with the primary code.
    var description: String {
        "SQLite error \(code & 0xFF): \(message)" + (sql.map { " - while executing `\($0)`" } ?? "")
    }
}

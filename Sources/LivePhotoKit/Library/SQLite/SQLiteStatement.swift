internal import CLivePhotoSQLite

/// A prepared statement of a ``SQLiteConnection``, run again and again with new arguments. Each run binds its
/// arguments, steps through the rows and resets the statement, so that no statement holds a read open after it.
final class SQLiteStatement {
    private let handle: OpaquePointer
    // Unowned: the connection keeps its statements and finalizes them before it closes.
    private unowned let connection: SQLiteConnection
    let sql: String

    init(_ handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Runs the statement with `arguments`, dropping any rows.
    func execute(_ arguments: [any SQLiteBindable] = []) throws {
        try rows(arguments) { _ in }
    }

    /// Calls `each` with every row the statement yields with `arguments`; a row is valid only during its call.
    func rows(_ arguments: [any SQLiteBindable] = [], _ each: (SQLiteRow) throws -> Void) throws {
        try bind(arguments)
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        while true {
            let step = sqlite3_step(handle)
            switch step {
            case SQLITE_ROW: try each(SQLiteRow(handle: handle))
            case SQLITE_DONE: return
            default: throw connection.error(step, sql: sql)
            }
        }
    }

    /// The first row's value through `read`, or nil when the statement yields no row.
    func first<T>(_ arguments: [any SQLiteBindable] = [], _ read: (SQLiteRow) -> T) throws -> T? {
        var found: T?
        try bind(arguments)
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        let step = sqlite3_step(handle)
        switch step {
        case SQLITE_ROW: found = read(SQLiteRow(handle: handle))
        case SQLITE_DONE: break
        default: throw connection.error(step, sql: sql)
        }
        return found
    }

    private func bind(_ arguments: [any SQLiteBindable]) throws(SQLiteError) {
        for (index, argument) in arguments.enumerated() {
            let code = argument.bind(to: handle, at: Int32(index + 1))
            guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
        }
    }
}

/// One row of a running statement, read by column position.
struct SQLiteRow: CustomStringConvertible {
    fileprivate let handle: OpaquePointer

    /// Whether column `column` is NULL.
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// Column `column` as an integer (0 for NULL).
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    /// Column `column` as a boolean: true unless 0 or NULL.
    func bool(_ column: Int32) -> Bool { int64(column) != 0 }

    /// Column `column` as text ("" for NULL).
    func text(_ column: Int32) -> String { optionalText(column) ?? "" }

    /// Column `column`'s UTF-8 bytes handed to `read` (valid only during the call), without making a String of them;
    /// empty for NULL.
    func withText<T>(_ column: Int32, _ read: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard let start = sqlite3_column_text(handle, column) else { return try read(UnsafeBufferPointer(start: nil, count: 0)) }
        return try read(UnsafeBufferPointer(start: start, count: count))
    }

    /// Column `column` as text, nil for NULL.
    func optionalText(_ column: Int32) -> String? {
        guard let start = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// The row as GRDB wrote one: `[name:value name:NULL …]`, text quoted.
    var description: String {
        let columns = (0..<sqlite3_column_count(handle)).map { column in
            let name = String(cString: sqlite3_column_name(handle, column))
            let value: String =
                switch sqlite3_column_type(handle, column) {
                case SQLITE_NULL: "NULL"
                case SQLITE_INTEGER: "\(int64(column))"
                case SQLITE_FLOAT: "\(sqlite3_column_double(handle, column))"
                default: "\"\(text(column))\""
                }
            return "\(name):\(value)"
        }
        return "[" + columns.joined(separator: " ") + "]"
    }
}

/// A value a statement's `?` can be bound to.
protocol SQLiteBindable {
    /// Binds the value to parameter `index` (1-based) of `statement`; SQLite's result code.
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

/// SQLite copies bound text and blobs before the call returns (SQLITE_TRANSIENT).
private let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

extension String: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        var text = self
        return text.withUTF8 { bytes in
            // An empty buffer may have no address, which SQLite would bind as NULL.
            guard let start = bytes.baseAddress else { return sqlite3_bind_text(statement, index, "", 0, transient) }
            return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text64(statement, index, $0, UInt64(bytes.count), transient, UInt8(SQLITE_UTF8))
            }
        }
    }
}

extension Int64: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int64(statement, index, self) }
}

extension Int: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int64(statement, index, Int64(self)) }
}

extension Bool: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int64(statement, index, self ? 1 : 0) }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case .some(let value): value.bind(to: statement, at: index)
        case .none: sqlite3_bind_null(statement, index)
        }
    }
}

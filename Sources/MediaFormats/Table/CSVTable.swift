/// A comma-separated table (RFC 4180): quoted fields with `""` for a quote and line breaks inside quotes, lines ended
/// by CRLF, LF or CR, a UTF-8 byte order mark ignored, blank lines skipped (`docs/formats/icloud.md#photo-details-rows`).
/// A quote inside an unquoted field, or text after a closing quote, is kept as it is, as spreadsheets read it.
///
/// Reading is bounded by the caller's byte limit, by ``maxFields`` a row and by the caller's row limit: a count a file
/// states nowhere cannot grow past them. A quote left open at the end is refused.
public struct CSVTable: Sendable, Equatable {
    /// The first row, as written.
    public var header: [String]
    /// The rows after it, each as many fields as it has (not padded to the header's).
    public var rows: [[String]]

    /// The most fields one row may hold.
    public static let maxFields = 4096

    /// A table of the given rows.
    public init(header: [String], rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    /// Reads `bytes` whole; an empty input is a table with no header and no row.
    /// - Throws: `FormatError` for a quote never closed or a row of more than ``maxFields`` fields.
    public init(bytes: [UInt8]) throws(FormatError) {
        var all: [[String]] = []
        try Self.forEachRow(in: bytes) { all.append($0) }
        header = all.first ?? []
        rows = Array(all.dropFirst())
    }

    /// Hands each row of `bytes` (the header first) to `body`, in order, without keeping them: what a caller that
    /// keeps a digest of a large table reads it with.
    /// - Throws: `FormatError` for a quote never closed or a row of more than ``maxFields`` fields, and what `body`
    ///   throws (a row limit of its own).
    public static func forEachRow(in bytes: [UInt8], _ body: ([String]) throws(FormatError) -> Void) throws(FormatError) {
        var row: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var fieldWasQuoted = false
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func endField() throws(FormatError) {
            guard row.count < maxFields else {
                throw FormatError(.malformed, "a row holds more than \(maxFields) fields", at: Int64(index))
            }
            row.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            fieldWasQuoted = false
        }
        func endRow() throws(FormatError) {
            try endField()
            // A blank line is no row.
            if !(row.count == 1 && row[0].isEmpty) { try body(row) }
            row.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if quoted {
                if byte == 0x22 {
                    if index + 1 < bytes.count, bytes[index + 1] == 0x22 {
                        field.append(0x22)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(byte)
                }
            } else {
                switch byte {
                case 0x22 where field.isEmpty && !fieldWasQuoted:
                    quoted = true
                    fieldWasQuoted = true
                case 0x2C:
                    try endField()
                case 0x0D:
                    try endRow()
                    if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                case 0x0A:
                    try endRow()
                default:
                    field.append(byte)
                }
            }
            index += 1
        }
        guard !quoted else { throw FormatError(.truncated, "a quoted field is never closed", at: Int64(bytes.count)) }
        if !field.isEmpty || !row.isEmpty || fieldWasQuoted { try endRow() }
    }

    /// The index of the column named `name` in the header (compared without surrounding spaces), if any.
    public func column(_ name: String) -> Int? {
        Self.column(name, in: header)
    }

    /// The index of the column named `name` in `header` (compared without surrounding spaces), if any.
    public static func column(_ name: String, in header: [String]) -> Int? {
        header.firstIndex { $0.trimmingASCIIWhitespace() == name }
    }
}

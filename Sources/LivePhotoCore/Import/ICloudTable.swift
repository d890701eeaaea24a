import MediaFormats

/// One CSV file of an Apple data copy, classified by its header rather than its name
/// (`docs/formats/icloud.md#photo-details-rows`, `docs/formats/icloud.md#albums-memories-and-flags`).
package enum ICloudTable: Sendable {
    /// `Photo Details*.csv`: a row for each file of its own folder, by the file's name (NFC).
    case photoDetails([String: Row])
    /// An album's or a memory's CSV: bare file names, one a row.
    case names([String])
    /// Empty, or a table of another kind (`Shared Library Details*.csv`).
    case other(String)

    /// What a `Photo Details` row says of its file.
    package struct Row: Sendable, Equatable {
        package var checksum: String?
        package var favorite = false
        package var hidden = false
        package var deleted = false
        /// `originalCreationDate`, in seconds since 1970.
        package var created: Int64?
        /// `importDate`: when the file entered the library, in seconds since 1970.
        package var imported: Int64?
        /// An `originalCreationDate` that is there but could not be read, as written.
        package var unreadableDate: String?
    }

    /// The most bytes a CSV is read with: a `Photo Details` file holds a few hundred rows of about 120 bytes.
    package static let maxSize: Int64 = 4 << 20
    /// The most rows a CSV may hold.
    static let maxRows = 100_000

    /// The headers a list of names may have (read column 0 whatever it is).
    static let nameHeaders: Set<String> = ["images", "imgname", "imagename"]

    /// Reads a CSV's bytes, row by row, into what it says.
    /// - Throws: `LivePhotoError.badInput(file:reason:)` naming `file` when the bytes are not a CSV table or hold more
    ///   than ``maxRows`` rows.
    package static func read(_ bytes: [UInt8], file: String) throws(LivePhotoError) -> ICloudTable {
        var reader = Reader()
        do {
            try CSVTable.forEachRow(in: bytes) { fields throws(FormatError) in
                guard reader.count < maxRows else { throw FormatError(.unsupported, "more than \(maxRows) rows") }
                reader.take(fields)
            }
        } catch {
            throw .badInput(file: file, reason: "not a CSV table: \(error.description)")
        }
        return reader.table
    }

    /// A table taken in row by row: the header decides what the rows are.
    private struct Reader {
        enum Kind {
            case empty
            case details(Columns)
            case names
            case other(String)
        }

        struct Columns {
            var name: Int
            var checksum, favorite, hidden, deleted, created, imported: Int?

            init?(_ header: [String]) {
                func column(_ name: String) -> Int? { CSVTable.column(name, in: header) }
                guard let name = column("imgName"), column("originalCreationDate") != nil || column("fileChecksum") != nil else {
                    return nil
                }
                self.name = name
                checksum = column("fileChecksum")
                favorite = column("favorite")
                hidden = column("hidden")
                deleted = column("deleted")
                created = column("originalCreationDate")
                imported = column("importDate")
            }
        }

        var kind = Kind.empty
        var count = 0
        var rows: [String: Row] = [:]
        var names: [String] = []

        mutating func take(_ fields: [String]) {
            count += 1
            switch kind {
            case .empty:
                // The header. A shared library's contributions name `imgName` too: told apart first.
                if CSVTable.column("contributedByMe", in: fields) != nil {
                    kind = .other("the shared library's contributions")
                } else if let columns = Columns(fields) {
                    kind = .details(columns)
                } else {
                    kind = .names
                    // A list without a header starts with a name.
                    let first = fields.first?.trimmingSpaces(newlines: true) ?? ""
                    if !ICloudTable.nameHeaders.contains(first.lowercased()) { name(first) }
                }
            case .details(let columns):
                func cell(_ column: Int?) -> String? {
                    guard let column, column < fields.count else { return nil }
                    let text = fields[column].trimmingSpaces(newlines: true)
                    return text.isEmpty ? nil : text
                }
                guard let fileName = cell(columns.name) else { return }
                let key = ImportName.nfc(fileName)
                // Two rows for one name in one file: the first is kept.
                guard rows[key] == nil else { return }
                let createdText = cell(columns.created)
                let created = createdText.flatMap(ICloudDate.parse)
                rows[key] = Row(
                    checksum: cell(columns.checksum), favorite: cell(columns.favorite)?.lowercased() == "yes",
                    hidden: cell(columns.hidden)?.lowercased() == "yes", deleted: cell(columns.deleted)?.lowercased() == "yes",
                    created: created, imported: cell(columns.imported).flatMap(ICloudDate.parse),
                    unreadableDate: created == nil ? createdText : nil)
            case .names:
                name(fields.first?.trimmingSpaces(newlines: true) ?? "")
            case .other:
                break
            }
        }

        mutating func name(_ text: String) {
            if !text.isEmpty { names.append(ImportName.nfc(text)) }
        }

        var table: ICloudTable {
            switch kind {
            case .empty: .other("empty")
            case .details: .photoDetails(rows)
            case .names: .names(names)
            case .other(let what): .other(what)
            }
        }
    }
}

import MediaFormats
internal import PortableFoundation

/// One CSV file of an Apple data copy, classified by its header rather than its name
/// (`docs/formats/icloud.md#photo-details-rows`, `docs/formats/icloud.md#albums-memories-and-flags`).
enum ICloudTable: Sendable {
    /// `Photo Details*.csv`: a row for each file of its own folder, by the file's name (NFC).
    case photoDetails([String: Row])
    /// An album's or a memory's CSV: bare file names, one a row.
    case names([String])
    /// Empty, or a table of another kind (`Shared Library Details*.csv`).
    case other(String)

    /// What a `Photo Details` row says of its file.
    struct Row: Sendable, Equatable {
        var checksum: String?
        var favorite = false
        var hidden = false
        var deleted = false
        /// `originalCreationDate`.
        var created: Date?
        /// `importDate`: when the file entered the library.
        var imported: Date?
    }

    /// The most bytes a CSV is read with: a `Photo Details` file holds a few hundred rows.
    static let maxSize: Int64 = 64 << 20

    /// The headers a list of names may have (read column 0 whatever it is).
    static let nameHeaders: Set<String> = ["images", "imgname", "imagename"]

    /// Reads a CSV's bytes.
    /// - Throws: `LivePhotoError.badInput(file:reason:)` naming `file` when the bytes are not a CSV table.
    static func read(_ bytes: [UInt8], file: String) throws(LivePhotoError) -> ICloudTable {
        let table: CSVTable
        do {
            table = try CSVTable(bytes: bytes)
        } catch {
            throw .badInput(file: file, reason: "not a CSV table: \(error.description)")
        }
        guard !table.header.isEmpty else { return .other("empty") }
        if let name = table.column("imgName"), table.column("originalCreationDate") != nil || table.column("fileChecksum") != nil {
            let checksum = table.column("fileChecksum"), favorite = table.column("favorite"), hidden = table.column("hidden")
            let deleted = table.column("deleted"), created = table.column("originalCreationDate")
            let imported = table.column("importDate")
            func cell(_ row: [String], _ column: Int?) -> String? {
                guard let column, column < row.count else { return nil }
                let text = row[column].trimmingWhitespace(newlines: true)
                return text.isEmpty ? nil : text
            }
            var rows: [String: Row] = [:]
            for fields in table.rows {
                guard let fileName = cell(fields, name) else { continue }
                rows[TakeoutName.nfc(fileName)] = Row(
                    checksum: cell(fields, checksum), favorite: cell(fields, favorite)?.lowercased() == "yes",
                    hidden: cell(fields, hidden)?.lowercased() == "yes", deleted: cell(fields, deleted)?.lowercased() == "yes",
                    created: cell(fields, created).flatMap(ICloudDate.parse), imported: cell(fields, imported).flatMap(ICloudDate.parse))
            }
            return .photoDetails(rows)
        }
        if table.column("contributedByMe") != nil { return .other("the shared library's contributions") }
        // A list of names: column 0, its header a word (`Images`) or, without a header, a name itself.
        var names = table.rows.compactMap { $0.first }
        let first = table.header[0].trimmingWhitespace(newlines: true)
        if !nameHeaders.contains(first.lowercased()) { names.insert(first, at: 0) }
        return .names(names.map { TakeoutName.nfc($0.trimmingWhitespace(newlines: true)) }.filter { !$0.isEmpty })
    }
}

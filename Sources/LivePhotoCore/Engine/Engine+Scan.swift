import MediaFormats

extension Engine {
    /// `scan`, a batch of a library's files at a time (docs/guide/javascript.md#libraries): what each input is, as the
    /// facts pairing reads (``ScannedFile``), from its headers alone. The inputs' names are their paths in the library.
    /// A file that cannot be read is a damaged one among the facts, never an error. Each file's `format` (its
    /// ``FileKind``) comes with its facts, for a batch's outputs' names (``planBatch(options:)``).
    static func scanFiles(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        try options.checkAllRead()
        // Each file's facts, and its format (what its bytes are), which names a batch's outputs.
        let facts: [JSONValue] = inputs.map { input in
            let report = analysis(input, depth: .identity).report
            guard case .object(var fields) = ScannedFile(path: input.path, report: report).json else { return .null }
            fields.append(("format", report.format.json))
            return .object(fields)
        }
        return .done(report: .object([("files", .array(facts))]), files: [])
    }

    /// `pair`: the items of the facts ``scanFiles(_:options:)`` gave (`files`), in the order `scan --json` lists them,
    /// with how many of each kind there are and how many Live Photos were paired by name alone.
    static func pairFiles(options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        var facts: [ScannedFile] = []
        for (index, value) in (try options.list("files") ?? []).enumerated() {
            guard let file = ScannedFile(json: value) else { throw .invalidArgument("--files: entry \(index + 1) is not a file's facts") }
            facts.append(file)
        }
        try options.checkAllRead()
        let items = LibraryItems.paired(facts)
        var counts: [(key: String, value: JSONValue)] = []
        for kind in LibraryItem.Kind.allCases {
            let count = items.count { $0.kind == kind }
            if count > 0 { counts.append((kind.rawValue, .integer(Int64(count)))) }
        }
        let byName = items.count { $0.pairedBy == .name }
        return .done(
            report: .object([
                ("items", items.json), ("filesFound", .integer(Int64(facts.count))), ("counts", .object(counts)),
                ("pairedByName", .integer(Int64(byName))),
            ]), files: [])
    }
}

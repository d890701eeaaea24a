import MediaFormats

extension Engine {
    /// `importFacts`, a batch of an export's media files at a time (docs/guide/javascript.md#importing-a-camera-folder):
    /// what each is (``ImportFileFacts``), from its bytes.
    static func importFacts(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        try options.checkAllRead()
        let facts: [JSONValue] = inputs.map { file in
            guard let input = try? InputFile(opened: file, path: file.path) else { return ImportFileFacts().json }
            return ImportFileFacts(input).json
        }
        return .done(report: .object([("facts", .array(facts))]), files: [])
    }

    /// `import` of a folder the page walked (docs/guide/javascript.md#importing-a-camera-folder): the core's
    /// ``ImportPlan`` run on what the page has read so far. Each run answers with the first thing still missing, as
    /// a `stage`: `read` (which members are media, in the order to read them, and which an earlier run wrote), `facts`,
    /// `same` (a Motion Photo's separate video compared with the one inside), `existing` (the names already in the
    /// library's folders), `write` (each item's copies), and, once the page says what it wrote, `report` (the lines
    /// of `import --json` and the record of what was written).
    static func importLibrary(options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        var request = try ImportRequest(&options)
        try options.checkAllRead()
        return try request.answer()
    }
}

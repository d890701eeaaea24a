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

    /// `importKept`, a batch of media files dated by their sidecars: the capture time each keeps once its sidecar's
    /// (`sidecar`, by file: seconds or null) is written into it, `prefer` (by file) where it is written over the
    /// file's own (``ImportStamp/keptCaptureSeconds(of:sidecar:prefersSidecar:)``).
    static func importKept(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        let sidecars = try options.list("sidecar") ?? [], prefers = try options.list("prefer") ?? []
        try options.checkAllRead()
        guard sidecars.count == inputs.count, prefers.count == inputs.count else {
            throw .invalidArgument("--sidecar and --prefer: one for each file given, \(inputs.count)")
        }
        let kept: [JSONValue] = inputs.indices.map { index in
            let sidecar = sidecars[index].integerValue
            guard let input = try? InputFile(opened: inputs[index], path: inputs[index].path) else {
                return sidecar.map { .integer($0) } ?? .null
            }
            let seconds = ImportStamp.keptCaptureSeconds(of: input, sidecar: sidecar, prefersSidecar: prefers[index].boolValue == true)
            return seconds.map { .integer($0) } ?? .null
        }
        return .done(report: .object([("kept", .array(kept))]), files: [])
    }

    /// `importStamp`, one media file of an item: its sidecar's `facts` (``ImportStamp/Facts``'s JSON) written into it,
    /// over its own with `preferJson`, as the command line writes them. Answers what was written (`wrote`), the time
    /// that dates the file (`seconds`), and the file as written (none when nothing was: it is copied as it is). A file
    /// whose metadata cannot be written is written as it is, with a `note` saying why.
    static func importStamp(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        guard let factsValue = try options.object("facts"), let facts = ImportStamp.Facts(json: factsValue) else {
            throw .invalidArgument("--facts: what the sidecar says, as an object")
        }
        let prefers = try options.flag("preferJson"), embed = try options.flag("embed")
        try options.checkAllRead()
        guard inputs.count == (embed ? 2 : 1) else { throw .invalidArgument("importStamp takes one file, or with --embed two") }
        var file = inputs[0]
        var report = JSONObject()
        var outputs: [Output] = []
        if embed {
            // The photo with its separate video appended, then stamped as one file.
            let photo = try InputFile(opened: inputs[0], path: inputs[0].path)
            let video = try InputFile(opened: inputs[1], path: inputs[1].path)
            guard let content = ImportVideoEmbedding.plan(photo: photo, video: video) else {
                return .done(report: .object([("embedded", .bool(false))]), files: [])
            }
            report.set("embedded", true)
            file = content.asFile(named: inputs[0].path)
            outputs.append(Output(name: file.path, type: mediaType(.jpeg), content: content))
        }
        var dated = file
        do throws(LivePhotoError) {
            let input = try InputFile(opened: file, path: file.path)
            let (plan, written) = try naming(file.path, try ImportStamp.plan(input, facts: facts, prefersSidecar: prefers))
            report.set("wrote", JSONValue.array(written.map { .string($0) }))
            if let plan {
                outputs = [Output(name: file.path, type: mediaType(input.kind), content: plan.content)]
                dated = plan.content.asFile(named: file.path)
            }
        } catch {
            report.set("wrote", JSONValue.array([]))
            report.set("note", ImportStamp.notWritten(error))
        }
        let seconds =
            (try? InputFile(opened: dated, path: file.path)).flatMap {
                ImportStamp.modificationSeconds(of: $0, sidecar: facts.captureSeconds)
            } ?? facts.captureSeconds
        report.set("seconds", seconds)
        return .done(report: report.json, files: outputs)
    }

    /// `import` of a folder the page walked (docs/guide/javascript.md#importing-a-camera-folder): the core's
    /// ``ImportPlan`` run on what the page has read so far. Each run answers with the first thing still missing, as
    /// a `stage`: `read` (which members are media, in the order to read them, which an earlier run wrote, and which
    /// are sidecars and tables, given as the inputs of every later run), `facts`, `same` (a Motion Photo's separate
    /// video compared with the one inside), `kept` (the time a file dated by its sidecar keeps), `existing` (the
    /// names already in the library's folders), `write` (each item's copies, with what is written into each), and,
    /// once the page says what it wrote, `report` (the lines of `import --json`, the record of what was written, and
    /// `albums.json`).
    static func importLibrary(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        var request = try ImportRequest(&options, inputs: inputs)
        try options.checkAllRead()
        return try request.answer()
    }
}

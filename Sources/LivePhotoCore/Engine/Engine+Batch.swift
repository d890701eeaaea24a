import MediaFormats

extension Engine {
    /// A batch over a library's items (`items`, scan's lines), planned as the command line plans it (``BatchPlan``):
    /// `to` is `motion` (with `flavor`), `live` (with `photoFormat`) or `split`; `formats` gives each file's kind as
    /// its bytes say, `[path, kind]` (the scan's `format`s), for the outputs' names. The report holds each task (the
    /// item, its inputs, the folder its outputs go to, relative to the output folder, their names, the stem, which input
    /// each output is dated like, and why it is refused, if it is) and the lines of the damaged files, which no batch
    /// takes.
    static func planBatch(options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        let target = try batchTarget(&options)
        var items: [LibraryItem] = []
        for (index, value) in (try options.list("items") ?? []).enumerated() {
            guard let item = LibraryItem(json: value) else {
                throw .invalidArgument("--items: entry \(index + 1) is not an item of scan --json")
            }
            items.append(item)
        }
        var kinds: [String: FileKind] = [:]
        for pair in try options.list("formats") ?? [] {
            guard let entry = pair.arrayValue, entry.count == 2, let path = entry[0].stringValue,
                let kind = entry[1].stringValue.flatMap(FileKind.init(rawValue:))
            else { throw .invalidArgument("--formats takes [path, format] pairs") }
            kinds[path] = kind
        }
        try options.checkAllRead()
        let tasks = BatchPlan.tasks(items, kinds: target.kinds, outputRoot: "") { item, folder in
            target.outputs(for: item, in: folder) { kinds[$0] ?? .unknown }
        }
        let described: [JSONValue] = tasks.map { task in
            var o = JSONObject()
            o.set("item", task.item.relativePath)
            o.set("kind", task.item.kind)
            o.set("inputs", task.item.files)
            o.set("folder", task.folder)
            o.set("outputs", task.outputs)
            o.set("stem", BatchPlan.stem(of: task.item))
            o.set("datedLike", task.outputs.indices.map { target.datedLike(output: $0, of: task.item) })
            o.set("refusal", task.refusal)
            return o.json
        }
        return .done(
            report: .object([
                ("tasks", .array(described)), ("damaged", BatchPlan.damaged(items).json),
                ("leftAlone", .integer(Int64(items.count - tasks.count))),
            ]),
            files: [])
    }

    /// Whether a batch's outputs already there (the inputs) are what it writes (``BatchTarget/holds(_:verified:)``):
    /// `{"holds": true}` and the item is skipped.
    static func batchOutputsHold(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        let target = try batchTarget(&options)
        try options.checkAllRead()
        let analyses = inputs.map { analysis($0) }
        var verified: VerificationReport?
        if case .livePhoto(.pair, _) = target, inputs.count == 2 {
            verified = LivePhotoVerifier.verify(photo: inputs[0].path, movie: inputs[1].path, still: analyses[0], video: analyses[1])
        }
        let report = Inspection.report(analyses.map { .file($0.report) })
        return .done(report: .object([("holds", .bool(target.holds(report, verified: verified)))]), files: [])
    }

    /// What the batch makes: `to` (`motion` with `flavor`, `live` with `photoFormat`, or `split`).
    private static func batchTarget(_ options: inout EngineOptions) throws(LivePhotoError) -> BatchTarget {
        switch try options.string("to") {
        case "motion":
            return .motionPhoto(flavor: try options.choice("flavor", MotionPhotoFlavor.self) ?? MotionConversionSettings().flavor)
        case "live": return .livePhoto(packaging: .pair, photoFormat: try options.choice("photoFormat", PhotoFormat.self))
        case "split": return .split
        case let other: throw .invalidArgument("The value '\(other ?? "")' is invalid for '--to <to>': motion, live or split")
        }
    }
}

import MediaFormats

extension Engine {
    /// `tarWalk` of an export's tar part (docs/guide/javascript.md#an-exports-tar-parts; a `.tgz` the page has inflated):
    /// up to `count` (64) of its entries from the header at `from` (0) on (``ImportTarPart``), its files each with its
    /// `path` (safe names only), `size`, `nameProblem`, `start`, where its bytes start in the tar (the page reads it
    /// as a slice), and `problem`, the words its read fails with where the tar ends inside it; `unsafe` (`[name, reason]`); `next`, where the next run goes on (null when the entries are over);
    /// and `stopped`, the problem of a walk that could go no further, in the command line's words. With
    /// `inflatedCutShort`, the tar is what a `.tgz` cut short inflated to, and running out of bytes is worded as the
    /// command line's inflater words it.
    static func tarWalk(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        let from = try options.int("from") ?? 0
        let count = try options.int("count") ?? 64
        let cutShort = try options.flag("inflatedCutShort")
        try options.checkAllRead()
        guard inputs.count == 1, from >= 0, count > 0 else { throw .invalidArgument("tarWalk reads one part at a time, from a header") }
        let walk = ImportTarPart(
            walking: inputs[0], from: Int64(from), count: count, part: 0, name: inputs[0].path, inflatedCutShort: cutShort)
        let files: [JSONValue] = walk.files.map { file in
            var o = JSONObject()
            o.set("path", file.member.path)
            o.set("size", file.member.size)
            o.set("nameProblem", file.member.nameProblem)
            o.set("start", file.dataStart)
            o.set("problem", file.problem)
            return o.json
        }
        let unsafe: [JSONValue] = walk.unsafe.map { .array([.string($0.path), .string($0.reason)]) }
        return .done(
            report: .object([
                ("files", .array(files)), ("unsafe", .array(unsafe)), ("next", walk.next.map { .integer($0) } ?? .null),
                ("stopped", walk.stopped.map { .string($0) } ?? .null),
            ]), files: [])
    }
}

import MediaFormats

extension Engine {
    /// `zipMembers` of an export's zip part (docs/guide/javascript.md#an-exports-zips): its files by its directory, in
    /// the order of their data (``ImportZipPart``), each with its `path` (safe names only), `size`, how the page reads
    /// it (`read`: "stored", a slice of the part; "deflated", through the page's inflater; null, not at all, with the
    /// words as `problem`), its `crc`, and its directory `entry`, which the page hands back to `zipData` and `import`.
    /// Members whose names lead out of the folder are `unsafe` (`[name, reason]`). A part whose directory cannot be
    /// read answers `note`, which the report gives as a problem of the part, and `walk`: its files are then found from
    /// the front (`zipWalk`). A file that is no zip answers `zip: false`, and `archive`: "tar" or "gzip" where its first
    /// bytes are a tar's or a gzip stream's (an export's `.tar` or `.tgz` part, listed by `tarWalk`), as the command line
    /// tells a part's kind; with `inside` (a zip inside the export, which the command line reads as a zip whatever its
    /// first bytes, TakeoutIngest), it is read as a zip all the same.
    static func zipMembers(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        let inside = try options.flag("inside")
        try options.checkAllRead()
        guard inputs.count == 1 else { throw .invalidArgument("zipMembers reads one part at a time") }
        // A file that is no zip is a file of the import like any other.
        if !inside {
            let head = try naming(inputs[0].path, try inputs[0].readUpTo(at: 0, count: ArchiveSignature.headLength))
            let kind = ArchiveSignature.identify(head)
            guard kind == .zip else {
                let archive: JSONValue = kind == .tar ? .string("tar") : kind == .gzip ? .string("gzip") : .null
                return .done(report: .object([("zip", .bool(false)), ("archive", archive)]), files: [])
            }
        }
        do throws(FormatError) {
            return .done(report: listed(try ImportZipPart(inputs[0], part: 0)), files: [])
        } catch {
            // Without its directory (a download cut short, most often), the part is walked from the front (zipWalk).
            let why = LivePhotoError.wrap(error, file: inputs[0].path).reason
            return .done(report: .object([("note", .string(ImportZipPart.readFromTheFront(why))), ("walk", .bool(true))]), files: [])
        }
    }

    /// `zipWalk` of a part whose directory cannot be read: up to `count` (32) of its files from the local header at
    /// `from` (0) on, found by their local headers (``ZipDirectory/membersFromTheFront(of:from:count:)``), as
    /// `zipMembers` gives them, with `next`, where the next run goes on (null when the members are over), and
    /// `stopped`, the problem of a walk that could go no further.
    static func zipWalk(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        let from = try options.int("from") ?? 0
        let count = try options.int("count") ?? 32
        try options.checkAllRead()
        guard inputs.count == 1, from >= 0, count > 0 else { throw .invalidArgument("zipWalk reads one part at a time, from a header") }
        let walk = ZipDirectory.membersFromTheFront(of: inputs[0], from: Int64(from), count: count)
        guard case .object(var fields) = listed(ImportZipPart(walk.members, part: 0)) else { return .done(report: .null, files: []) }
        fields.append(("next", walk.next.map { .integer($0) } ?? .null))
        let stopped = walk.stop.map { ImportZipPart.stoppedEarly(LivePhotoError.wrap($0, file: inputs[0].path).reason) }
        fields.append(("stopped", stopped.map { .string($0) } ?? .null))
        return .done(report: .object(fields), files: [])
    }

    /// A part's files as `zipMembers` and `zipWalk` give them.
    private static func listed(_ listing: ImportZipPart) -> JSONValue {
        let files: [JSONValue] = listing.files.map { file in
            var o = JSONObject()
            o.set("path", file.member.path)
            o.set("size", file.member.size)
            o.set("nameProblem", file.member.nameProblem)
            o.set("read", ZipEntryJSON.readsAs(file.entry))
            o.set("problem", ZipEntryJSON.refusal(file.entry).map { ZipEntryJSON.reason($0.error(for: file.entry)) })
            o.set("crc", Int64(file.entry.crc32))
            o.set("entry", ZipEntryJSON.json(file.entry))
            return o.json
        }
        let unsafe: [JSONValue] = listing.unsafe.map { .array([.string($0.path), .string($0.reason)]) }
        return .object([("files", .array(files)), ("unsafe", .array(unsafe))])
    }

    /// `zipData`: where the data of each of `entries` (from `zipMembers`) lies in the part, `[start, length]`, read
    /// from its local header; the reason as text for one whose header is missing or whose data runs past the part.
    static func zipData(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        let entries = try options.list("entries") ?? []
        try options.checkAllRead()
        guard inputs.count == 1 else { throw .invalidArgument("zipData reads one part at a time") }
        var ranges: [JSONValue] = []
        for (index, value) in entries.enumerated() {
            guard let entry = ZipEntryJSON.entry(value) else { throw .invalidArgument("--entries: entry \(index + 1) is not a zip member") }
            do throws(FormatError) {
                let range = try ZipDirectory.dataRange(of: entry, in: inputs[0])
                ranges.append(.array([.integer(range.lowerBound), .integer(Int64(range.count))]))
            } catch {
                ranges.append(.string(ZipEntryJSON.reason(error)))
            }
        }
        return .done(report: .object([("ranges", .array(ranges))]), files: [])
    }
}

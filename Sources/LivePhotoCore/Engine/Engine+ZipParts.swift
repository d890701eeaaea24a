import MediaFormats

extension Engine {
    /// `zipMembers` of an export's zip part (docs/guide/javascript.md#an-exports-zips): its files by its directory, in
    /// the order of their data (``ImportZipPart``), each with its `path` (safe names only), `size`, how the page reads
    /// it (`read`: "stored", a slice of the part; "deflated", through the page's inflater; null, not at all, with the
    /// words as `problem`), its `crc`, and its directory `entry`, which the page hands back to `zipData` and `import`.
    /// Members whose names lead out of the folder are `unsafe` (`[name, reason]`). A part whose directory cannot be
    /// read answers `note`, which the report gives as a problem of the part; a file that is no zip, `zip: false`.
    static func zipMembers(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        try options.checkAllRead()
        guard inputs.count == 1 else { throw .invalidArgument("zipMembers reads one part at a time") }
        // A file that is no zip is a file of the import like any other.
        guard ZipDirectory.startsAZip(try naming(inputs[0].path, try inputs[0].readUpTo(at: 0, count: 4))) else {
            return .done(report: .object([("zip", .bool(false))]), files: [])
        }
        let listing: ImportZipPart
        do throws(FormatError) {
            listing = try ImportZipPart(inputs[0], part: 0)
        } catch {
            return .done(report: .object([("note", .string(ImportZipPart.unreadInBrowser(error, file: inputs[0])))]), files: [])
        }
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
        return .done(report: .object([("files", .array(files)), ("unsafe", .array(unsafe))]), files: [])
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

extension ImportZipPart {
    /// The note on a part whose directory a browser cannot read: it reads parts by their directories, where the
    /// command line reads such a part from the front.
    static func unreadInBrowser(_ error: FormatError, file: RandomAccessFile) -> String {
        let why = LivePhotoError.wrap(error, file: file.path).reason
        return
            "its central directory cannot be read (\(why): a download cut short?); a browser reads a part by its directory, so none of its files were read: livephoto import reads them from the front"
    }
}

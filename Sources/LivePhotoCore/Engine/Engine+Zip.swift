import MediaFormats

extension Engine {
    /// The records of a stored zip the page streams, member after member (``StreamedZipRecords``; a library written
    /// as one download): with `part: "records"`, each of `members` (`{name, size, time, offset}`: its path, its data's
    /// length, its modification time in seconds since 1970, where its local header starts) gets two outputs, its local
    /// header and its data descriptor, whose CRC-32 the page writes at `descriptorChecksumAt` once the data has gone
    /// by; with `part: "directory"`, the members (each with its `crc`) give the central directory and end records,
    /// written at `at`.
    static func zipRecords(options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        let part = try options.string("part")
        let at = try options.double("at")
        var members: [StreamedZipRecords.Member] = []
        for (index, value) in (try options.list("members") ?? []).enumerated() {
            guard let name = value["name"]?.stringValue, let size = whole(value["size"]), let time = value["time"]?.doubleValue,
                let offset = whole(value["offset"]), let seconds = Int64(exactly: time.rounded(.down))
            else { throw .invalidArgument("--members: entry \(index + 1) is not a zip member") }
            let crc = whole(value["crc"]).flatMap { UInt32(exactly: $0) } ?? 0
            members.append(StreamedZipRecords.Member(name: name, size: size, modificationTime: seconds, offset: offset, crc32: crc))
        }
        try options.checkAllRead()
        switch part {
        case "records":
            var outputs: [Output] = []
            for member in members {
                do throws(FormatError) {
                    let records = try StreamedZipRecords.records(for: member)
                    outputs.append(
                        Output(name: member.name, type: "application/octet-stream", content: SplicedFile(pieces: [.bytes(records.header)])))
                    outputs.append(
                        Output(
                            name: member.name, type: "application/octet-stream", content: SplicedFile(pieces: [.bytes(records.descriptor)]))
                    )
                } catch {
                    throw .invalidArgument("\(member.name): \(error.description)")
                }
            }
            return .done(
                report: .object([("descriptorChecksumAt", .integer(Int64(ZipEntry.dataDescriptorChecksumField)))]), files: outputs)
        case "directory":
            guard let at, let offset = UInt64(exactly: at) else { throw .invalidArgument("--at: where the central directory starts") }
            let directory = StreamedZipRecords.directory(members, at: offset)
            return .done(
                report: .object([]),
                files: [Output(name: "directory", type: "application/zip", content: SplicedFile(pieces: [.bytes(directory)]))])
        default:
            throw .invalidArgument("--part: records or directory")
        }
    }

    /// A whole, non-negative number of a JSON value, below 2^53 (what a page's numbers hold exactly).
    private static func whole(_ value: JSONValue?) -> UInt64? {
        guard let number = value?.doubleValue, number >= 0, number < 0x1p53 else { return nil }
        return UInt64(exactly: number)
    }
}

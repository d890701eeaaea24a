import MediaFormats

/// A zip member's directory entry as the page keeps it between runs, `[name, method, encrypted, crc, compressedSize,
/// uncompressedSize, localHeaderOffset]`, and the words of what became of reading it.
enum ZipEntryJSON {
    static func json(_ entry: ZipMember) -> JSONValue {
        return .array([
            .string(entry.name), .integer(Int64(entry.compression.method)), .bool(entry.isEncrypted), .integer(Int64(entry.crc32)),
            .integer(Int64(clamping: entry.compressedSize)), .integer(Int64(clamping: entry.uncompressedSize)),
            .integer(Int64(clamping: entry.localHeaderOffset)),
        ])
    }

    static func entry(_ value: JSONValue) -> ZipMember? {
        guard let row = value.arrayValue, row.count == 7, let name = row[0].stringValue, let method = row[1].integerValue,
            let encrypted = row[2].boolValue, let crc = row[3].integerValue.flatMap({ UInt32(exactly: $0) }),
            let compressed = row[4].integerValue.flatMap({ UInt64(exactly: $0) }),
            let uncompressed = row[5].integerValue.flatMap({ UInt64(exactly: $0) }),
            let offset = row[6].integerValue.flatMap({ UInt64(exactly: $0) }), let number = UInt16(exactly: method)
        else { return nil }
        return ZipMember(
            name: name, compression: ZipMember.Compression(method: number), isEncrypted: encrypted, crc32: crc, compressedSize: compressed,
            uncompressedSize: uncompressed, localHeaderOffset: offset)
    }

    /// How the page reads the member: "stored" or "deflated"; nil when it cannot (``refusal(_:)``).
    static func readsAs(_ entry: ZipMember) -> String? {
        guard refusal(entry) == nil else { return nil }
        return entry.compression == .stored ? "stored" : "deflated"
    }

    /// Why the member's bytes are not read at all, as the command line finds it before reading them.
    static func refusal(_ entry: ZipMember) -> ZipMember.ReadProblem? {
        if entry.isEncrypted { return .encrypted }
        switch entry.compression {
        case .stored: return entry.compressedSize == entry.uncompressedSize ? nil : .storedSizesDiffer
        case .deflated: return nil
        case .other(let method): return .method(method)
        }
    }

    /// What the page found reading a member (`[problem, detail]`) as the problem it is: "checksum", "expands",
    /// "unended", "damaged" (with the inflater's words), "short" (with the bytes that came out); nil for another.
    static func problem(_ name: String, detail: JSONValue?) -> ZipMember.ReadProblem? {
        switch name {
        case "checksum": return .checksum
        case "expands": return .expandsPastSize
        case "unended": return .deflateUnended
        case "damaged": return .deflateDamaged(detail?.stringValue ?? "")
        case "short": return detail?.integerValue.flatMap { UInt64(exactly: $0) }.map { .shortOf($0) }
        default: return nil
        }
    }

    /// A format error as an import's report gives it for a member: the words the command line's reading gives.
    static func reason(_ error: FormatError) -> String {
        LivePhotoError.wrap(error, file: "").reason
    }
}

/// Reads a tar archive (POSIX ustar and pax, GNU, old tar) entry by entry, front to back, from any
/// ``ArchiveByteSource``: a `.tar` file, or a `.tgz` through ``GzipByteSource``. Nothing is sought and nothing is
/// extracted: each entry's bytes come in bounded chunks, and what the caller does not read is skipped.
///
/// Extended headers (pax `x`, GNU `L` and `K`) apply to the entry after them and are never returned; global pax
/// headers (`g`) and volume labels (`V`) are skipped. Every size is checked before it is used: an extended header
/// larger than ``maxExtendedHeaderSize`` is an error, never an allocation, and an entry whose bytes run past the end
/// of the archive is a truncated error naming it. The archive ends at its zero block (the second one and anything
/// after it are not read), or at the end of the bytes between two entries. The layout is in
/// docs/formats/archives.md#tar.
public struct TarReader<Source: ArchiveByteSource> {
    /// The largest pax or GNU long-name header read (the longest path a file system takes is 4 KiB).
    public static var maxExtendedHeaderSize: Int64 { 1 << 20 }
    private var source: Source
    /// Where the next header starts, counted from the archive's first byte.
    public private(set) var offset: Int64 = 0
    /// The entry last returned, and how many of its bytes are still unread.
    private var current: TarEntry?
    private var remaining: Int64 = 0
    private var ended = false

    /// A reader at the start of the archive `source` holds, or at one of its headers.
    /// - Parameters:
    ///   - source: the archive's bytes, from its first, or from the header at `offset`.
    ///   - offset: where in the archive `source` starts: a header's offset, which a walk noted (``offset``).
    public init(_ source: Source, at offset: Int64 = 0) {
        self.source = source
        self.offset = offset
    }

    /// The next entry's header, after skipping what was left unread of the one before.
    /// - Returns: the entry, or nil at the end of the archive.
    /// - Throws: ``FormatError`` naming the entry when a header is damaged or an entry is cut short; what the
    ///   source throws.
    public mutating func next() throws(FormatError) -> TarEntry? {
        try skipRest()
        guard !ended else { return nil }
        var extended: [String: String] = [:]
        var longName: String?
        var longLink: String?
        while true {
            let headerOffset = offset
            guard let block = try readBlock() else {
                ended = true
                return nil
            }
            if TarHeader.isZero(block) {
                ended = true
                return nil
            }
            let fields = try TarHeader.parse(block, at: headerOffset)
            switch fields.typeFlag {
            case UInt8(ascii: "x"):
                for (key, value) in try Self.paxRecords(try readExtended(fields)) { extended[key] = value }
            case UInt8(ascii: "L"): longName = Self.cString(try readExtended(fields))
            case UInt8(ascii: "K"): longLink = Self.cString(try readExtended(fields))
            case UInt8(ascii: "g"), UInt8(ascii: "V"):
                current = TarEntry(
                    name: fields.name, kind: .other(fields.typeFlag), size: fields.size, mode: 0, modificationTime: 0, linkTarget: "")
                remaining = fields.size
                try skipRest()
            default:
                // The name decides the kind of an old tar's entry, so the extended one goes in first.
                let paxPath = extended["path"].flatMap { $0.isEmpty ? nil : $0 }
                var entry = Self.entry(fields, longName: paxPath ?? longName, longLink: longLink)
                try Self.apply(extended, to: &entry, at: headerOffset)
                current = entry
                // Folders and links carry no data, whatever their size field says.
                remaining = entry.kind == .folder || entry.kind == .symbolicLink || entry.kind == .hardLink ? 0 : entry.size
                return entry
            }
        }
    }

    /// The current entry's next bytes, at most `count`.
    /// - Parameter count: the most bytes returned.
    /// - Returns: the bytes; empty once the entry's data is all read.
    /// - Throws: ``FormatError`` (truncated) naming the entry when the archive ends inside its data.
    public mutating func read(upTo count: Int) throws(FormatError) -> [UInt8] {
        guard let entry = current, remaining > 0 else { return [] }
        let bytes = try source.read(upTo: Int(min(Int64(max(1, count)), remaining)))
        guard !bytes.isEmpty else { throw truncated(entry) }
        remaining -= Int64(bytes.count)
        offset += Int64(bytes.count)
        if remaining == 0 { try skipPadding(entry.size) }
        return bytes
    }

    private func truncated(_ entry: TarEntry) -> FormatError {
        FormatError(
            .truncated, "tar entry '\(entry.name)' is cut short: the archive ends before its \(entry.size) bytes do", at: offset)
    }

    /// Passes over the current entry's unread bytes and their padding: ``offset`` is then where the next header starts.
    /// - Throws: ``FormatError`` (truncated) naming the entry when the archive ends inside its data; what the source
    ///   throws.
    public mutating func skipRest() throws(FormatError) {
        guard let entry = current else { return }
        if remaining > 0 {
            let done = try source.skip(remaining)
            offset += done
            remaining -= done
            guard remaining == 0 else { throw truncated(entry) }
            try skipPadding(entry.size)
        }
        current = nil
    }

    /// Passes over the zeros that fill a `size`-byte entry's last block.
    private mutating func skipPadding(_ size: Int64) throws(FormatError) {
        let padding = (Int64(TarHeader.blockSize) - size % Int64(TarHeader.blockSize)) % Int64(TarHeader.blockSize)
        // An archive cut inside the last padding has lost nothing: the next header read finds the end.
        offset += try source.skip(padding)
    }

    /// The next 512-byte block, or nil at the end of the bytes.
    private mutating func readBlock() throws(FormatError) -> [UInt8]? {
        var block: [UInt8] = []
        while block.count < TarHeader.blockSize {
            let piece = try source.read(upTo: TarHeader.blockSize - block.count)
            if piece.isEmpty { break }
            block += piece
        }
        offset += Int64(block.count)
        guard !block.isEmpty else { return nil }
        guard block.count == TarHeader.blockSize else {
            throw FormatError(.truncated, "the archive ends inside a tar header (\(block.count) of its 512 bytes)", at: offset)
        }
        return block
    }

    /// The data of an extended header, bounded.
    private mutating func readExtended(_ fields: TarHeader.Fields) throws(FormatError) -> [UInt8] {
        guard fields.size <= Self.maxExtendedHeaderSize else {
            throw FormatError(
                .unsupported,
                "the extended header '\(fields.name)' holds \(fields.size) bytes, more than the \(Self.maxExtendedHeaderSize) read",
                at: offset)
        }
        current = TarEntry(
            name: fields.name, kind: .other(fields.typeFlag), size: fields.size, mode: 0, modificationTime: 0, linkTarget: "")
        remaining = fields.size
        var data: [UInt8] = []
        while case let piece = try read(upTo: 64 << 10), !piece.isEmpty { data += piece }
        current = nil
        return data
    }

    /// The entry a header describes, with a long name (pax or GNU) and a GNU long link applied.
    static func entry(_ fields: TarHeader.Fields, longName: String?, longLink: String?) -> TarEntry {
        var name = longName ?? (fields.prefix.isEmpty ? fields.name : fields.prefix + "/" + fields.name)
        let kind: TarEntry.Kind
        switch fields.typeFlag {
        case 0, UInt8(ascii: "0"), UInt8(ascii: "7"):
            // Old tars marked a folder by a trailing '/' alone.
            kind = name.hasSuffix("/") && fields.typeFlag != UInt8(ascii: "7") ? .folder : .file
        case UInt8(ascii: "5"): kind = .folder
        case UInt8(ascii: "1"): kind = .hardLink
        case UInt8(ascii: "2"): kind = .symbolicLink
        default: kind = .other(fields.typeFlag)
        }
        if kind == .folder, name.count > 1, name.hasSuffix("/") { name.removeLast() }
        let isLink = kind == .symbolicLink || kind == .hardLink
        return TarEntry(
            name: name, kind: kind, size: fields.size, mode: UInt32(truncatingIfNeeded: fields.mode & 0o7777),
            modificationTime: fields.modificationTime, linkTarget: isLink ? longLink ?? fields.linkName : "")
    }

    /// The pax records an extended header holds: `LENGTH key=value\n`, the length counting the whole record.
    static func paxRecords(_ data: [UInt8]) throws(FormatError) -> [String: String] {
        var records: [String: String] = [:]
        var index = 0
        while index < data.count {
            if data[index] == 0 { break }  // padding some writers leave
            var length = 0
            var cursor = index
            while cursor < data.count, (0x30...0x39).contains(data[cursor]), length < 1 << 24 {
                length = length * 10 + Int(data[cursor] - 0x30)
                cursor += 1
            }
            guard cursor < data.count, data[cursor] == 0x20, length > cursor - index + 1, length <= data.count - index,
                data[index + length - 1] == 0x0a
            else { throw FormatError(.malformed, "a pax extended header holds a damaged record at byte \(index)") }
            let record = data[(cursor + 1)..<(index + length - 1)]
            if let equals = record.firstIndex(of: UInt8(ascii: "=")) {
                let key = String(decoding: record[..<equals], as: UTF8.self)
                records[key] = String(decoding: record[(equals + 1)...], as: UTF8.self)
            }
            index += length
        }
        return records
    }

    /// The pax keys livephoto reads besides `path` (applied by ``entry(_:longName:longLink:)``), applied to `entry`.
    static func apply(_ records: [String: String], to entry: inout TarEntry, at offset: Int64) throws(FormatError) {
        if let link = records["linkpath"], entry.kind == .symbolicLink || entry.kind == .hardLink { entry.linkTarget = link }
        if let text = records["size"] {
            guard let size = Int64(text), size >= 0 else {
                throw FormatError(.malformed, "the pax size of tar entry '\(entry.name)' is not a size ('\(text)')", at: offset)
            }
            entry.size = size
        }
        if let text = records["mtime"] {
            // Seconds, with a fraction pax allows; the fraction is dropped.
            let whole = text.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
            if let seconds = Int64(whole) { entry.modificationTime = seconds }
        }
    }

    /// The text of a GNU long name's data: up to its first NUL.
    static func cString(_ data: [UInt8]) -> String {
        String(decoding: data.prefix { $0 != 0 }, as: UTF8.self)
    }
}

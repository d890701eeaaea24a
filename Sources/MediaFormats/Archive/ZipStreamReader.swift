/// Reads a zip archive front to back by its local file headers (PKWARE APPNOTE 4.3.7), for the archive whose central
/// directory is gone: a download cut short keeps every member before the cut, and this finds them without the
/// directory at its end (docs/formats/archives.md#a-zip-without-its-directory).
///
/// Each member's size comes from its local header or, for one written as a stream (general purpose flag bit 3), from
/// the deflate stream's own end and the data descriptor after it; its CRC-32 and size are checked either way. A stored
/// member written as a stream has no size anywhere before the directory: the walk stops there, as at the directory.
public struct ZipStreamReader<Source: ArchiveByteSource> {
    /// One member's local header.
    public typealias Entry = ZipLocalHeader

    private var source: Source
    /// Bytes read past what the last step used (the end of a deflate stream falls inside a chunk).
    private var pending: [UInt8] = []
    private var current: Entry?
    private var dataRead = true
    /// Where the next byte comes from, counted from the archive's start.
    public private(set) var offset: Int64 = 0

    /// The most a member written as a stream may expand: deflate's own limit is about 1032 to 1.
    static var maxExpansion: UInt64 { 1032 }
    static var chunkSize: Int { 256 * 1024 }

    /// Reads `source` from its first byte.
    public init(_ source: Source) { self.source = source }

    /// The next member's header, after passing over the rest of the current one's data; nil at the central directory
    /// or the end of the bytes.
    /// - Throws: ``FormatError`` when a header is damaged or cut short, or the current member's data cannot be passed
    ///   over (a stored member written as a stream).
    public mutating func next() throws -> Entry? {
        if !dataRead, current != nil { try readData { _ in } }
        current = nil
        let signature = try take(4)
        if signature.isEmpty { return nil }
        guard signature.count == 4 else { return nil }
        let word = UInt32(signature[0]) | UInt32(signature[1]) << 8 | UInt32(signature[2]) << 16 | UInt32(signature[3]) << 24
        // The central directory, its end record or Zip64's: the members are over.
        let start = offset - 4
        switch ZipLocalHeader.starts(word) {
        case true?: break
        case false?: return nil
        case nil: throw FormatError(.malformed, "no local file header where one should start", at: start)
        }
        let fixed = try ZipLocalHeader.Fixed(try exactly(ZipDirectory.localHeaderSize - 4, "local header"), at: start)
        let nameBytes = try exactly(fixed.nameLength, "file name")
        let entry = try fixed.header(name: nameBytes, extra: try exactly(fixed.extraLength, "extra field"))
        current = entry
        dataRead = false
        return entry
    }

    /// Hands the current member's uncompressed bytes to `body` in pieces, then checks them against its CRC-32 and size
    /// (the header's, or the data descriptor's after them).
    /// - Throws: ``FormatError`` naming the member when it is encrypted, uses another method, is cut short, its
    ///   deflate stream is damaged, it expands past its size (or deflate's limit), or its CRC-32 or size does not
    ///   match; whatever `body` throws.
    public mutating func readData(_ body: ([UInt8]) throws -> Void) throws {
        guard let entry = current, !dataRead else { return }
        dataRead = true
        let name = entry.name
        guard !entry.isEncrypted else { throw FormatError(.unsupported, "'\(name)' is encrypted") }
        let sizesKnown = !entry.hasDescriptor || entry.compressedSize > 0
        var checksum = CRC32()
        var written: UInt64 = 0
        var consumed: UInt64 = 0
        func deliver(_ bytes: [UInt8]) throws {
            written += UInt64(bytes.count)
            // The header's size, or for a stream what deflate can make of the bytes read so far (and the chunk in hand).
            let (streamBound, overflow) = (consumed + UInt64(Self.chunkSize)).multipliedReportingOverflow(by: Self.maxExpansion)
            let bound = sizesKnown ? entry.uncompressedSize : (overflow ? UInt64.max : streamBound)
            guard written <= bound else { throw FormatError(.malformed, "'\(name)' expands past its size (a zip bomb?)") }
            checksum.update(bytes)
            try body(bytes)
        }
        switch entry.compression {
        case .stored:
            guard sizesKnown else {
                throw FormatError(
                    .unsupported, "'\(name)' is stored with its size after its data: it cannot be found without the directory")
            }
            var left = entry.compressedSize
            while left > 0 {
                let piece = try take(Int(min(UInt64(Self.chunkSize), left)))
                guard !piece.isEmpty else { throw FormatError(.truncated, "'\(name)' is cut short", at: offset) }
                left -= UInt64(piece.count)
                consumed += UInt64(piece.count)
                try deliver(piece)
            }
        case .deflated:
            let inflater = try Inflater()
            while !inflater.isFinished {
                if sizesKnown, consumed >= entry.compressedSize { break }
                let want = sizesKnown ? Int(min(UInt64(Self.chunkSize), entry.compressedSize - consumed)) : Self.chunkSize
                let piece = try take(want)
                guard !piece.isEmpty else { throw FormatError(.truncated, "'\(name)' is cut short", at: offset) }
                let used: Int
                do {
                    used = try inflater.inflate(piece, chunkSize: Self.chunkSize, output: deliver)
                } catch let error as FormatError where error.message.hasPrefix("the deflate stream is damaged") {
                    throw FormatError(.malformed, "the deflate stream of '\(name)' is damaged (\(error.message))")
                }
                consumed += UInt64(used)
                // What the stream did not use belongs to what follows it.
                if used < piece.count { giveBack(Array(piece[used...])) }
            }
            guard inflater.isFinished else {
                throw FormatError(.malformed, "the deflate stream of '\(name)' does not end within its \(consumed) bytes")
            }
        case .other(let method):
            throw FormatError(.unsupported, "'\(name)' uses compression method \(method); only stored and deflated members are read")
        }
        var expectedCRC = entry.crc32, expectedSize = entry.uncompressedSize
        if entry.hasDescriptor {
            // The optional signature, then the CRC and the two sizes (eight bytes each for Zip64).
            var first = try exactly(4, "data descriptor")
            if first == [0x50, 0x4B, 0x07, 0x08] { first = try exactly(4, "data descriptor") }
            var descriptor = ByteReader(first + (try exactly(entry.isZip64 ? 16 : 8, "data descriptor")))
            expectedCRC = try descriptor.readInteger(UInt32.self, .littleEndian, "CRC-32")
            if entry.isZip64 {
                _ = try descriptor.readInteger(UInt64.self, .littleEndian, "compressed size")
                expectedSize = try descriptor.readInteger(UInt64.self, .littleEndian, "uncompressed size")
            } else {
                _ = try descriptor.readInteger(UInt32.self, .littleEndian, "compressed size")
                expectedSize = UInt64(try descriptor.readInteger(UInt32.self, .littleEndian, "uncompressed size"))
            }
        }
        guard written == expectedSize else {
            throw FormatError(.malformed, "'\(name)' holds \(written) bytes, not the \(expectedSize) it declares (damaged?)")
        }
        guard checksum.value == expectedCRC else {
            throw FormatError(.malformed, "'\(name)' does not match its CRC-32 (the archive is damaged)")
        }
    }

    /// Up to `count` bytes: those given back first, then the source's.
    private mutating func take(_ count: Int) throws -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes: [UInt8]
        if !pending.isEmpty {
            bytes = Array(pending.prefix(count))
            pending.removeFirst(bytes.count)
        } else {
            bytes = try source.read(upTo: count)
        }
        offset += Int64(bytes.count)
        return bytes
    }

    /// Exactly `count` bytes, or a truncation error naming `what`.
    private mutating func exactly(_ count: Int, _ what: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < count {
            let piece = try take(count - bytes.count)
            guard !piece.isEmpty else { throw FormatError(.truncated, "the archive ends inside a \(what)", at: offset) }
            bytes += piece
        }
        return bytes
    }

    /// Puts bytes back in front of the source's.
    private mutating func giveBack(_ bytes: [UInt8]) {
        pending = bytes + pending
        offset -= Int64(bytes.count)
    }
}

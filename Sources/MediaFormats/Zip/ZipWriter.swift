/// Where a ``ZipWriter`` puts the archive: bytes appended at the end, and a local header rewritten in place once its
/// member's checksum and sizes are known.
public protocol ZipOutput {
    /// Appends `bytes` after everything written so far.
    mutating func append(_ bytes: [UInt8]) throws
    /// Writes `bytes` over bytes appended earlier, starting `offset` bytes into the archive.
    mutating func overwrite(_ bytes: [UInt8], at offset: UInt64) throws
}

/// An archive held in memory (small archives, and tests).
public struct ZipBuffer: ZipOutput, Sendable {
    /// The archive's bytes so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty archive.
    public init() {}

    /// Appends `bytes`.
    /// - Parameter bytes: the bytes to add.
    public mutating func append(_ bytes: [UInt8]) { self.bytes += bytes }

    /// Writes `bytes` over earlier ones.
    /// - Parameters:
    ///   - bytes: the new bytes.
    ///   - offset: where they start.
    public mutating func overwrite(_ bytes: [UInt8], at offset: UInt64) {
        bytes.withUnsafeBufferPointer { new in
            self.bytes.replaceSubrange(Int(offset)..<Int(offset) + new.count, with: new)
        }
    }
}

/// Writes a zip archive member by member, each streamed in bounded chunks: a local header, the data (stored or
/// deflated, its CRC-32 computed on the way), the header rewritten with the final checksum and sizes; then the
/// central directory and its end records, with Zip64 records where a count, size or offset needs them. No data
/// descriptors: every header holds its real values, as readers that do not read the central directory expect.
///
/// The layout is in docs/formats/bundles.md#the-zip-livephoto-writes.
public struct ZipWriter<Output: ZipOutput> {
    /// Where the archive goes.
    public private(set) var output: Output
    /// How many bytes have been written.
    public private(set) var offset: UInt64 = 0
    /// The members written so far, in order.
    public private(set) var entries: [ZipEntry] = []
    /// How many bytes a member's source is asked for at a time.
    public static var chunkSize: Int { 1 << 20 }

    /// A writer at the start of an empty archive.
    /// - Parameter output: where the archive goes.
    public init(output: Output) {
        self.output = output
    }

    /// Adds a folder entry.
    /// - Parameters:
    ///   - name: the folder's path in the archive; a '/' is added when it does not end with one.
    ///   - modificationTime: seconds since 1970 (UTC).
    /// - Throws: ``FormatError`` when the name is too long; whatever the output throws.
    public mutating func addDirectory(_ name: String, modificationTime: Int64) throws {
        var entry = ZipEntry(name: name.hasSuffix("/") ? name : name + "/", method: .stored, modificationTime: modificationTime)
        try Self.check(entry.name)
        entry.localHeaderOffset = offset
        try write(entry.localHeader())
        entries.append(entry)
    }

    /// Adds a file whose bytes `read` supplies, in pieces of at most the count it is given, then an empty array at
    /// the end.
    /// - Parameters:
    ///   - name: the file's path in the archive.
    ///   - method: stored or deflated.
    ///   - modificationTime: seconds since 1970 (UTC).
    ///   - expectedSize: how many bytes `read` will supply: at 4 GiB or more, the local header takes a Zip64 field.
    ///   - read: the file's next bytes, at most the count asked for; empty at its end.
    /// - Throws: ``FormatError`` when the name is too long, or the data outgrows a local header that was written
    ///   without Zip64; whatever `read` or the output throws.
    public mutating func addFile(
        _ name: String, method: ZipEntry.Method, modificationTime: Int64, expectedSize: UInt64,
        read: (Int) throws -> [UInt8]
    ) throws {
        try Self.check(name)
        var entry = ZipEntry(name: name, method: method, modificationTime: modificationTime)
        entry.localHeaderOffset = offset
        // Deflate can grow incompressible data by about 5 bytes per 16 KB block, and a header cannot grow afterwards.
        let worstCase = method == .stored ? expectedSize : expectedSize + expectedSize / 1000 + 1024
        entry.localZip64 = worstCase >= ZipEntry.saturated32
        try write(entry.localHeader())
        let dataStart = offset
        var checksum = CRC32()
        let deflater = method == .deflated ? try Deflater() : nil
        while true {
            let chunk = try read(Self.chunkSize)
            checksum.update(chunk)
            entry.uncompressedSize += UInt64(chunk.count)
            if let deflater {
                try deflater.deflate(chunk, finish: chunk.isEmpty) { try write($0) }
            } else {
                try write(chunk)
            }
            if chunk.isEmpty { break }
        }
        entry.crc32 = checksum.value
        entry.compressedSize = offset - dataStart
        guard entry.localZip64 || (entry.compressedSize < ZipEntry.saturated32 && entry.uncompressedSize < ZipEntry.saturated32)
        else {
            throw FormatError(
                .unsupported, "'\(name)' grew to \(entry.uncompressedSize) bytes while written, past the \(expectedSize) expected")
        }
        try output.overwrite(entry.localHeader(), at: entry.localHeaderOffset)
        entries.append(entry)
    }

    /// Writes the central directory and its end records, and returns the output.
    public mutating func finish() throws -> Output {
        let directoryOffset = offset
        for entry in entries { try write(entry.centralHeader()) }
        try write(
            ZipEntry.endRecords(count: UInt64(entries.count), directoryOffset: directoryOffset, directorySize: offset - directoryOffset))
        return output
    }

    /// A name's length must fit its 16-bit field.
    static func check(_ name: String) throws(FormatError) {
        guard name.utf8.count <= Int(UInt16.max) else {
            throw FormatError(.unsupported, "a \(name.utf8.count)-byte name, longer than a zip entry's 65,535")
        }
    }

    private mutating func write(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        try output.append(bytes)
        offset += UInt64(bytes.count)
    }
}

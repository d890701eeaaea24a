/// A zip of stored members laid out before any of their bytes is read: the records ``ZipWriter`` writes (local
/// headers, central directory, end records; Zip64 where a size or offset needs it), each member's data between them,
/// and the places where each member's CRC-32 goes, left zero for whoever reads the data to fill in (the browser, which
/// reads a member as a stream; docs/formats/bundles.md#the-zip-a-browser-writes).
public struct StoredZipLayout: Sendable {
    /// A member to be stored: a folder (its name ends with '/', no data) or a file of `size` bytes.
    public struct Member: Sendable {
        /// The path in the archive, '/'-separated.
        public var name: String
        /// The data's length in bytes (0 for a folder).
        public var size: UInt64
        /// The modification time in seconds since 1970 (UTC).
        public var modificationTime: Int64

        /// A member to lay out.
        /// - Parameters:
        ///   - name: the path in the archive (a folder's ends with '/').
        ///   - size: the data's length in bytes.
        ///   - modificationTime: seconds since 1970 (UTC).
        public init(name: String, size: UInt64, modificationTime: Int64) {
            (self.name, self.size, self.modificationTime) = (name, size, modificationTime)
        }
    }

    /// One run of the archive, in order: records, or member `index`'s data as it is.
    public enum Piece: Sendable, Equatable {
        /// Bytes of the archive's records.
        case bytes([UInt8])
        /// The data of member `index`, stored.
        case member(Int)
    }

    /// The archive, in order.
    public let pieces: [Piece]
    /// For each member, the offsets in the archive of the 4-byte fields that hold its CRC-32, little-endian (its local
    /// header's and its central header's); a folder's CRC-32 is 0 and stays.
    public let checksumOffsets: [[UInt64]]
    /// The archive's length in bytes.
    public let size: UInt64

    /// Where a local file header holds the CRC-32 (APPNOTE 4.3.7).
    static let localChecksumField: UInt64 = 14
    /// Where a central directory header holds the CRC-32 (APPNOTE 4.3.12).
    static let centralChecksumField: UInt64 = 16

    /// Lays out `members`, in order.
    /// - Throws: ``FormatError`` when a name is too long for a zip.
    public init(members: [Member]) throws(FormatError) {
        var pieces: [Piece] = []
        var entries: [ZipEntry] = []
        var checksums: [[UInt64]] = []
        var offset: UInt64 = 0
        for (index, member) in members.enumerated() {
            var entry = ZipEntry(name: member.name, method: .stored, modificationTime: member.modificationTime)
            guard entry.nameBytes.count <= Int(UInt16.max) else {
                throw FormatError(.unsupported, "a zip member's name of \(entry.nameBytes.count) bytes")
            }
            (entry.compressedSize, entry.uncompressedSize) = (member.size, member.size)
            entry.localZip64 = member.size >= ZipEntry.saturated32
            entry.localHeaderOffset = offset
            let header = entry.localHeader()
            checksums.append(entry.isDirectory ? [] : [offset + Self.localChecksumField])
            pieces.append(.bytes(header))
            offset += UInt64(header.count)
            if member.size > 0 {
                pieces.append(.member(index))
                offset += member.size
            }
            entries.append(entry)
        }
        let directoryOffset = offset
        var directory: [UInt8] = []
        for (index, entry) in entries.enumerated() {
            if !entry.isDirectory { checksums[index].append(offset + UInt64(directory.count) + Self.centralChecksumField) }
            directory += entry.centralHeader()
        }
        directory += ZipEntry.endRecords(
            count: UInt64(entries.count), directoryOffset: directoryOffset, directorySize: UInt64(directory.count))
        pieces.append(.bytes(directory))
        self.pieces = pieces
        self.checksumOffsets = checksums
        self.size = offset + UInt64(directory.count)
    }
}

/// The records of a stored zip written as a stream, member after member (a browser's download of a library;
/// docs/formats/bundles.md#the-zip-a-browser-streams): each member's local header before its data and a data
/// descriptor after it (general purpose flag bit 3), whose CRC-32 the writer fills in as the data goes by; then the
/// central directory and the end records, once every member is written. Sizes are known before the data (the local
/// header carries them, the descriptor too); Zip64 where a size or an offset needs it. The records are
/// ``ZipEntry``'s, as ``ZipWriter`` and ``StoredZipLayout`` write them.
public enum StreamedZipRecords {
    /// A member as the stream writes it: a file of `size` bytes stored at `offset`.
    public struct Member: Sendable, Equatable {
        /// The path in the archive, '/'-separated.
        public var name: String
        /// The data's length in bytes.
        public var size: UInt64
        /// The modification time in seconds since 1970 (UTC).
        public var modificationTime: Int64
        /// Where its local header starts in the archive.
        public var offset: UInt64
        /// The CRC-32 of its data, once it has gone by (0 before).
        public var crc32: UInt32

        /// A member to write.
        /// - Parameters:
        ///   - name: the path in the archive.
        ///   - size: the data's length in bytes.
        ///   - modificationTime: seconds since 1970 (UTC).
        ///   - offset: where its local header starts.
        ///   - crc32: its data's CRC-32, when known.
        public init(name: String, size: UInt64, modificationTime: Int64, offset: UInt64, crc32: UInt32 = 0) {
            (self.name, self.size, self.modificationTime, self.offset, self.crc32) = (name, size, modificationTime, offset, crc32)
        }

        var entry: ZipEntry {
            var entry = ZipEntry(name: name, method: .stored, modificationTime: modificationTime)
            (entry.compressedSize, entry.uncompressedSize, entry.crc32) = (size, size, crc32)
            entry.localZip64 = size >= ZipEntry.saturated32
            entry.localHeaderOffset = offset
            entry.dataDescriptorFollows = true
            return entry
        }
    }

    /// The local header written before `member`'s data, and the data descriptor written after it, its CRC-32 that of
    /// `member` (zero until known; it lies at ``ZipEntry/dataDescriptorChecksumField``).
    /// - Throws: ``FormatError`` for a name too long for a zip, a folder's (a stream writes files only), or one that
    ///   would unpack outside the folder it is unpacked in (absolute, with `..`, `.` or a backslash).
    public static func records(for member: Member) throws(FormatError) -> (header: [UInt8], descriptor: [UInt8]) {
        let entry = member.entry
        let parts = member.name.split(separator: "/", omittingEmptySubsequences: false)
        guard entry.nameBytes.count <= Int(UInt16.max), !entry.nameBytes.isEmpty, !entry.isDirectory,
            !member.name.hasPrefix("/"), !member.name.contains("\\"), !parts.contains(".."), !parts.contains(".")
        else {
            throw FormatError(.unsupported, "a streamed zip member named '\(member.name)' (a file's path, relative, without . or ..)")
        }
        return (entry.localHeader(), entry.dataDescriptor())
    }

    /// The central directory of `members` (their checksums known) and the end records, written at `offset`, right
    /// after the last member's descriptor.
    public static func directory(_ members: [Member], at offset: UInt64) -> [UInt8] {
        var directory: [UInt8] = []
        for member in members { directory += member.entry.centralHeader() }
        return directory
            + ZipEntry.endRecords(count: UInt64(members.count), directoryOffset: offset, directorySize: UInt64(directory.count))
    }
}

/// One file, folder or link of a zip archive, as its central directory records it (PKWARE APPNOTE 4.3.12).
///
/// Sizes and the checksum come from the central directory, which holds the final values even when the member was
/// written with a data descriptor (general purpose flag bit 3).
public struct ZipMember: Sendable, Equatable {
    /// What the member is, from its name and its Unix mode or DOS attributes.
    public enum Kind: Sendable, Equatable {
        /// A regular file: its data is the file's bytes.
        case file
        /// A folder: a name ending in `/`, a Unix mode of type `S_IFDIR` or the DOS directory attribute.
        case directory
        /// A symbolic link (a Unix mode of type `S_IFLNK`): its data is the path it points to.
        case symbolicLink
    }

    /// How the member's data is stored.
    public enum Compression: Sendable, Equatable {
        /// Method 0: the bytes as they are.
        case stored
        /// Method 8: a raw deflate stream (RFC 1951).
        case deflated
        /// Any other method (bzip2, LZMA, Zstandard, AES…), by its number.
        case other(UInt16)

        /// The method a header's number names (APPNOTE 4.4.5).
        public init(method: UInt16) {
            switch method {
            case 0: self = .stored
            case 8: self = .deflated
            default: self = .other(method)
            }
        }

        /// The method's number, as a header holds it.
        public var method: UInt16 {
            switch self {
            case .stored: 0
            case .deflated: 8
            case .other(let number): number
            }
        }
    }

    /// The member's path in the archive, '/'-separated as written (UTF-8 when flagged or valid, else code page 437).
    public let name: String
    /// Whether the name's bytes were valid UTF-8 (else they were read as code page 437, or, flagged UTF-8 yet
    /// invalid, with replacement characters).
    public let nameIsUTF8: Bool
    /// What the member is.
    public let kind: Kind
    /// How its data is stored.
    public let compression: Compression
    /// Whether its data is encrypted (general purpose flag bit 0).
    public let isEncrypted: Bool
    /// The CRC-32 of its uncompressed bytes.
    public let crc32: UInt32
    /// The size of its data in the archive.
    public let compressedSize: UInt64
    /// The size of its data once extracted.
    public let uncompressedSize: UInt64
    /// Where its local file header starts.
    public let localHeaderOffset: UInt64
    /// When it was last modified, in seconds since 1970 (UTC): the extended timestamp when present, else the DOS
    /// date and time read as UTC, as ``ZipWriter`` writes them.
    public let modificationTime: Int64?

    /// A member as its directory records it, field by field (what a shell kept of a directory it read earlier).
    public init(
        name: String, nameIsUTF8: Bool = true, kind: Kind = .file, compression: Compression, isEncrypted: Bool = false, crc32: UInt32,
        compressedSize: UInt64, uncompressedSize: UInt64, localHeaderOffset: UInt64, modificationTime: Int64? = nil
    ) {
        self.name = name
        self.nameIsUTF8 = nameIsUTF8
        self.kind = kind
        self.compression = compression
        self.isEncrypted = isEncrypted
        self.crc32 = crc32
        self.compressedSize = compressedSize
        self.uncompressedSize = uncompressedSize
        self.localHeaderOffset = localHeaderOffset
        self.modificationTime = modificationTime
    }
}

/// What kind of archive a file is, by its first bytes (docs/formats/archives.md): a zip (a local header or, for an
/// empty archive, the end record), a gzip stream (its magic), or a tar (a first header block whose checksum holds).
public enum ArchiveSignature: Sendable, Equatable {
    /// A zip archive: it starts with a local file header (`50 4B 03 04`) or, empty, with the end record
    /// (`50 4B 05 06`).
    case zip
    /// A gzip stream (`1F 8B`, RFC 1952), as a `.tgz` is: the tar inside is read as it inflates.
    case gzip
    /// A tar archive: its first 512-byte header block reads, checksum and all.
    case tar

    /// How many bytes ``identify(_:)`` wants: a whole tar header block.
    public static let headLength = 512

    /// Judges a file by its first bytes; nil when it is none of the three.
    public static func identify(_ head: [UInt8]) -> ArchiveSignature? {
        if ZipDirectory.startsAZip(head) { return .zip }
        if head.starts(with: [0x1F, 0x8B]) { return .gzip }
        if head.count >= headLength {
            let block = Array(head.prefix(headLength))
            if !TarHeader.isZero(block), (try? TarHeader.parse(block, at: 0)) != nil { return .tar }
        }
        return nil
    }
}

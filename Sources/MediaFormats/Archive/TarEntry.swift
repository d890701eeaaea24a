/// One entry of a tar archive, its header read with the extended headers before it applied (POSIX pax, GNU long
/// names): docs/formats/archives.md#tar.
public struct TarEntry: Sendable, Equatable {
    /// What the entry is, from its type flag.
    public enum Kind: Sendable, Equatable {
        /// A regular file (`0`, NUL, or `7`, contiguous).
        case file
        /// A folder (`5`).
        case folder
        /// A symbolic link (`2`) to ``TarEntry/linkTarget``.
        case symbolicLink
        /// A hard link (`1`) to the entry named ``TarEntry/linkTarget``.
        case hardLink
        /// Anything else (a device, a FIFO, a vendor's type), by its type flag: its data is skipped when not read.
        case other(UInt8)
    }

    /// The entry's path: the pax `path`, else the GNU long name, else the ustar prefix and name joined by `/`.
    public var name: String
    /// What the entry is.
    public var kind: Kind
    /// The size of its data in bytes (the pax `size` when given); never negative.
    public var size: Int64
    /// Its Unix permission bits (the low 12 bits of the mode field).
    public var mode: UInt32
    /// When it was last modified, in whole seconds since 1970 (the pax `mtime` when given).
    public var modificationTime: Int64
    /// A link's target (the pax `linkpath` or GNU long link name when given); empty for other kinds.
    public var linkTarget: String
}

/// The 512-byte header block of a tar entry (POSIX ustar, with GNU's and old tar's variations): its fields read and
/// its checksum checked, every number bounded.
enum TarHeader {
    static let blockSize = 512

    /// The header's fields, before extended headers are applied.
    struct Fields {
        var name: String
        var prefix: String
        var mode: Int64
        var size: Int64
        var modificationTime: Int64
        var typeFlag: UInt8
        var linkName: String
    }

    /// Whether `block` is all zeros (the end of the archive).
    static func isZero(_ block: [UInt8]) -> Bool { !block.contains { $0 != 0 } }

    /// The fields of `block`, at `offset` in the archive.
    /// - Throws: ``FormatError`` when the checksum does not match or a number is no number.
    static func parse(_ block: [UInt8], at offset: Int64) throws(FormatError) -> Fields {
        let name = text(block, 0, 100)
        // The checksum counts its own field as spaces; old tars summed signed bytes, so both sums are accepted.
        var unsigned: Int64 = 0
        var signed: Int64 = 0
        for (index, byte) in block.enumerated() {
            let value = (148..<156).contains(index) ? 0x20 : byte
            unsigned += Int64(value)
            signed += Int64(Int8(bitPattern: value))
        }
        let stored = try number(block, 148, 8, "checksum", name, offset)
        guard stored == unsigned || stored == signed else {
            throw FormatError(.malformed, "the tar header of '\(name)' fails its checksum (\(stored), not \(unsigned))", at: offset)
        }
        let magic = Array(block[257..<263])
        // POSIX ustar ("ustar\0") keeps a prefix for long paths; GNU ("ustar  ") keeps times in those bytes instead.
        let isPOSIX = magic == Array("ustar".utf8) + [0]
        let size = try number(block, 124, 12, "size", name, offset)
        guard size >= 0 else {
            throw FormatError(.malformed, "the tar header of '\(name)' gives a negative size (\(size))", at: offset + 124)
        }
        return Fields(
            name: name, prefix: isPOSIX ? text(block, 345, 155) : "",
            mode: try number(block, 100, 8, "mode", name, offset), size: size,
            modificationTime: try number(block, 136, 12, "modification time", name, offset),
            typeFlag: block[156], linkName: text(block, 157, 100))
    }

    /// The text of a field: its bytes up to the first NUL, as UTF-8 (invalid bytes replaced).
    static func text(_ block: [UInt8], _ start: Int, _ length: Int) -> String {
        let field = block[start..<start + length]
        let end = field.firstIndex(of: 0) ?? field.endIndex
        return String(decoding: field[start..<end], as: UTF8.self)
    }

    /// A numeric field: octal digits padded with spaces or NULs, or GNU's base-256 (the first byte's top bit set,
    /// the rest a big-endian two's-complement number). A value past 64 bits is an error, never a trap.
    static func number(
        _ block: [UInt8], _ start: Int, _ length: Int, _ what: String, _ name: String, _ offset: Int64
    ) throws(FormatError) -> Int64 {
        let field = block[start..<start + length]
        func failure(_ reason: String) -> FormatError {
            FormatError(.malformed, "the \(what) of tar entry '\(name)' \(reason)", at: offset + Int64(start))
        }
        if let first = field.first, first & 0x80 != 0 {
            // The marker bit cleared, the sign bit (0x40) extended.
            var value: Int64 = first & 0x40 != 0 ? Int64(Int8(bitPattern: first)) : Int64(first & 0x7f)
            for byte in field.dropFirst() {
                guard value >= Int64.min >> 8, value <= Int64.max >> 8 else { throw failure("does not fit 64 bits") }
                value = value << 8 | Int64(byte)
            }
            return value
        }
        var value: Int64 = 0
        var digits = false
        var ended = false
        for byte in field {
            switch byte {
            case 0x30...0x37 where !ended:
                let (shifted, overflow) = value.multipliedReportingOverflow(by: 8)
                guard !overflow else { throw failure("does not fit 64 bits") }
                value = shifted + Int64(byte - 0x30)
                digits = true
            case 0x20 where !digits: continue
            case 0x00, 0x20: ended = true
            default: throw failure("is not an octal number")
            }
        }
        return value
    }
}

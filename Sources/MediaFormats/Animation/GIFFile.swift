/// The block structure of a GIF (GIF87a or GIF89a), walked to see that a file is whole: the header, the logical
/// screen and its colour table, then extensions and images, each a chain of sub-blocks, up to the trailer `3B`.
///
/// A GIF has no length field for the whole file, so a file cut short can only be told by walking it: a trailer
/// byte at the end alone is one chance in 256 for a cut at any point. Only the block lengths are read (one byte per
/// sub-block of at most 255 bytes), never the image data.
public enum GIFFile {
    /// `GIF87a` or `GIF89a`.
    public static let signatures: [[UInt8]] = [Array("GIF87a".utf8), Array("GIF89a".utf8)]
    /// The byte that ends a GIF.
    public static let trailer: UInt8 = 0x3B

    /// Walks the blocks of `file` up to its trailer.
    /// - Throws: ``FormatError``: `.notRecognized` without the signature, `.truncated` when a block runs past the
    ///   end of the file or the trailer is missing, `.malformed` for an unknown block or bytes after the trailer.
    public static func checkComplete(_ file: RandomAccessFile) throws(FormatError) {
        let header = try file.readUpTo(at: 0, count: 13)
        guard header.count == 13, signatures.contains(Array(header[0..<6])) else {
            throw FormatError(.notRecognized, "not a GIF (no GIF87a or GIF89a signature)")
        }
        var offset: Int64 = 13
        // A global colour table follows the screen descriptor when its flag (bit 7 of byte 10) is set.
        offset += colorTableSize(flags: header[10])
        while true {
            guard offset < file.size else { throw FormatError.truncated("the GIF's blocks, before its trailer,", at: offset) }
            let introducer = try file.read(at: offset, count: 1)[0]
            switch introducer {
            case trailer:
                guard offset + 1 == file.size else {
                    throw FormatError(.malformed, "\(file.size - offset - 1) bytes after the GIF's trailer", at: offset + 1)
                }
                return
            case 0x21:
                // An extension: its label, then sub-blocks.
                offset = try skipSubBlocks(file, from: offset + 2)
            case 0x2C:
                // An image: a 9-byte descriptor, its own colour table, the LZW code size, then the data's sub-blocks.
                let descriptor = try file.read(at: offset + 1, count: 9)
                offset = try skipSubBlocks(file, from: offset + 10 + colorTableSize(flags: descriptor[8]) + 1)
            default:
                throw FormatError(.malformed, "byte \(HexBytes.describe([introducer])) where a GIF block should start", at: offset)
            }
        }
    }

    /// The size of the colour table that a packed field's flags announce (none when bit 7 is clear).
    static func colorTableSize(flags: UInt8) -> Int64 {
        flags & 0x80 == 0 ? 0 : 3 << (Int64(flags & 0x07) + 1)
    }

    /// Skips a chain of sub-blocks starting at `offset` and returns where the next block starts (after the empty
    /// sub-block that ends the chain).
    static func skipSubBlocks(_ file: RandomAccessFile, from start: Int64) throws(FormatError) -> Int64 {
        var offset = start
        while true {
            let length = Int64(try file.read(at: offset, count: 1)[0])
            offset += 1
            if length == 0 { return offset }
            guard length <= file.size - offset else { throw FormatError.truncated("a GIF sub-block of \(length) bytes", at: offset) }
            offset += length
        }
    }
}

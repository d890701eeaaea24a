import MediaFormats

/// Builds files ending in a Samsung SEF trailer (docs/formats/samsung.md#sef-trailer), for tests.
public enum SamsungTrailerBuilder {
    /// `prefix`, then each record (u16 0, u16 type, u32 name length, name, data), then `SEFH`, its length and `SEFT`.
    /// - Parameter shiftOffsets: added to every record's offset in the directory, to point records outside the file.
    public static func file(prefix: [UInt8], records: [(UInt16, String, [UInt8])], shiftOffsets: Int64 = 0) -> [UInt8] {
        var out = prefix
        var entries: [(UInt16, Int64, Int64)] = []
        for (type, name, data) in records {
            let start = Int64(out.count)
            var w = ByteWriter()
            w.appendUInt16(0, .littleEndian)
            w.appendUInt16(type, .littleEndian)
            w.appendUInt32(UInt32(name.utf8.count), .littleEndian)
            w.appendASCII(name)
            w.append(data)
            out += w.bytes
            entries.append((type, start, Int64(w.bytes.count)))
        }
        let sefh = Int64(out.count)
        var d = ByteWriter()
        d.appendASCII("SEFH")
        d.appendUInt32(106, .littleEndian)
        d.appendUInt32(UInt32(entries.count), .littleEndian)
        for (type, start, size) in entries {
            d.appendUInt16(0, .littleEndian)
            d.appendUInt16(type, .littleEndian)
            d.appendUInt32(UInt32(truncatingIfNeeded: sefh - start + shiftOffsets), .littleEndian)
            d.appendUInt32(UInt32(size), .littleEndian)
        }
        out += d.bytes
        var t = ByteWriter()
        t.appendUInt32(UInt32(d.bytes.count), .littleEndian)
        t.appendASCII("SEFT")
        return out + t.bytes
    }
}

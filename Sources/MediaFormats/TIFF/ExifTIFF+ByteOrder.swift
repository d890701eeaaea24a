extension ExifTIFF {
    /// IFD0's pointers to other IFDs whose entries are TIFF-typed (their byte order is the stream's): Exif, GPS,
    /// Interoperability (inside the Exif IFD) and SubIFDs.
    static let subIFDPointerTags: Set<UInt16> = [exifIFDPointerTag, 0x8825, 0xA005, 0x014A]
    /// The most IFDs a stream is walked through: every real one has under ten.
    static let maxIFDs = 64

    /// The same stream in `order`: every number the TIFF structure holds swapped in place (the header, every IFD's
    /// count, entries and next pointer, and every value by its type), so no offset moves and every byte that is not a
    /// TIFF number (ASCII, UNDEFINED such as a MakerNote, a thumbnail's JPEG) stays as it was.
    ///
    /// OPPO's gallery reads little-endian Exif, as its cameras write it (docs/formats/makers.md#written-by-flavor-oppo); iPhones write big-endian.
    /// An Apple MakerNote carries its own byte-order mark and counts its offsets from its own first byte, so it
    /// stays valid; another maker's MakerNote may count on the stream's order, so such a stream is refused.
    /// - Throws: when a MakerNote is not Apple's, an entry has a type whose element size is unknown, a value lies
    ///   outside the stream, two numbers overlap, or the IFDs are more than 64 (`maxIFDs`).
    public func converted(to newOrder: ByteOrder) throws(FormatError) -> ExifTIFF {
        guard newOrder != order else { return self }
        if let note = makerNote, !note.isEmpty, !AppleMakerNote.isApple(note) {
            throw FormatError(.unsupported, "the Exif holds another maker's MakerNote, which may depend on the byte order")
        }
        var swaps: [(at: Int, size: Int)] = [(2, 2), (4, 4)]
        var pending = [bytes.loadUInt32(at: 4, order)]
        var seen: Set<UInt32> = []
        while let offset = pending.popLast() {
            guard offset != 0, seen.insert(offset).inserted else { continue }
            guard seen.count <= Self.maxIFDs else { throw FormatError(.malformed, "the Exif holds more than \(Self.maxIFDs) IFDs") }
            let ifd = try IFD.parse(bytes, at: offset, order: order)
            let at = ifd.offset
            swaps.append((at, 2))
            for entry in ifd.entries {
                let p = entry.entryPosition
                swaps += [(p, 2), (p + 2, 2), (p + 4, 4)]
                guard let size = TIFFType.elementSize(entry.type), let length = entry.valueLength else {
                    throw FormatError(.unsupported, "Exif tag 0x\(String(entry.tag, radix: 16)) has unknown TIFF type \(entry.type)")
                }
                // RATIONAL and SRATIONAL are two 4-byte numbers; every other type one number of its size.
                let unit = entry.type == 5 || entry.type == 10 ? 4 : size
                let start: Int
                if entry.isOutOfLine {
                    swaps.append((p + 8, 4))
                    start = entry.offset(order)
                    guard start <= bytes.count, length <= bytes.count - start else {
                        throw FormatError(.malformed, "Exif tag 0x\(String(entry.tag, radix: 16)) points past the end of the Exif data")
                    }
                } else {
                    start = p + 8
                }
                if unit > 1 { swaps += stride(from: start, to: start + length, by: unit).map { ($0, unit) } }
                let pointsAtIFDs = Self.subIFDPointerTags.contains(entry.tag) || entry.type == 13
                if pointsAtIFDs, entry.type == TIFFType.long || entry.type == 13 {
                    let field = entry.isOutOfLine ? Array(bytes[start..<start + length]) : entry.valueField
                    pending += stride(from: 0, to: length, by: 4).map { field.loadUInt32(at: $0, order) }
                }
            }
            if at + 2 + 12 * ifd.entries.count + 4 <= bytes.count {
                swaps.append((at + 2 + 12 * ifd.entries.count, 4))
                pending.append(bytes.loadUInt32(at: at + 2 + 12 * ifd.entries.count, order))
            }
        }
        // A number two entries (or an entry and an IFD) share would be swapped twice, back to where it was.
        let sorted = swaps.sorted { $0.at < $1.at }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.at + a.size > b.at {
            throw FormatError(.malformed, "two parts of the Exif overlap at byte \(b.at)")
        }
        var out = bytes
        out[0] = newOrder == .littleEndian ? 0x49 : 0x4D
        out[1] = out[0]
        for (at, size) in swaps { out[at..<at + size].reverse() }
        return try ExifTIFF(bytes: out)
    }
}

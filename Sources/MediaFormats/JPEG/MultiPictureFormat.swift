/// The Multi-Picture Format index (CIPA DC-007) in a JPEG's APP2 `MPF\0` segment: how Ultra HDR readers find the gain
/// map after the primary image (docs/formats/motion-photo.md#ultra-hdr-gain-maps). Its first entry gives the primary JPEG's whole size; each later
/// entry's offset counts from the TIFF header inside the segment (the byte after `MPF\0`). When the primary's header
/// grows (a larger XMP, a MakerNote), the primary's size grows by as much, and a later image's offset by what was added
/// after the segment; everything else stays as it was.
public enum MultiPictureFormat {
    /// The APP2 payload's first bytes.
    public static let signature: [UInt8] = Array("MPF".utf8) + [0]
    /// The MP Entry tag: 16 bytes per image.
    static let entryTag: UInt16 = 0xB002

    /// True for an APP2 payload that starts with `MPF\0`.
    public static func isIndex(_ payload: [UInt8]) -> Bool { payload.starts(with: signature) }

    /// `payload` (an APP2 `MPF\0` segment's) with the first entry's size grown by `primaryGrowth` and every later
    /// entry's non-zero offset moved by `laterShift`.
    /// - Throws: when the index does not read (no TIFF header, no MP Entry tag, entries past the segment) or a new
    ///   value does not fit in 32 bits.
    public static func adjusted(_ payload: [UInt8], primaryGrowth: Int64, laterShift: Int64) throws(FormatError) -> [UInt8] {
        guard isIndex(payload), payload.count >= signature.count + 8 else {
            throw FormatError(.malformed, "the MPF segment is too short for its TIFF header")
        }
        var tiff = Array(payload[signature.count...])
        let order: ByteOrder
        switch (tiff[0], tiff[1]) {
        case (0x4D, 0x4D): order = .bigEndian
        case (0x49, 0x49): order = .littleEndian
        default: throw FormatError(.malformed, "the MPF segment has no TIFF byte order")
        }
        let ifd = try IFD.parse(tiff, at: tiff.loadUInt32(at: 4, order), order: order)
        guard let entries = ifd.entry(entryTag), entries.count % 16 == 0, entries.count > 0 else {
            throw FormatError(.malformed, "the MPF index has no MP Entry list")
        }
        let at = entries.isOutOfLine ? entries.offset(order) : entries.entryPosition + 8
        guard at >= 0, Int64(at) + Int64(entries.count) <= Int64(tiff.count) else {
            throw FormatError(.malformed, "the MP Entry list runs past its segment")
        }
        for index in 0..<Int(entries.count) / 16 {
            let entry = at + 16 * index
            func grow(_ position: Int, by delta: Int64) throws(FormatError) {
                let value = Int64(tiff.loadUInt32(at: position, order)) + delta
                guard let fits = UInt32(exactly: value) else {
                    throw FormatError(.unsupported, "an MPF size or offset would not fit in 32 bits")
                }
                tiff.storeUInt32(fits, at: position, order)
            }
            if index == 0 {
                try grow(entry + 4, by: primaryGrowth)
            } else if tiff.loadUInt32(at: entry + 8, order) != 0 {
                try grow(entry + 8, by: laterShift)
            }
        }
        return signature + tiff
    }
}

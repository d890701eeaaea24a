extension ExifTIFF {
    /// IFD1's `JPEGInterchangeFormat`: where the thumbnail's JPEG starts.
    static let thumbnailOffsetTag: UInt16 = 0x0201
    /// IFD1's `JPEGInterchangeFormatLength`: the thumbnail's length.
    static let thumbnailLengthTag: UInt16 = 0x0202

    /// The Exif thumbnail's JPEG bytes (IFD1), when IFD1 is there and its offset and length fit the stream.
    public var thumbnailJPEG: [UInt8]? {
        let at = ifd0.nextOffset
        guard at > 0, UInt64(at) != UInt64(ifd0.offset), let ifd1 = try? IFD.parse(bytes, at: at, order: order),
            let offsetEntry = ifd1.entry(Self.thumbnailOffsetTag), let lengthEntry = ifd1.entry(Self.thumbnailLengthTag),
            let start = Self.unsignedValue(offsetEntry, order), let length = Self.unsignedValue(lengthEntry, order),
            length > 0, start <= bytes.count, length <= bytes.count - start
        else { return nil }
        return Array(bytes[start..<start + length])
    }

    /// Unlinks IFD1 (the thumbnail's directory) from IFD0: readers no longer find a thumbnail. Its bytes stay where
    /// they were, so no offset in the stream moves.
    public mutating func removeThumbnail() throws(FormatError) {
        guard ifd0.nextOffset != 0 else { return }
        let nextField = ifd0.offset + 2 + 12 * ifd0.entries.count
        guard nextField + 4 <= bytes.count else { throw FormatError(.malformed, "IFD0's next-IFD offset lies past the Exif data") }
        bytes.storeUInt32(0, at: nextField, order)
        try reparseAfterEdit()
    }

    /// A SHORT or LONG tag's single value.
    static func unsignedValue(_ entry: IFDEntry, _ order: ByteOrder) -> Int? {
        guard entry.count == 1 else { return nil }
        switch entry.type {
        case 3: return Int(entry.valueField.loadUInt16(at: 0, order))
        case TIFFType.long: return Int(clamping: entry.valueField.loadUInt32(at: 0, order))
        default: return nil
        }
    }
}

extension SamsungTrailer {
    /// The bytes that make a HEIC's `mpv2` record (docs/formats/samsung.md#heic-layouts) point at a video moved to
    /// `videoOffset`, at the file offset they go; nil when the trailer has no `mpv2` record.
    /// - Throws: ``FormatError`` (unsupported) when the offset does not fit the record's 32-bit field.
    public func heicVideoOffsetField(_ videoOffset: Int64) throws(FormatError) -> (offset: Int64, bytes: [UInt8])? {
        guard let record = motionPhotoData, record.dataLength == 12 else { return nil }
        guard videoOffset >= 0, videoOffset <= Int64(UInt32.max) else {
            throw FormatError(.unsupported, "the video would start past 4 GiB, beyond Samsung's mpv2 offset")
        }
        var field = [UInt8](repeating: 0, count: 4)
        field.storeUInt32(UInt32(videoOffset), at: 0, .bigEndian)
        return (record.dataOffset + 4, field)
    }
}

extension ExifTIFF {
    /// The transform IFD0's `Orientation` states; nil when there is no such tag or its value is outside 1...8.
    public var statedTransform: ImageTransform? { orientation.flatMap(ImageTransform.init(exifOrientation:)) }

    /// Rewrites IFD0's `Orientation` value where it is (2 bytes; nothing else moves).
    /// - Throws: ``FormatError`` (unsupported) when IFD0 has no `Orientation` of one SHORT to rewrite.
    public mutating func setOrientation(_ transform: ImageTransform) throws(FormatError) {
        guard let entry = ifd0.entry(Self.orientationTag), entry.type == 3, entry.count == 1 else {
            throw FormatError(.unsupported, "the Exif data has no Orientation tag to rewrite")
        }
        bytes.storeUInt16(UInt16(transform.exifOrientation), at: entry.entryPosition + 8, order)
        try reparseAfterEdit()
    }
}

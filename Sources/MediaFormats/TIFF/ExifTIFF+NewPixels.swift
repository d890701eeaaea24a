extension ExifTIFF {
    /// IFD0's `Orientation` (SHORT).
    public static let orientationTag: UInt16 = 0x0112
    /// The Exif IFD's `ColorSpace` (SHORT; 1 is sRGB).
    public static let colorSpaceTag: UInt16 = 0xA001
    /// The Exif IFD's `PixelXDimension` (SHORT or LONG): the width of the compressed picture, in pixels.
    public static let pixelWidthTag: UInt16 = 0xA002
    /// The Exif IFD's `PixelYDimension` (SHORT or LONG): the height of the compressed picture, in pixels.
    public static let pixelHeightTag: UInt16 = 0xA003

    /// Makes the stream describe other pixels of the same scene (a new frame given another photo's metadata): the
    /// orientation upright (1), the pixel size `width` × `height`, the colour space sRGB, and IFD1 (the old image's
    /// thumbnail) unlinked. Every other tag (dates, GPS, the camera, the MakerNote) stays as it was.
    public mutating func describeNewPixels(width: Int, height: Int) throws(FormatError) {
        if orientation != nil { try? setOrientation(.identity) }
        try? removeThumbnail()
        func long(_ v: Int) -> [UInt8] {
            var field = [UInt8](repeating: 0, count: 4)
            field.storeUInt32(UInt32(clamping: v), at: 0, order)
            return field
        }
        var sRGB = [UInt8](repeating: 0, count: 2)
        sRGB.storeUInt16(1, at: 0, order)
        try setExifTag(Self.colorSpaceTag, type: 3, count: 1, value: sRGB)
        try setExifTag(Self.pixelWidthTag, type: TIFFType.long, count: 1, value: long(width))
        try setExifTag(Self.pixelHeightTag, type: TIFFType.long, count: 1, value: long(height))
    }
}

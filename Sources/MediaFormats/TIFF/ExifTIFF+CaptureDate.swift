extension ExifTIFF {
    /// The Exif IFD's `DateTimeOriginal` (0x9003, ASCII 20): when the picture was taken, on the camera's clock.
    public static let dateTimeOriginalTag: UInt16 = 0x9003
    /// The Exif IFD's `DateTimeDigitized` (0x9004, ASCII 20).
    public static let dateTimeDigitizedTag: UInt16 = 0x9004
    /// The Exif IFD's `OffsetTime` (0x9010, ASCII 7, `±HH:MM`): the offset of IFD0's `DateTime`.
    public static let offsetTimeTag: UInt16 = 0x9010
    /// The Exif IFD's `OffsetTimeOriginal` (0x9011): the offset of `DateTimeOriginal`.
    public static let offsetTimeOriginalTag: UInt16 = 0x9011
    /// The Exif IFD's `OffsetTimeDigitized` (0x9012): the offset of `DateTimeDigitized`.
    public static let offsetTimeDigitizedTag: UInt16 = 0x9012

    /// The text of an ASCII tag of the Exif IFD, up to its first NUL; nil when the tag is missing or not ASCII.
    public func exifString(_ tag: UInt16) -> String? {
        guard let e = exifIFD?.entry(tag), e.type == TIFFType.ascii, let v = try? IFD.value(of: e, in: bytes, order: order) else {
            return nil
        }
        return String(decoding: v.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// `DateTimeOriginal`; nil when missing or a placeholder (docs/formats/takeout.md#what-is-written-into-the-files).
    public var dateTimeOriginal: ExifDateTime? { exifString(Self.dateTimeOriginalTag).flatMap(ExifDateTime.init(text:)) }

    /// `DateTimeDigitized`; nil when missing or a placeholder.
    public var dateTimeDigitized: ExifDateTime? { exifString(Self.dateTimeDigitizedTag).flatMap(ExifDateTime.init(text:)) }

    /// The offset `DateTimeOriginal` is in: `OffsetTimeOriginal`, in seconds east of UTC; nil when not stated.
    public var offsetTimeOriginal: Int? { exifString(Self.offsetTimeOriginalTag).flatMap(ExifDateTime.offsetSeconds) }

    /// The offset of the camera's clock that the file states in any of `OffsetTimeOriginal`, `OffsetTime` or
    /// `OffsetTimeDigitized`, in that order; nil when none is stated.
    public var statedOffset: Int? {
        [Self.offsetTimeOriginalTag, Self.offsetTimeTag, Self.offsetTimeDigitizedTag].lazy.compactMap {
            self.exifString($0).flatMap(ExifDateTime.offsetSeconds)
        }.first
    }

    /// Writes the capture time (docs/formats/takeout.md#what-is-written-into-the-files): `DateTimeOriginal` as
    /// `clock` with `OffsetTimeOriginal` `offset`, and `DateTimeDigitized` with `OffsetTimeDigitized` the same when
    /// the file has no real `DateTimeDigitized`. Every other tag stays; new values are appended (``setExifTag(_:type:count:value:)``).
    /// - Parameters:
    ///   - clock: the wall clock to write.
    ///   - offset: the clock's offset from UTC, in seconds east.
    public mutating func setCaptureTime(_ clock: ExifDateTime, offset: Int) throws(FormatError) {
        let date = Array(clock.text.utf8) + [0]
        let zone = Array(ExifDateTime.offsetText(offset).utf8) + [0]
        let digitizedMissing = dateTimeDigitized == nil
        try setExifTag(Self.dateTimeOriginalTag, type: TIFFType.ascii, count: UInt32(date.count), value: date)
        try setExifTag(Self.offsetTimeOriginalTag, type: TIFFType.ascii, count: UInt32(zone.count), value: zone)
        if digitizedMissing {
            try setExifTag(Self.dateTimeDigitizedTag, type: TIFFType.ascii, count: UInt32(date.count), value: date)
            try setExifTag(Self.offsetTimeDigitizedTag, type: TIFFType.ascii, count: UInt32(zone.count), value: zone)
        }
    }
}

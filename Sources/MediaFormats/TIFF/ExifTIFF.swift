/// The TIFF stream inside Exif: byte order, IFD0 and the Exif IFD, and the MakerNote that iPhones keep there.
///
/// Editing appends instead of rewriting: new IFDs or a larger MakerNote go at the end of the stream and only
/// the pointers to them change, so every other byte (thumbnails, unknown tags, their offsets) stays put.
public struct ExifTIFF: Sendable, Equatable {
    /// IFD0's pointer to the Exif IFD (Exif IFD Pointer, 0x8769).
    public static let exifIFDPointerTag: UInt16 = 0x8769
    /// The Exif IFD's MakerNote (0x927C, UNDEFINED).
    public static let makerNoteTag: UInt16 = 0x927C
    /// IFD0 `Make`: the camera's maker.
    public static let makeTag: UInt16 = 0x010F
    /// IFD0 `Model`: the camera's model.
    public static let modelTag: UInt16 = 0x0110
    /// The Exif IFD's `UserComment` (UNDEFINED): where OPPO writes `oplus_…` and vivo its signature.
    public static let userCommentTag: UInt16 = 0x9286
    /// An Exif IFD tag Xiaomi's cameras write (BYTE 1) and its gallery reportedly checks.
    public static let xiaomiMarkTag: UInt16 = 0x8897
    /// `UserComment`'s character codes: `ASCII`, `UNICODE`, `JIS`, undefined.
    static let userCommentCodes: [[UInt8]] = [
        Array("ASCII".utf8) + [0, 0, 0], Array("UNICODE".utf8) + [0], Array("JIS".utf8) + [0, 0, 0, 0, 0], [UInt8](repeating: 0, count: 8),
    ]

    /// The TIFF stream from its header; every offset in it counts from byte 0.
    public internal(set) var bytes: [UInt8]
    /// The byte order the header gives (`MM` big-endian, `II` little-endian).
    public let order: ByteOrder
    /// IFD0, the primary image's directory.
    public private(set) var ifd0: IFD
    /// The Exif IFD; nil when IFD0 has no pointer to one.
    public private(set) var exifIFD: IFD?

    /// Parses the header, IFD0 and the Exif IFD.
    /// - Throws: when the header is not a TIFF header (under 8 bytes, no `MM`/`II`, magic number not 42), the Exif
    ///   IFD pointer loops back to IFD0, or an IFD is cut short.
    public init(bytes: [UInt8]) throws(FormatError) {
        guard bytes.count >= 8 else { throw FormatError(.truncated, "the Exif TIFF header is shorter than 8 bytes") }
        switch (bytes[0], bytes[1]) {
        case (0x4D, 0x4D): order = .bigEndian
        case (0x49, 0x49): order = .littleEndian
        default: throw FormatError(.notRecognized, "the Exif data does not start with a TIFF header")
        }
        guard bytes.loadUInt16(at: 2, order) == 42 else { throw FormatError(.malformed, "the TIFF header's magic number is not 42") }
        self.bytes = bytes
        let first = bytes.loadUInt32(at: 4, order)
        ifd0 = try IFD.parse(bytes, at: first, order: order)
        exifIFD = nil
        if let pointer = ifd0.entry(Self.exifIFDPointerTag) {
            let at = pointer.offsetValue(order)
            guard at != first else { throw FormatError(.malformed, "the Exif IFD pointer loops back to IFD0") }
            exifIFD = try IFD.parse(bytes, at: at, order: order)
        }
    }

    /// A new TIFF stream, big-endian as iPhones write, holding the tags the Exif standard requires of a
    /// JPEG: resolution 72 dpi, YCbCr positioning, and in the Exif IFD the Exif and FlashPix versions,
    /// component order, sRGB colour space and, when known, the pixel size.
    public static func minimal(width: Int?, height: Int?) -> [UInt8] {
        func short(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF), 0, 0] }
        func long(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        let ifd0Count = 5
        let ifd0At = 8
        let rationalsAt = ifd0At + 2 + 12 * ifd0Count + 4
        let exifAt = rationalsAt + 16
        let ifd0: [IFDEntry] = [
            IFDEntry(tag: 0x011A, type: 5, count: 1, valueField: long(UInt32(rationalsAt))),
            IFDEntry(tag: 0x011B, type: 5, count: 1, valueField: long(UInt32(rationalsAt + 8))),
            IFDEntry(tag: 0x0128, type: 3, count: 1, valueField: short(2)),
            IFDEntry(tag: 0x0213, type: 3, count: 1, valueField: short(1)),
            IFDEntry(tag: exifIFDPointerTag, type: TIFFType.long, count: 1, valueField: long(UInt32(exifAt))),
        ]
        var exif: [IFDEntry] = [
            IFDEntry(tag: 0x9000, type: TIFFType.undefined, count: 4, valueField: Array("0232".utf8)),
            IFDEntry(tag: 0x9101, type: TIFFType.undefined, count: 4, valueField: [1, 2, 3, 0]),
            IFDEntry(tag: 0xA000, type: TIFFType.undefined, count: 4, valueField: Array("0100".utf8)),
            IFDEntry(tag: 0xA001, type: 3, count: 1, valueField: short(1)),
        ]
        if let width, let height, width > 0, height > 0 {
            exif.append(IFDEntry(tag: 0xA002, type: TIFFType.long, count: 1, valueField: long(UInt32(width))))
            exif.append(IFDEntry(tag: 0xA003, type: TIFFType.long, count: 1, valueField: long(UInt32(height))))
        }
        var w = ByteWriter()
        w.appendASCII("MM")
        w.appendUInt16(42)
        w.appendUInt32(UInt32(ifd0At))
        w.append(IFD.serialize(ifd0, next: 0, order: .bigEndian))
        for _ in 0..<2 {
            w.appendUInt32(72)
            w.appendUInt32(1)
        }
        w.append(IFD.serialize(exif, next: 0, order: .bigEndian))
        return w.bytes
    }

    /// The MakerNote bytes, if the Exif IFD has one.
    public var makerNote: [UInt8]? {
        guard let e = exifIFD?.entry(Self.makerNoteTag) else { return nil }
        return try? IFD.value(of: e, in: bytes, order: order)
    }

    /// An ASCII tag of IFD0 (Make 0x010F, Model 0x0110...).
    public func string(ifd0Tag tag: UInt16) -> String? {
        guard let e = ifd0.entry(tag), e.type == TIFFType.ascii, let v = try? IFD.value(of: e, in: bytes, order: order) else { return nil }
        return String(decoding: v.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// IFD0's Orientation (0x0112): 1 upright, 6 rotate 90° clockwise to view, 3 rotate 180°, 8 rotate 270°...
    public var orientation: Int? {
        guard let e = ifd0.entry(0x0112), e.type == 3, e.count == 1 else { return nil }
        return Int(e.valueField.loadUInt16(at: 0, order))
    }

    /// Stores `makerNote` as the Exif IFD's MakerNote, adding the Exif IFD and the tag when missing.
    public mutating func setMakerNote(_ makerNote: [UInt8]) throws(FormatError) {
        try setExifTag(Self.makerNoteTag, type: TIFFType.undefined, count: UInt32(makerNote.count), value: makerNote)
    }

    /// The Exif IFD's `UserComment` (0x9286) as text: its 8-byte character code (`ASCII`, `UNICODE`, zeros) left
    /// out when there is one (vivo writes raw UTF-8 without it), and trailing NULs and spaces trimmed.
    public var userComment: String? {
        guard let e = exifIFD?.entry(Self.userCommentTag), let v = try? IFD.value(of: e, in: bytes, order: order) else { return nil }
        var text = v
        if v.count >= 8, Self.userCommentCodes.contains(where: { Array(v.prefix(8)) == $0 }) { text = Array(v.dropFirst(8)) }
        while let last = text.last, last == 0 || last == 0x20 { text.removeLast() }
        return String(decoding: text, as: UTF8.self)
    }

    /// `UserComment`'s value for `text`: the `ASCII` character code and the text, or the raw UTF-8 bytes and a NUL
    /// (vivo's form) when `charsetPrefix` is false.
    public static func userCommentValue(_ text: String, charsetPrefix: Bool = true) -> [UInt8] {
        charsetPrefix ? userCommentCodes[0] + Array(text.utf8) : Array(text.utf8) + [0]
    }

    /// Stores a tag in the Exif IFD (adding the IFD when missing): a value that fits in 4 bytes in the entry itself,
    /// a longer one where the old value was when it fits there, else appended. `value` holds `count` elements of
    /// `type`, in this stream's byte order.
    public mutating func setExifTag(_ tag: UInt16, type: UInt16, count: UInt32, value: [UInt8]) throws(FormatError) {
        guard let size = TIFFType.elementSize(type), Int64(size) * Int64(count) == Int64(value.count) else {
            throw FormatError(.unsupported, "an Exif value of \(value.count) bytes is not \(count) elements of type \(type)")
        }
        if exifIFD == nil {
            // Append an empty Exif IFD and a copy of IFD0 that points at it; repoint the header.
            let exifAt = alignedEnd()
            bytes += [UInt8](repeating: 0, count: exifAt - bytes.count)
            bytes += IFD.serialize([], next: 0, order: order)
            var field = [UInt8](repeating: 0, count: 4)
            field.storeUInt32(UInt32(exifAt), at: 0, order)
            var entries = ifd0.entries
            entries.append(IFDEntry(tag: Self.exifIFDPointerTag, type: TIFFType.long, count: 1, valueField: field))
            let ifd0At = try appendIFD(entries, next: ifd0.nextOffset)
            bytes.storeUInt32(UInt32(ifd0At), at: 4, order)
            try reparse()
        }
        guard let exif = exifIFD else { throw FormatError(.malformed, "the Exif IFD could not be created") }
        let existing = exif.entry(tag)
        var field = [UInt8](repeating: 0, count: 4)
        if value.count <= 4 {
            field.replaceSubrange(0..<value.count, with: value)
        } else if tag == Self.makerNoteTag, let existing, existing.isOutOfLine, let old = existing.valueLength, value.count <= old {
            // A MakerNote that fits where the old one was (where iPhones leave room): overwrite, clear the tail, shrink
            // the count. Other tags are appended: an old offset could point anywhere, the IFDs included.
            let at = existing.offset(order)
            guard old <= bytes.count, at <= bytes.count - old else {
                throw FormatError(.malformed, "Exif tag \(tag) points past the Exif data")
            }
            bytes.replaceSubrange(at..<at + old, with: value + [UInt8](repeating: 0, count: old - value.count))
            field.storeUInt32(UInt32(at), at: 0, order)
        } else {
            let valueAt = alignedEnd()
            bytes += [UInt8](repeating: 0, count: valueAt - bytes.count)
            bytes += value
            field.storeUInt32(UInt32(valueAt), at: 0, order)
        }
        if let existing {
            // The entry is rewritten in place; an old value elsewhere stays where it was.
            bytes.storeUInt16(type, at: existing.entryPosition + 2, order)
            bytes.storeUInt32(count, at: existing.entryPosition + 4, order)
            bytes.replaceSubrange(existing.entryPosition + 8..<existing.entryPosition + 12, with: field)
        } else {
            // The Exif IFD grows by one entry: append a copy with the entry (in tag order) and repoint IFD0 at it.
            var entries = exif.entries
            let entry = IFDEntry(tag: tag, type: type, count: count, valueField: field)
            entries.insert(entry, at: entries.firstIndex { $0.tag > tag } ?? entries.count)
            let exifAt = try appendIFD(entries, next: exif.nextOffset)
            guard let pointer = ifd0.entry(Self.exifIFDPointerTag) else { throw FormatError(.malformed, "IFD0 lost its Exif pointer") }
            bytes.storeUInt32(UInt32(exifAt), at: pointer.entryPosition + 8, order)
        }
        guard UInt64(bytes.count) <= UInt64(UInt32.max) else { throw FormatError(.unsupported, "the Exif data would exceed 4 GiB") }
        try reparse()
    }

    func alignedEnd() -> Int { bytes.count + (bytes.count & 1) }

    mutating func appendIFD(_ entries: [IFDEntry], next: UInt32) throws(FormatError) -> Int {
        let at = alignedEnd()
        bytes += [UInt8](repeating: 0, count: at - bytes.count)
        bytes += IFD.serialize(entries, next: next, order: order)
        return at
    }

    private mutating func reparse() throws(FormatError) { self = try ExifTIFF(bytes: bytes) }

    /// Parses the stream again after an edit made in place by an extension.
    mutating func reparseAfterEdit() throws(FormatError) { try reparse() }
}

/// TIFF field types and their element sizes, including BigTIFF's 8-byte types that Apple MakerNotes use
/// inside classic TIFF (docs/formats/live-photo.md#makernote-layout).
public enum TIFFType {
    /// BYTE (TIFF 6.0): an unsigned 8-bit integer.
    public static let byte: UInt16 = 1
    /// ASCII (TIFF 6.0): 8-bit bytes holding NUL-terminated text.
    public static let ascii: UInt16 = 2
    /// LONG (TIFF 6.0): an unsigned 32-bit integer.
    public static let long: UInt16 = 4
    /// UNDEFINED (TIFF 6.0): bytes whose meaning the tag defines.
    public static let undefined: UInt16 = 7
    /// SLONG (TIFF 6.0): a signed 32-bit integer.
    public static let slong: UInt16 = 9

    /// Bytes per element, or nil for a type this table does not know.
    public static func elementSize(_ type: UInt16) -> Int? {
        switch type {
        case 1, 2, 6, 7: return 1  // BYTE, ASCII, SBYTE, UNDEFINED
        case 3, 8: return 2  // SHORT, SSHORT
        case 4, 9, 11, 13: return 4  // LONG, SLONG, FLOAT, IFD
        case 5, 10, 12, 16, 17, 18: return 8  // RATIONAL, SRATIONAL, DOUBLE, LONG8, SLONG8, IFD8
        default: return nil
        }
    }
}

/// One 12-byte IFD entry as stored.
public struct IFDEntry: Sendable, Equatable {
    /// The tag number.
    public var tag: UInt16
    /// The field type (``TIFFType``).
    public var type: UInt16
    /// The number of values of ``type``, not of bytes.
    public var count: UInt32
    /// The 4 value-or-offset bytes, verbatim.
    public var valueField: [UInt8]
    /// Where the entry sits, relative to the start of the structure its offsets count from.
    public var entryPosition: Int

    /// An entry as stored; `entryPosition` matters only for an entry read from bytes.
    public init(tag: UInt16, type: UInt16, count: UInt32, valueField: [UInt8], entryPosition: Int = 0) {
        self.tag = tag
        self.type = type
        self.count = count
        self.valueField = valueField
        self.entryPosition = entryPosition
    }

    /// The value's byte length, or nil for an unknown type.
    public var valueLength: Int? { TIFFType.elementSize(type).map { Int(clamping: Int64($0) * Int64(count)) } }

    /// True when the value lives elsewhere and ``valueField`` holds its offset.
    public var isOutOfLine: Bool { (valueLength ?? 0) > 4 }

    /// The value offset held in ``valueField``; meaningful only when ``isOutOfLine``. (A 32-bit `Int` holds it only
    /// up to 2 GiB: past that it is `Int.max`, past any data; ``offsetValue(_:)`` has it as written.)
    public func offset(_ order: ByteOrder) -> Int { Int(clamping: offsetValue(order)) }

    /// The value offset held in ``valueField``, as written.
    public func offsetValue(_ order: ByteOrder) -> UInt32 { valueField.loadUInt32(at: 0, order) }

    /// The value's byte length as the entry states it, whatever its size; nil for an unknown type.
    public var valueByteCount: Int64? { TIFFType.elementSize(type).map { Int64($0) * Int64(count) } }
}

/// An image file directory: its entries and the offset of the next one.
public struct IFD: Sendable, Equatable {
    /// Where the IFD starts, counted like its entries' offsets.
    public var offset: Int
    /// The entries, in stored order.
    public var entries: [IFDEntry]
    /// The offset of the next IFD (IFD1 after IFD0); 0 when there is none or the bytes end first.
    public var nextOffset: UInt32

    /// The first entry for `tag`; nil when there is none.
    public func entry(_ tag: UInt16) -> IFDEntry? { entries.first { $0.tag == tag } }

    /// Parses the IFD at `offset` of `bytes`; its entries' value offsets count from the start of `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: the structure (a TIFF stream, or a MakerNote).
    ///   - offset: where the IFD starts in `bytes`.
    ///   - order: the byte order.
    public static func parse(_ bytes: [UInt8], at offset: UInt32, order: ByteOrder) throws(FormatError) -> IFD {
        guard UInt64(offset) <= UInt64(bytes.count) else {
            throw FormatError(.malformed, "offset \(offset) lies outside the data", at: Int64(offset))
        }
        return try parse(bytes, at: Int(offset), order: order)
    }

    /// ``parse(_:at:order:)`` at an offset already within `bytes`' size.
    public static func parse(_ bytes: [UInt8], at offset: Int, order: ByteOrder) throws(FormatError) -> IFD {
        var r = ByteReader(bytes)
        try r.seek(to: offset)
        let count = try r.readInteger(UInt16.self, order, "IFD entry count")
        try r.checkCount(UInt64(count), elementSize: 12, "IFD at \(offset)")
        var entries: [IFDEntry] = []
        entries.reserveCapacity(Int(count))
        for _ in 0..<count {
            let position = r.position
            let tag = try r.readInteger(UInt16.self, order, "IFD entry")
            let type = try r.readInteger(UInt16.self, order, "IFD entry")
            let n = try r.readInteger(UInt32.self, order, "IFD entry")
            entries.append(IFDEntry(tag: tag, type: type, count: n, valueField: try r.readBytes(4, "IFD entry"), entryPosition: position))
        }
        let next = r.remaining >= 4 ? try r.readInteger(UInt32.self, order, "next IFD offset") : 0
        return IFD(offset: offset, entries: entries, nextOffset: next)
    }

    /// The value bytes of `entry`, read inline or at its offset (counted from the start of `bytes`).
    public static func value(of entry: IFDEntry, in bytes: [UInt8], order: ByteOrder) throws(FormatError) -> [UInt8] {
        guard let length = entry.valueLength else {
            throw FormatError(.unsupported, "tag 0x\(String(entry.tag, radix: 16)) has unknown TIFF type \(entry.type)")
        }
        if length <= 4 { return Array(entry.valueField.prefix(length)) }
        let start = entry.offset(order)
        guard start <= bytes.count, length <= bytes.count - start else {
            throw FormatError(
                .malformed,
                "tag 0x\(String(entry.tag, radix: 16)) points at \(entry.valueByteCount ?? Int64(length)) bytes past the end of its data")
        }
        return Array(bytes[start..<start + length])
    }

    /// Serialises entries (sorted by tag) followed by the next-IFD offset.
    public static func serialize(_ entries: [IFDEntry], next: UInt32, order: ByteOrder) -> [UInt8] {
        var w = ByteWriter()
        w.appendUInt16(UInt16(entries.count), order)
        for e in entries.sorted(by: { $0.tag < $1.tag }) {
            w.appendUInt16(e.tag, order)
            w.appendUInt16(e.type, order)
            w.appendUInt32(e.count, order)
            w.append(e.valueField)
        }
        w.appendUInt32(next, order)
        return w.bytes
    }
}

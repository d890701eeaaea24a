/// An Apple MakerNote: `"Apple iOS\0"`, a u16 version, a byte-order mark, then a classic IFD whose value
/// offsets count from the MakerNote's first byte (docs/formats/live-photo.md#makernote-layout), so the blob can move as a unit.
///
/// Editing keeps every other tag's value bytes and the layout of the value area byte for byte.
public struct AppleMakerNote: Sendable, Equatable {
    /// `Apple iOS` and a NUL: the first 10 bytes of an Apple MakerNote.
    public static let signature: [UInt8] = Array("Apple iOS".utf8) + [0]
    /// Tag 0x0011, the Live Photo content identifier (ExifTool: ContentIdentifier / MediaGroupUUID).
    public static let contentIdentifierTag: UInt16 = 0x0011

    /// The whole MakerNote, signature included; the IFD's value offsets count from its first byte.
    public private(set) var bytes: [UInt8]
    /// The IFD's byte order, from the mark at byte 12 (`MM` on every iPhone seen).
    public let order: ByteOrder
    /// The MakerNote's IFD, at byte 14.
    public private(set) var ifd: IFD

    /// True when `bytes` start with the Apple MakerNote signature.
    public static func isApple(_ bytes: [UInt8]) -> Bool { bytes.starts(with: signature) }

    /// Parses a MakerNote.
    /// - Throws: when `bytes` lack the signature or a byte-order mark, end inside the header, or the IFD is cut short.
    public init(bytes: [UInt8]) throws(FormatError) {
        guard Self.isApple(bytes) else { throw FormatError(.notRecognized, "not an Apple MakerNote") }
        guard bytes.count >= 16 else { throw FormatError(.truncated, "the Apple MakerNote ends inside its header") }
        switch (bytes[12], bytes[13]) {
        case (0x4D, 0x4D): order = .bigEndian
        case (0x49, 0x49): order = .littleEndian
        default: throw FormatError(.malformed, "the Apple MakerNote has no byte-order mark")
        }
        self.bytes = bytes
        ifd = try IFD.parse(bytes, at: 14, order: order)
    }

    /// A new MakerNote holding MakerNoteVersion 14 and nothing else, in the form iPhones write.
    public static func empty() -> AppleMakerNote {
        var w = ByteWriter()
        w.append(signature)
        w.appendUInt16(1)
        w.appendASCII("MM")
        w.append(
            IFD.serialize([IFDEntry(tag: 0x0001, type: TIFFType.slong, count: 1, valueField: [0, 0, 0, 14])], next: 0, order: .bigEndian))
        // The initialiser cannot fail on these bytes; fall back to a bare value if it ever did.
        return (try? AppleMakerNote(bytes: w.bytes)) ?? AppleMakerNote(unchecked: w.bytes)
    }

    private init(unchecked bytes: [UInt8]) {
        self.bytes = bytes
        order = .bigEndian
        ifd = IFD(offset: 14, entries: [], nextOffset: 0)
    }

    /// The text of an ASCII tag, without its terminating NUL.
    public func string(_ tag: UInt16) -> String? {
        guard let e = ifd.entry(tag), e.type == TIFFType.ascii, let value = try? IFD.value(of: e, in: bytes, order: order) else {
            return nil
        }
        return String(decoding: value.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// The raw value bytes of a tag.
    public func value(_ tag: UInt16) -> [UInt8]? {
        guard let e = ifd.entry(tag) else { return nil }
        return try? IFD.value(of: e, in: bytes, order: order)
    }

    /// Sets an ASCII tag (a NUL is appended).
    ///
    /// A value of the same length is overwritten where it is; otherwise the IFD is rebuilt with the value
    /// area moved as one block, every offset into it shifted, and the new value appended.
    public mutating func setString(_ value: String, for tag: UInt16) throws(FormatError) {
        let newValue = Array(value.utf8) + [0]
        if let existing = ifd.entry(tag), existing.type == TIFFType.ascii, existing.count == UInt32(newValue.count), existing.isOutOfLine {
            let at = existing.offset(order)
            guard at <= bytes.count - newValue.count else {
                throw FormatError(.malformed, "MakerNote tag 0x\(String(tag, radix: 16)) points past the MakerNote")
            }
            bytes.replaceSubrange(at..<at + newValue.count, with: newValue)
            return
        }
        let oldCount = ifd.entries.count
        let hadTag = ifd.entry(tag) != nil
        let newCount = hadTag ? oldCount : oldCount + 1
        let oldDataStart = 14 + 2 + 12 * oldCount + 4
        let shift = 12 * (newCount - oldCount)
        guard oldDataStart <= bytes.count else { throw FormatError(.truncated, "the MakerNote ends inside its IFD") }
        let valueArea = Array(bytes[oldDataStart...])
        let newValueOffset = oldDataStart + shift + valueArea.count
        var entries: [IFDEntry] = []
        for var e in ifd.entries where e.tag != tag {
            if e.isOutOfLine, e.offset(order) >= oldDataStart, e.offset(order) < bytes.count {
                var field = e.valueField
                field.storeUInt32(UInt32(e.offset(order) + shift), at: 0, order)
                e.valueField = field
            }
            entries.append(e)
        }
        // Values of up to 4 bytes live in the entry itself (TIFF rule); longer ones go after the value area.
        let inline = newValue.count <= 4
        var field = inline ? newValue + [UInt8](repeating: 0, count: 4 - newValue.count) : [0, 0, 0, 0]
        if !inline { field.storeUInt32(UInt32(newValueOffset), at: 0, order) }
        entries.append(IFDEntry(tag: tag, type: TIFFType.ascii, count: UInt32(newValue.count), valueField: field))
        var w = ByteWriter()
        w.append(Array(bytes[0..<14]))
        w.append(IFD.serialize(entries, next: ifd.nextOffset, order: order))
        w.append(valueArea)
        if !inline { w.append(newValue) }
        bytes = w.bytes
        ifd = try IFD.parse(bytes, at: 14, order: order)
    }

    /// Removes `tag`, keeping the MakerNote's size and every other tag's bytes where they are: the IFD loses
    /// one entry and is followed by 12 zero bytes, and the removed value's bytes are zeroed.
    /// - Returns: true when the tag was there.
    @discardableResult
    public mutating func removeTag(_ tag: UInt16) throws(FormatError) -> Bool {
        guard let entry = ifd.entry(tag) else { return false }
        if entry.isOutOfLine, let length = entry.valueLength {
            let at = entry.offset(order)
            guard at >= 0, length <= bytes.count, at <= bytes.count - length else {
                throw FormatError(.malformed, "MakerNote tag 0x\(String(tag, radix: 16)) points past the MakerNote")
            }
            bytes.replaceSubrange(at..<at + length, with: [UInt8](repeating: 0, count: length))
        }
        let oldLength = 2 + 12 * ifd.entries.count + 4
        var block = IFD.serialize(ifd.entries.filter { $0.tag != tag }, next: ifd.nextOffset, order: order)
        block += [UInt8](repeating: 0, count: oldLength - block.count)
        guard 14 + oldLength <= bytes.count else { throw FormatError(.truncated, "the MakerNote ends inside its IFD") }
        bytes.replaceSubrange(14..<14 + oldLength, with: block)
        ifd = try IFD.parse(bytes, at: 14, order: order)
        return true
    }
}

// The reading (the type and the numbers of its records: ZipDirectory+Records.swift).
extension ZipDirectory {
    /// The members of the archive in `file`, in central directory order.
    /// - Throws: ``FormatError`` when the file is no zip, its directory is damaged, or it holds more than `maxCount`
    ///   members.
    public static func members(of file: RandomAccessFile, maxCount: Int) throws(FormatError) -> [ZipMember] {
        let end = try endRecord(of: file)
        guard end.count <= UInt64(maxCount) else {
            throw FormatError(.unsupported, "the archive holds \(end.count) entries, more than the \(maxCount) read")
        }
        guard end.directorySize <= maxDirectorySize, end.directoryOffset <= UInt64(file.size),
            end.directorySize <= UInt64(file.size) - end.directoryOffset
        else {
            throw FormatError(
                .malformed,
                "the central directory (\(end.directorySize) bytes at byte \(end.directoryOffset)) lies outside the \(file.size)-byte file")
        }
        let bytes = try file.read(at: Int64(end.directoryOffset), count: Int(end.directorySize))
        var reader = ByteReader(bytes, baseOffset: Int64(end.directoryOffset))
        var members: [ZipMember] = []
        members.reserveCapacity(Int(end.count))
        for _ in 0..<end.count {
            guard reader.remaining >= centralHeaderSize else {
                throw FormatError(
                    .malformed, "the central directory holds fewer entries than its end record counts", at: reader.absolutePosition)
            }
            members.append(try centralHeader(&reader))
        }
        return members
    }

    /// Where `member`'s data starts and ends, read from its local file header.
    /// - Throws: ``FormatError`` when the local header is missing or the data runs past the end of the file.
    public static func dataRange(of member: ZipMember, in file: RandomAccessFile) throws(FormatError) -> Range<Int64> {
        let size = UInt64(file.size)
        guard member.localHeaderOffset <= size, size - member.localHeaderOffset >= UInt64(localHeaderSize) else {
            throw FormatError(.truncated, "the local header of '\(member.name)' would start past the end of the archive")
        }
        let start = Int64(member.localHeaderOffset)
        var reader = ByteReader(try file.read(at: start, count: localHeaderSize), baseOffset: start)
        guard try reader.readInteger(UInt32.self, .littleEndian, "local header signature") == localHeaderSignature else {
            throw FormatError(.malformed, "no local header for '\(member.name)' where the central directory puts it", at: start)
        }
        try reader.seek(to: 26)
        let nameLength = try reader.readInteger(UInt16.self, .littleEndian, "file name length")
        let extraLength = try reader.readInteger(UInt16.self, .littleEndian, "extra field length")
        let dataStart = member.localHeaderOffset + UInt64(localHeaderSize) + UInt64(nameLength) + UInt64(extraLength)
        guard dataStart <= size, member.compressedSize <= size - dataStart else {
            throw FormatError(
                .truncated, "the \(member.compressedSize) bytes of '\(member.name)' run past the end of the archive",
                at: Int64(min(dataStart, size)))
        }
        return Int64(dataStart)..<Int64(dataStart + member.compressedSize)
    }

    struct EndRecord {
        var count: UInt64
        var directorySize: UInt64
        var directoryOffset: UInt64
    }

    /// The end of central directory record, searched backwards over the largest comment it can carry, and its
    /// Zip64 counterpart when a field is saturated.
    static func endRecord(of file: RandomAccessFile) throws(FormatError) -> EndRecord {
        guard file.size >= Int64(endRecordSize) else {
            throw FormatError(.notRecognized, "a \(file.size)-byte file is too short to be a zip archive")
        }
        let tailLength = Int(min(file.size, Int64(endRecordSize + Int(UInt16.max))))
        let tailStart = file.size - Int64(tailLength)
        let tail = try file.read(at: tailStart, count: tailLength)
        // The record whose comment ends the file; failing that (bytes appended after it), the last one whose comment fits.
        var fallback: EndRecord?
        var index = tailLength - endRecordSize
        while index >= 0 {
            let word = UInt32(tail[index]) | UInt32(tail[index + 1]) << 8 | UInt32(tail[index + 2]) << 16 | UInt32(tail[index + 3]) << 24
            if word == endRecordSignature {
                var reader = ByteReader(tail, range: index..<tailLength, baseOffset: tailStart)
                _ = try reader.readInteger(UInt32.self, .littleEndian, "end record signature")
                try reader.skip(6, "disk numbers and count on this disk")
                let count = try reader.readInteger(UInt16.self, .littleEndian, "entry count")
                let size = try reader.readInteger(UInt32.self, .littleEndian, "central directory size")
                let offset = try reader.readInteger(UInt32.self, .littleEndian, "central directory offset")
                let commentLength = try reader.readInteger(UInt16.self, .littleEndian, "comment length")
                // A signature inside a real record's comment is not a record: a record's comment runs to the file's end.
                let commentEnd = index + endRecordSize + Int(commentLength)
                if commentEnd == tailLength || (fallback == nil && commentEnd < tailLength) {
                    let recordOffset = tailStart + Int64(index)
                    func record() throws(FormatError) -> EndRecord {
                        guard count == .max || size == .max || offset == .max else {
                            return EndRecord(count: UInt64(count), directorySize: UInt64(size), directoryOffset: UInt64(offset))
                        }
                        return try zip64EndRecord(of: file, before: recordOffset)
                    }
                    if commentEnd == tailLength { return try record() }
                    fallback = try? record()
                }
            }
            index -= 1
        }
        if let fallback { return fallback }
        throw FormatError(.notRecognized, "no end of central directory record: not a zip archive, or cut short")
    }

    static func zip64EndRecord(of file: RandomAccessFile, before endRecordOffset: Int64) throws(FormatError) -> EndRecord {
        let locatorOffset = endRecordOffset - Int64(zip64LocatorSize)
        guard locatorOffset >= 0 else {
            throw FormatError(.malformed, "a saturated end record without a Zip64 locator before it", at: endRecordOffset)
        }
        var locator = ByteReader(try file.read(at: locatorOffset, count: zip64LocatorSize), baseOffset: locatorOffset)
        guard try locator.readInteger(UInt32.self, .littleEndian, "Zip64 locator signature") == zip64LocatorSignature else {
            throw FormatError(.malformed, "a saturated end record without a Zip64 locator before it", at: endRecordOffset)
        }
        try locator.skip(4, "disk number")
        let recordOffset = try locator.readInteger(UInt64.self, .littleEndian, "Zip64 end record offset")
        guard recordOffset <= UInt64(locatorOffset), UInt64(locatorOffset) - recordOffset >= UInt64(zip64EndRecordSize) else {
            throw FormatError(
                .malformed, "the Zip64 end record would lie at byte \(recordOffset), not before its locator", at: locatorOffset)
        }
        var record = ByteReader(try file.read(at: Int64(recordOffset), count: zip64EndRecordSize), baseOffset: Int64(recordOffset))
        guard try record.readInteger(UInt32.self, .littleEndian, "Zip64 end record signature") == zip64EndRecordSignature else {
            throw FormatError(.malformed, "no Zip64 end record where its locator points", at: Int64(recordOffset))
        }
        try record.skip(28, "record size, versions, disk numbers and count on this disk")
        let count = try record.readInteger(UInt64.self, .littleEndian, "Zip64 entry count")
        let size = try record.readInteger(UInt64.self, .littleEndian, "Zip64 central directory size")
        let offset = try record.readInteger(UInt64.self, .littleEndian, "Zip64 central directory offset")
        return EndRecord(count: count, directorySize: size, directoryOffset: offset)
    }

    /// One central directory file header, with its Zip64 sizes and extended timestamp when its extra field has them.
    static func centralHeader(_ reader: inout ByteReader) throws(FormatError) -> ZipMember {
        let start = reader.absolutePosition
        guard try reader.readInteger(UInt32.self, .littleEndian, "central header signature") == centralHeaderSignature else {
            throw FormatError(.malformed, "the central directory holds fewer entries than its end record counts", at: start)
        }
        let madeBy = try reader.readInteger(UInt16.self, .littleEndian, "version made by")
        try reader.skip(2, "version needed")
        let flags = try reader.readInteger(UInt16.self, .littleEndian, "flags")
        let method = try reader.readInteger(UInt16.self, .littleEndian, "compression method")
        let dosTime = try reader.readInteger(UInt16.self, .littleEndian, "modification time")
        let dosDate = try reader.readInteger(UInt16.self, .littleEndian, "modification date")
        let crc32 = try reader.readInteger(UInt32.self, .littleEndian, "CRC-32")
        var compressedSize = UInt64(try reader.readInteger(UInt32.self, .littleEndian, "compressed size"))
        var uncompressedSize = UInt64(try reader.readInteger(UInt32.self, .littleEndian, "uncompressed size"))
        let nameLength = Int(try reader.readInteger(UInt16.self, .littleEndian, "file name length"))
        let extraLength = Int(try reader.readInteger(UInt16.self, .littleEndian, "extra field length"))
        let commentLength = Int(try reader.readInteger(UInt16.self, .littleEndian, "comment length"))
        try reader.skip(4, "disk number and internal attributes")
        let externalAttributes = try reader.readInteger(UInt32.self, .littleEndian, "external attributes")
        var localHeaderOffset = UInt64(try reader.readInteger(UInt32.self, .littleEndian, "local header offset"))
        let nameBytes = try reader.readBytes(nameLength, "file name")
        var extra = ByteReader(try reader.readBytes(extraLength, "extra field"), baseOffset: reader.absolutePosition - Int64(extraLength))
        try reader.skip(commentLength, "file comment")

        var modificationTime: Int64? = dosTimestamp(date: dosDate, time: dosTime)
        while extra.remaining >= 4 {
            let id = try extra.readInteger(UInt16.self, .littleEndian, "extra block ID")
            let size = Int(try extra.readInteger(UInt16.self, .littleEndian, "extra block size"))
            guard size <= extra.remaining else { break }  // A damaged extra field hides nothing the member needs.
            var block = ByteReader(try extra.readBytes(size, "extra block"))
            switch id {
            case zip64ExtraID:
                // Only the saturated fields are present, in this order (APPNOTE 4.5.3).
                if uncompressedSize == UInt64(UInt32.max) {
                    uncompressedSize = try block.readInteger(UInt64.self, .littleEndian, "Zip64 uncompressed size")
                }
                if compressedSize == UInt64(UInt32.max) {
                    compressedSize = try block.readInteger(UInt64.self, .littleEndian, "Zip64 compressed size")
                }
                if localHeaderOffset == UInt64(UInt32.max) {
                    localHeaderOffset = try block.readInteger(UInt64.self, .littleEndian, "Zip64 local header offset")
                }
            case extendedTimestampID:
                if block.remaining >= 5, try block.readInteger(UInt8.self, "timestamp flags") & 1 != 0 {
                    modificationTime = Int64(try block.readInteger(Int32.self, .littleEndian, "modification time"))
                }
            default: break
            }
        }

        let name = decodeName(nameBytes, flaggedUTF8: flags & 0x0800 != 0)
        let host = madeBy >> 8
        var kind: ZipMember.Kind = name.hasSuffix("/") ? .directory : .file
        if unixHosts.contains(host) {
            switch (externalAttributes >> 16) & 0o170000 {
            case 0o120000: kind = .symbolicLink
            case 0o040000: kind = .directory
            case 0o100000: kind = .file
            default: break
            }
        } else if host == msdosHost, externalAttributes & msdosDirectoryAttribute != 0 {
            kind = .directory
        }
        let compression = ZipMember.Compression(method: method)
        return ZipMember(
            name: name, nameIsUTF8: Array(name.utf8) == nameBytes, kind: kind, compression: compression, isEncrypted: flags & 1 != 0,
            crc32: crc32,
            compressedSize: compressedSize, uncompressedSize: uncompressedSize, localHeaderOffset: localHeaderOffset,
            modificationTime: modificationTime)
    }

    /// A DOS date and time (APPNOTE 4.4.6), read as UTC; nil when the fields are no date (a zero month or day).
    static func dosTimestamp(date: UInt16, time: UInt16) -> Int64? {
        let year = 1980 + Int64(date >> 9), month = Int64((date >> 5) & 0xF), day = Int64(date & 0x1F)
        let hour = Int64(time >> 11), minute = Int64((time >> 5) & 0x3F), second = Int64(time & 0x1F) * 2
        guard (1...12).contains(month), day >= 1, hour < 24, minute < 60, second < 60 else { return nil }
        // Days from 1970-01-01 to the date, by the civil-from-days inverse (proleptic Gregorian).
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// A name as UTF-8 when flagged so or when it is valid UTF-8 (macOS and most tools write UTF-8 without the flag),
    /// else as code page 437, the zip format's original character set.
    static func decodeName(_ bytes: [UInt8], flaggedUTF8: Bool) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        if flaggedUTF8 || Array(text.utf8) == bytes { return text }
        return String(bytes.map { $0 < 0x80 ? Character(Unicode.Scalar($0)) : codePage437High[Int($0) - 0x80] })
    }

    static let codePage437High: [Character] = Array(
        "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{00A0}"
    )
}

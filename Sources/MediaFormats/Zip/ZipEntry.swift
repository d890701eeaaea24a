/// One member as ``ZipWriter`` writes it, and the records that describe it: its local file header and its central
/// directory header (PKWARE APPNOTE 4.3.7 and 4.3.12), with a Zip64 extra field (4.5.3) where a size or offset does not
/// fit in 32 bits, and the extended timestamp (Info-ZIP's 0x5455) that keeps its time exact and in UTC.
///
/// The layout written is in docs/formats/bundles.md#the-zip-livephoto-writes.
public struct ZipEntry: Sendable, Equatable {
    /// How the member's data is stored: ``ZipMember/Compression/stored`` or ``ZipMember/Compression/deflated``.
    public enum Method: UInt16, Sendable {
        /// Method 0: the bytes as they are.
        case stored = 0
        /// Method 8: a raw deflate stream.
        case deflated = 8
    }

    /// The path in the archive, '/'-separated; a folder's ends with '/'.
    public var name: String
    /// How the data is stored.
    public var method: Method
    /// The CRC-32 of the uncompressed bytes.
    public var crc32: UInt32 = 0
    /// The size of the data in the archive.
    public var compressedSize: UInt64 = 0
    /// The size of the data once extracted.
    public var uncompressedSize: UInt64 = 0
    /// Where the local file header starts.
    public var localHeaderOffset: UInt64 = 0
    /// The modification time in seconds since 1970 (UTC).
    public var modificationTime: Int64
    /// Whether the local header carries the sizes in a Zip64 extra field (decided before the data is written, as the
    /// header comes first).
    public var localZip64: Bool = false
    /// Whether a data descriptor follows the data (general purpose flag bit 3, APPNOTE 4.3.9): the member is written
    /// as a stream, its CRC-32 known only once its data has gone by. The local header then holds a CRC-32 of 0 (and
    /// the sizes, known before), the descriptor and the central header the real one.
    public var dataDescriptorFollows: Bool = false

    /// An entry not yet written: sizes, checksum and offset are filled in as it is.
    /// - Parameters:
    ///   - name: the path in the archive (a folder's ends with '/').
    ///   - method: how the data is stored.
    ///   - modificationTime: seconds since 1970 (UTC).
    public init(name: String, method: Method, modificationTime: Int64) {
        self.name = name
        self.method = method
        self.modificationTime = modificationTime
    }

    /// Whether the entry is a folder.
    public var isDirectory: Bool { name.hasSuffix("/") }

    static let saturated32 = UInt64(UInt32.max)
    /// The version of the format a reader needs: 2.0 (deflate, folders), 4.5 for Zip64 records.
    static let version20: UInt16 = 20
    static let version45: UInt16 = 45
    /// "Made by" Unix (host 3): the external attributes hold a Unix mode, as ``ZipDirectory`` and unzip read them.
    static let unixHost: UInt16 = 3 << 8
    static let fileMode: UInt32 = 0o100644
    static let directoryMode: UInt32 = 0o040755
    /// General purpose flag bit 11: the name is UTF-8.
    static let utf8Flag: UInt16 = 0x0800
    /// General purpose flag bit 3: a data descriptor follows the data.
    static let dataDescriptorFlag: UInt16 = 0x0008
    static let dataDescriptorSignature: UInt32 = 0x0807_4b50

    var nameBytes: [UInt8] { Array(name.utf8) }
    var flags: UInt16 {
        (name.utf8.allSatisfy { $0 < 0x80 } ? 0 : Self.utf8Flag) | (dataDescriptorFollows ? Self.dataDescriptorFlag : 0)
    }
    var needsZip64: Bool {
        localZip64 || compressedSize >= Self.saturated32 || uncompressedSize >= Self.saturated32
            || localHeaderOffset >= Self.saturated32
    }
    var versionNeeded: UInt16 { needsZip64 ? Self.version45 : Self.version20 }

    /// The local file header (APPNOTE 4.3.7), whose length stays the same once the sizes and checksum are known.
    public func localHeader() -> [UInt8] {
        var extra = ByteWriter()
        if localZip64 {
            // In a local header the Zip64 extra holds both sizes (APPNOTE 4.5.3).
            extra.appendUInt16(ZipDirectory.zip64ExtraID, .littleEndian)
            extra.appendUInt16(16, .littleEndian)
            extra.appendUInt64(uncompressedSize, .littleEndian)
            extra.appendUInt64(compressedSize, .littleEndian)
        }
        appendTimestamp(to: &extra)
        let name = nameBytes
        var w = ByteWriter()
        w.appendUInt32(ZipDirectory.localHeaderSignature, .littleEndian)
        w.appendUInt16(localZip64 ? Self.version45 : Self.version20, .littleEndian)
        w.appendUInt16(flags, .littleEndian)
        w.appendUInt16(method.rawValue, .littleEndian)
        let (date, time) = Self.dosDateTime(modificationTime)
        w.appendUInt16(time, .littleEndian)
        w.appendUInt16(date, .littleEndian)
        w.appendUInt32(dataDescriptorFollows ? 0 : crc32, .littleEndian)
        w.appendUInt32(localZip64 ? UInt32.max : UInt32(truncatingIfNeeded: compressedSize), .littleEndian)
        w.appendUInt32(localZip64 ? UInt32.max : UInt32(truncatingIfNeeded: uncompressedSize), .littleEndian)
        w.appendUInt16(UInt16(name.count), .littleEndian)
        w.appendUInt16(UInt16(extra.count), .littleEndian)
        w.append(name)
        w.append(extra.bytes)
        return w.bytes
    }

    /// The data descriptor (APPNOTE 4.3.9) that follows the data when ``dataDescriptorFollows``: its signature, the
    /// CRC-32 at ``dataDescriptorChecksumField``, and the sizes, 8 bytes each when the local header is Zip64.
    public func dataDescriptor() -> [UInt8] {
        var w = ByteWriter()
        w.appendUInt32(Self.dataDescriptorSignature, .littleEndian)
        w.appendUInt32(crc32, .littleEndian)
        if localZip64 {
            w.appendUInt64(compressedSize, .littleEndian)
            w.appendUInt64(uncompressedSize, .littleEndian)
        } else {
            w.appendUInt32(UInt32(truncatingIfNeeded: compressedSize), .littleEndian)
            w.appendUInt32(UInt32(truncatingIfNeeded: uncompressedSize), .littleEndian)
        }
        return w.bytes
    }

    /// Where a data descriptor holds the CRC-32.
    public static let dataDescriptorChecksumField = 4

    /// The central directory header (APPNOTE 4.3.12): a saturated field's value is in the Zip64 extra, which holds
    /// only those, in the order uncompressed size, compressed size, offset.
    public func centralHeader() -> [UInt8] {
        var zip64 = ByteWriter()
        func field(_ value: UInt64) -> UInt32 {
            guard value >= Self.saturated32 else { return UInt32(value) }
            zip64.appendUInt64(value, .littleEndian)
            return UInt32.max
        }
        let uncompressed = field(uncompressedSize)
        let compressed = field(compressedSize)
        let offset = field(localHeaderOffset)
        var extra = ByteWriter()
        if zip64.count > 0 {
            extra.appendUInt16(ZipDirectory.zip64ExtraID, .littleEndian)
            extra.appendUInt16(UInt16(zip64.count), .littleEndian)
            extra.append(zip64.bytes)
        }
        appendTimestamp(to: &extra)
        let name = nameBytes
        var w = ByteWriter()
        w.appendUInt32(ZipDirectory.centralHeaderSignature, .littleEndian)
        w.appendUInt16(Self.unixHost | versionNeeded, .littleEndian)
        w.appendUInt16(versionNeeded, .littleEndian)
        w.appendUInt16(flags, .littleEndian)
        w.appendUInt16(method.rawValue, .littleEndian)
        let (date, time) = Self.dosDateTime(modificationTime)
        w.appendUInt16(time, .littleEndian)
        w.appendUInt16(date, .littleEndian)
        w.appendUInt32(crc32, .littleEndian)
        w.appendUInt32(compressed, .littleEndian)
        w.appendUInt32(uncompressed, .littleEndian)
        w.appendUInt16(UInt16(name.count), .littleEndian)
        w.appendUInt16(UInt16(extra.count), .littleEndian)
        w.appendUInt16(0, .littleEndian)  // comment length
        w.appendUInt32(0, .littleEndian)  // disk number and internal attributes
        let mode = isDirectory ? Self.directoryMode : Self.fileMode
        w.appendUInt32(mode << 16 | (isDirectory ? ZipDirectory.msdosDirectoryAttribute : 0), .littleEndian)
        w.appendUInt32(offset, .littleEndian)
        w.append(name)
        w.append(extra.bytes)
        return w.bytes
    }

    /// The extended timestamp (Info-ZIP 0x5455): the modification time alone, when it fits its 32 bits.
    func appendTimestamp(to extra: inout ByteWriter) {
        guard let seconds = Int32(exactly: modificationTime) else { return }
        extra.appendUInt16(ZipDirectory.extendedTimestampID, .littleEndian)
        extra.appendUInt16(5, .littleEndian)
        extra.appendUInt8(1)  // flags: the modification time is present
        extra.appendInt32(seconds, .littleEndian)
    }

    /// The end of the central directory (APPNOTE 4.3.16), preceded by the Zip64 end record and locator (4.3.14,
    /// 4.3.15) when the count, size or offset does not fit its field.
    /// - Parameters:
    ///   - count: the number of entries.
    ///   - directoryOffset: where the central directory starts.
    ///   - directorySize: its length in bytes.
    /// - Returns: the records, to be written right after the central directory.
    public static func endRecords(count: UInt64, directoryOffset: UInt64, directorySize: UInt64) -> [UInt8] {
        var w = ByteWriter()
        let zip64 = count >= UInt64(UInt16.max) || directoryOffset >= saturated32 || directorySize >= saturated32
        if zip64 {
            let recordOffset = directoryOffset + directorySize
            w.appendUInt32(ZipDirectory.zip64EndRecordSignature, .littleEndian)
            w.appendUInt64(UInt64(ZipDirectory.zip64EndRecordSize - 12), .littleEndian)  // the size of what follows
            w.appendUInt16(unixHost | version45, .littleEndian)
            w.appendUInt16(version45, .littleEndian)
            w.appendUInt32(0, .littleEndian)  // this disk
            w.appendUInt32(0, .littleEndian)  // the directory's disk
            w.appendUInt64(count, .littleEndian)
            w.appendUInt64(count, .littleEndian)
            w.appendUInt64(directorySize, .littleEndian)
            w.appendUInt64(directoryOffset, .littleEndian)
            w.appendUInt32(ZipDirectory.zip64LocatorSignature, .littleEndian)
            w.appendUInt32(0, .littleEndian)  // the Zip64 end record's disk
            w.appendUInt64(recordOffset, .littleEndian)
            w.appendUInt32(1, .littleEndian)  // disks in all
        }
        let shortCount = zip64 ? UInt16.max : UInt16(count)
        w.appendUInt32(ZipDirectory.endRecordSignature, .littleEndian)
        w.appendUInt32(0, .littleEndian)  // this disk and the directory's
        w.appendUInt16(shortCount, .littleEndian)
        w.appendUInt16(shortCount, .littleEndian)
        w.appendUInt32(zip64 ? UInt32.max : UInt32(directorySize), .littleEndian)
        w.appendUInt32(zip64 ? UInt32.max : UInt32(directoryOffset), .littleEndian)
        w.appendUInt16(0, .littleEndian)  // comment length
        return w.bytes
    }

    /// A time as a DOS date and time (APPNOTE 4.4.6) in UTC, as ``ZipDirectory`` reads them; before 1980 is
    /// 1980-01-01 00:00, past 2107 the last day DOS can say.
    static func dosDateTime(_ seconds: Int64) -> (date: UInt16, time: UInt16) {
        let floor: Int64 = 315_532_800  // 1980-01-01
        guard seconds >= floor else { return (0x21, 0) }
        let days = seconds / 86_400, secondOfDay = seconds % 86_400
        // Civil date from days since 1970 (proleptic Gregorian), the inverse of ZipDirectory.dosTimestamp.
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard year <= 2107 else { return (UInt16(127 << 9 | 12 << 5 | 31), UInt16(23 << 11 | 59 << 5 | 29)) }
        let date = UInt16((year - 1980) << 9 | month << 5 | day)
        // Swift's shifts bind tighter than its division: each field is parenthesized.
        let hour = secondOfDay / 3600, minute = secondOfDay % 3600 / 60, twoSeconds = secondOfDay % 60 / 2
        let time = UInt16(hour << 11 | minute << 5 | twoSeconds)
        return (date, time)
    }
}

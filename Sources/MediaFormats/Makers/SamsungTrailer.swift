/// Samsung's SEF trailer: records, then an `SEFH` directory, then its length and `SEFT` at the very end
/// (docs/formats/samsung.md#sef-trailer). Little-endian throughout.
public struct SamsungTrailer: Sendable, Equatable {
    /// One record: its type and name, and where it and its data lie in the file.
    public struct Record: Sendable, Equatable {
        /// The record type (0x0A30 for `MotionPhoto_Data`).
        public var type: UInt16
        /// The record's ASCII name (`MotionPhoto_Data`, `Image_UTC_Data`...).
        public var name: String
        /// Where the record starts (its 8-byte header) and its size, header and name included.
        public var offset: Int64
        /// The record's size in bytes, header and name included.
        public var size: Int64
        /// Where its data starts (after the header and the name) and how long it is.
        public var dataOffset: Int64
        /// The data's length in bytes.
        public var dataLength: Int64
    }

    /// The type of the `MotionPhoto_Data` record.
    public static let motionPhotoDataType: UInt16 = 0x0A30
    /// The name of the `MotionPhoto_Data` record.
    public static let motionPhotoDataName = "MotionPhoto_Data"
    /// The most records a directory may list; a larger directory is refused.
    public static let maxRecords = 1000

    /// Offset of the `SEFH` directory.
    public var directoryOffset: Int64
    /// Where the trailer ends (just after `SEFT`).
    public var end: Int64
    /// The `SEFH` version (106 and 107 seen).
    public var version: UInt32
    /// The records, in directory order.
    public var records: [Record]
    /// The first byte any record occupies: the trailer's start.
    public var start: Int64 { records.map { $0.offset }.min() ?? directoryOffset }

    /// True when the bytes just before `end` are `SEFT`.
    public static func isPresent(in file: RandomAccessFile, endingAt end: Int64) throws(FormatError) -> Bool {
        guard end >= 8, end <= file.size else { return false }
        return try file.read(at: end - 4, count: 4) == Array("SEFT".utf8)
    }

    /// Reads the trailer that ends at `end`; every record must lie between `lowerBound` and the directory.
    public init(file: RandomAccessFile, endingAt end: Int64, lowerBound: Int64 = 0) throws(FormatError) {
        guard try Self.isPresent(in: file, endingAt: end) else {
            throw FormatError(.notRecognized, "no Samsung trailer ('SEFT') at byte \(end)")
        }
        self.end = end
        let lengthBytes = try file.read(at: end - 8, count: 4)
        let length = Int64(lengthBytes.loadUInt32(at: 0, .littleEndian))
        directoryOffset = end - 8 - length
        guard length >= 12, directoryOffset >= lowerBound else {
            throw FormatError(.malformed, "the Samsung trailer's directory length \(length) points outside the file", at: end - 8)
        }
        guard length <= 12 + 12 * Int64(Self.maxRecords) else {
            throw FormatError(.malformed, "the Samsung trailer's directory is \(length) bytes", at: end - 8)
        }
        let directory = try file.read(at: directoryOffset, length: length)
        var r = ByteReader(directory, baseOffset: directoryOffset)
        guard try r.readFourCC("SEFH") == "SEFH" else {
            throw FormatError(.malformed, "the Samsung trailer has no 'SEFH' directory where its length points", at: directoryOffset)
        }
        version = try r.readInteger(UInt32.self, .littleEndian, "SEFH version")
        let count = try r.readInteger(UInt32.self, .littleEndian, "SEFH count")
        try r.checkCount(UInt64(count), elementSize: 12, "Samsung trailer records")
        records = []
        for _ in 0..<count {
            try r.skip(2, "SEF entry")
            let type = try r.readInteger(UInt16.self, .littleEndian, "SEF entry type")
            let negativeOffset = Int64(try r.readInteger(UInt32.self, .littleEndian, "SEF entry offset"))
            let size = Int64(try r.readInteger(UInt32.self, .littleEndian, "SEF entry size"))
            let offset = directoryOffset - negativeOffset
            guard offset >= lowerBound, size >= 8, offset + size <= directoryOffset else {
                throw FormatError(
                    .malformed,
                    "Samsung trailer record 0x\(String(type, radix: 16, uppercase: true)) (\(size) bytes at \(offset)) lies outside the file",
                    at: directoryOffset)
            }
            let header = try file.read(at: offset, count: 8)
            let nameLength = Int64(header.loadUInt32(at: 4, .littleEndian))
            guard nameLength <= size - 8, nameLength <= 256 else {
                throw FormatError(.malformed, "Samsung trailer record at \(offset) has a name of \(nameLength) bytes", at: offset)
            }
            let name = String(decoding: try file.read(at: offset + 8, length: nameLength), as: UTF8.self)
            records.append(
                Record(
                    type: type, name: name, offset: offset, size: size, dataOffset: offset + 8 + nameLength,
                    dataLength: size - 8 - nameLength))
        }
    }

    /// The `MotionPhoto_Data` record, found by type or by name; nil when there is none.
    public var motionPhotoData: Record? {
        records.first { $0.type == Self.motionPhotoDataType || $0.name == Self.motionPhotoDataName }
    }

    /// In a HEIC, `MotionPhoto_Data` is `"mpv2"`, then the video's absolute offset and length, big-endian.
    public func heicVideoLocation(in file: RandomAccessFile) throws(FormatError) -> (offset: Int64, length: Int64)? {
        guard let record = motionPhotoData, record.dataLength == 12 else { return nil }
        let data = try file.read(at: record.dataOffset, count: 12)
        guard data.starts(with: Array("mpv2".utf8)) else { return nil }
        return (Int64(data.loadUInt32(at: 4, .bigEndian)), Int64(data.loadUInt32(at: 8, .bigEndian)))
    }
}

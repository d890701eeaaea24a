/// The fixed-size creation and modification times of a movie's `mvhd`, each `tkhd` and each `mdhd` (seconds since
/// 1904-01-01 00:00 UTC, 32-bit in version 0 and 64-bit in version 1), with where each lies in the file, so that they
/// can be patched in place without changing the file's size (docs/formats/takeout.md#what-is-written-into-the-files).
public struct MovieDateFields: Sendable, Equatable {
    /// One box's pair of times.
    public struct Field: Sendable, Equatable {
        /// `mvhd`, `tkhd` or `mdhd`.
        public var box: FourCC
        /// The absolute offset of the creation time; the modification time follows it.
        public var offset: Int64
        /// 4 (version 0) or 8 (version 1) bytes each.
        public var width: Int
        /// Seconds since 1904.
        public var creationTime: UInt64
        /// Seconds since 1904.
        public var modificationTime: UInt64
    }

    /// Seconds from 1904-01-01 to 1970-01-01, the two epochs.
    public static let secondsFrom1904To1970: Int64 = 2_082_844_800
    /// The first time that is not a placeholder: 1971-01-01 (0, 1904-01-01 and 1970-01-01 are what writers leave).
    public static let earliestReal: UInt64 = UInt64(secondsFrom1904To1970 + 365 * 86_400)

    /// The boxes' times, `mvhd` first, then each track's `tkhd` and `mdhd` in file order.
    public var fields: [Field]

    /// Finds the times in the `moov` of `file` (read whole, as ``Movie`` does, within its size limit).
    /// - Throws: when the file has no `moov`, it is too large, or a box in it is cut short.
    public init(file: RandomAccessFile) throws(FormatError) {
        let top = try file.topLevelBoxes()
        guard let moov = top.first(where: { $0.type == "moov" }) else { throw FormatError(.malformed, "the movie has no 'moov'") }
        guard moov.size <= Movie.maxMovieHeaderSize else { throw FormatError(.unsupported, "the movie header is \(moov.size) bytes") }
        let bytes = try file.read(at: moov.offset, length: moov.size)
        var found: [Field] = []
        func children(of range: Range<Int>) throws(FormatError) -> [BoxHeader] {
            var boxes: [BoxHeader] = []
            var at = range.lowerBound
            while at + 8 <= range.upperBound {
                let header = try BoxHeader.parse(
                    Array(bytes[at..<min(at + 16, range.upperBound)]), at: Int64(at), limit: Int64(range.upperBound))
                boxes.append(header)
                at = Int(header.end)
            }
            return boxes
        }
        func times(_ box: BoxHeader) throws(FormatError) {
            let start = Int(box.payloadOffset)
            guard start + 4 <= Int(box.end) else {
                throw FormatError(.truncated, "'\(box.type)' is cut short", at: moov.offset + Int64(start))
            }
            let width = bytes[start] == 1 ? 8 : 4
            guard start + 4 + 2 * width <= Int(box.end) else {
                throw FormatError(.truncated, "'\(box.type)' is cut short", at: moov.offset + Int64(start))
            }
            let creation = width == 8 ? bytes.loadUInt64(at: start + 4, .bigEndian) : UInt64(bytes.loadUInt32(at: start + 4, .bigEndian))
            let modification =
                width == 8 ? bytes.loadUInt64(at: start + 12, .bigEndian) : UInt64(bytes.loadUInt32(at: start + 8, .bigEndian))
            found.append(
                Field(
                    box: box.type, offset: moov.offset + Int64(start + 4), width: width, creationTime: creation,
                    modificationTime: modification))
        }
        let moovHeaderSize = Int(try BoxHeader.parse(Array(bytes.prefix(16)), at: 0, limit: Int64(bytes.count)).headerSize)
        for box in try children(of: moovHeaderSize..<bytes.count) {
            if box.type == MovieHeader.boxType { try times(box) }
            guard box.type == "trak" else { continue }
            for inner in try children(of: Int(box.payloadOffset)..<Int(box.end)) {
                if inner.type == TrackHeader.boxType { try times(inner) }
                guard inner.type == "mdia" else { continue }
                for media in try children(of: Int(inner.payloadOffset)..<Int(inner.end)) where media.type == MediaHeader.boxType {
                    try times(media)
                }
            }
        }
        guard found.contains(where: { $0.box == MovieHeader.boxType }) else {
            throw FormatError(.malformed, "the movie header has no 'mvhd'")
        }
        fields = found
    }

    /// `mvhd`'s creation time as seconds since 1970, nil when it is a placeholder (before 1971).
    public var creationSecondsSince1970: Int64? {
        guard let mvhd = fields.first(where: { $0.box == MovieHeader.boxType }), mvhd.creationTime >= Self.earliestReal,
            mvhd.creationTime < UInt64(Int64.max)
        else { return nil }
        return Int64(mvhd.creationTime) - Self.secondsFrom1904To1970
    }

    /// The in-place writes that give every time `secondsSince1970`: only the placeholders (before 1971), or all of
    /// them when `replacingReal`. A time a 32-bit field cannot hold (after 2040) is not written.
    /// - Returns: `(offset, bytes)` pairs, in file order.
    public func patches(secondsSince1970: Int64, replacingReal: Bool) -> [(offset: Int64, bytes: [UInt8])] {
        let (value, overflow) = secondsSince1970.addingReportingOverflow(Self.secondsFrom1904To1970)
        guard !overflow, value >= 0 else { return [] }
        var out: [(offset: Int64, bytes: [UInt8])] = []
        for field in fields {
            guard field.width == 8 || value <= Int64(UInt32.max) else { continue }
            for (i, old) in [field.creationTime, field.modificationTime].enumerated() where replacingReal || old < Self.earliestReal {
                guard old != UInt64(value) else { continue }
                var w = ByteWriter()
                if field.width == 8 { w.appendUInt64(UInt64(value)) } else { w.appendUInt32(UInt32(value)) }
                out.append((field.offset + Int64(i * field.width), w.bytes))
            }
        }
        return out
    }
}

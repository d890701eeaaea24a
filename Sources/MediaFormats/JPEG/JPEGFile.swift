/// The marker segments of a JPEG up to its first scan, read from a file without loading the image data.
public struct JPEGFile: Sendable {
    public struct Segment: Sendable, Equatable {
        public var marker: UInt8
        /// Offset of the segment's `FF` byte.
        public var offset: Int64
        /// Length of the payload after the 2-byte length field.
        public var payloadLength: Int

        public var payloadOffset: Int64 { offset + 4 }
        public var end: Int64 { payloadOffset + Int64(payloadLength) }
    }

    public static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
    /// The largest payload a segment can hold: its 16-bit length counts itself.
    public static let maxSegmentPayload = 65533

    public var segments: [Segment]
    /// Offset of the SOS marker: everything from here on is copied verbatim.
    public var scanOffset: Int64
    public var width: Int?
    public var height: Int?

    /// True when the file starts with the SOI marker.
    public static func hasSOI(_ head: [UInt8]) -> Bool { head.count >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF }

    public init(file: RandomAccessFile) throws {
        let head = try file.readUpTo(at: 0, count: 3)
        guard Self.hasSOI(head) else { throw FormatError(.notRecognized, "not a JPEG (no SOI marker at the start)", at: 0) }
        segments = []
        var offset: Int64 = 2
        while true {
            guard segments.count < 10_000 else { throw FormatError(.malformed, "more than 10000 marker segments", at: offset) }
            let pair = try file.readUpTo(at: offset, count: 2)
            guard pair.count == 2 else { throw FormatError(.truncated, "the JPEG ends before its image data", at: offset) }
            guard pair[0] == 0xFF else {
                throw FormatError(.malformed, "expected a marker, found 0x\(String(pair[0], radix: 16))", at: offset)
            }
            var marker = pair[1]
            // Fill bytes: any number of 0xFF before a marker.
            var markerOffset = offset
            while marker == 0xFF {
                markerOffset += 1
                let next = try file.readUpTo(at: markerOffset + 1, count: 1)
                guard let m = next.first else { throw FormatError(.truncated, "the JPEG ends in fill bytes", at: markerOffset) }
                marker = m
            }
            if marker == 0xD9 { throw FormatError(.malformed, "the JPEG ends (EOI) before any image data", at: markerOffset) }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset = markerOffset + 2
                continue
            }
            let lengthBytes = try file.readUpTo(at: markerOffset + 2, count: 2)
            guard lengthBytes.count == 2 else { throw FormatError(.truncated, "the JPEG ends inside a segment header", at: markerOffset) }
            let length = Int(lengthBytes.loadUInt16(at: 0, .bigEndian))
            guard length >= 2 else { throw FormatError(.malformed, "a segment length of \(length)", at: markerOffset) }
            let segment = Segment(marker: marker, offset: markerOffset, payloadLength: length - 2)
            guard segment.end <= file.size else {
                throw FormatError(
                    .truncated, "segment 0xFF\(String(marker, radix: 16, uppercase: true)) claims \(length) bytes past the end of the file",
                    at: markerOffset)
            }
            if Self.isStartOfFrame(marker), segment.payloadLength >= 5 {
                let sof = try file.read(at: segment.payloadOffset, count: 5)
                height = Int(sof.loadUInt16(at: 1, .bigEndian))
                width = Int(sof.loadUInt16(at: 3, .bigEndian))
            }
            if marker == 0xDA {
                scanOffset = markerOffset
                return
            }
            segments.append(segment)
            offset = segment.end
        }
    }

    static func isStartOfFrame(_ m: UInt8) -> Bool { (0xC0...0xCF).contains(m) && m != 0xC4 && m != 0xC8 && m != 0xCC }

    /// The first APP1 segment holding Exif.
    public func exifSegment(in file: RandomAccessFile) throws -> Segment? {
        for s in segments where s.marker == 0xE1 && s.payloadLength >= 6 {
            let sig = try file.read(at: s.payloadOffset, count: 6)
            if sig[0..<5].elementsEqual(Self.exifHeader[0..<5]) { return s }
        }
        return nil
    }

    /// The Exif TIFF stream, if the file has one.
    public func exifTIFF(in file: RandomAccessFile) throws -> [UInt8]? {
        guard let s = try exifSegment(in: file) else { return nil }
        return try file.read(at: s.payloadOffset + 6, count: s.payloadLength - 6)
    }

    /// The bytes from the start of the file to the first scan, with the Exif APP1 replaced by `tiff`
    /// (or inserted after SOI and any JFIF APP0 when there was none). The rest of the file follows unchanged
    /// from ``scanOffset``.
    public func headerReplacingExif(with tiff: [UInt8], in file: RandomAccessFile) throws -> [UInt8] {
        let payload = Self.exifHeader + tiff
        guard payload.count <= Self.maxSegmentPayload else {
            throw FormatError(.unsupported, "the Exif data would be \(payload.count) bytes, more than one JPEG segment holds (65533)")
        }
        var w = ByteWriter()
        w.append([0xFF, 0xD8])
        var app1 = ByteWriter()
        app1.append([0xFF, 0xE1])
        app1.appendUInt16(UInt16(payload.count + 2))
        app1.append(payload)
        let existing = try exifSegment(in: file)
        var inserted = false
        if existing == nil, segments.first.map({ $0.marker != 0xE0 }) ?? true {
            w.append(app1.bytes)
            inserted = true
        }
        for s in segments {
            if s == existing {
                w.append(app1.bytes)
                inserted = true
                continue
            }
            w.append(try file.read(at: s.offset, count: Int(s.end - s.offset)))
            if !inserted, existing == nil, s.marker == 0xE0 {
                w.append(app1.bytes)
                inserted = true
            }
        }
        if !inserted { w.append(app1.bytes) }
        return w.bytes
    }
}

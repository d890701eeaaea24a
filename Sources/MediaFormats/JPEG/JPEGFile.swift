#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The marker segments of a JPEG up to its first scan, read from a file without loading the image data.
public struct JPEGFile: Sendable {
    /// One marker segment before the first scan.
    public struct Segment: Sendable, Equatable {
        /// The marker byte after `FF` (`E1` for APP1, `C0` for SOF0...).
        public var marker: UInt8
        /// Offset of the segment's `FF` byte.
        public var offset: Int64
        /// Length of the payload after the 2-byte length field.
        public var payloadLength: Int

        /// Where the payload starts, after the marker and the length field.
        public var payloadOffset: Int64 { offset + 4 }
        /// Just past the segment's last byte.
        public var end: Int64 { payloadOffset + Int64(payloadLength) }
        /// Where an Exif APP1's TIFF stream starts: after its `Exif` and two NULs.
        public var exifTIFFOffset: Int64 { payloadOffset + Int64(JPEGFile.exifHeader.count) }
    }

    /// `Exif` and two NULs, the start of an Exif APP1 payload.
    public static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
    /// The largest payload a segment can hold: its 16-bit length counts itself.
    public static let maxSegmentPayload = 65533

    /// The segments before the first SOS, in file order (SOS itself not included).
    public var segments: [Segment]
    /// Offset of the SOS marker: everything from here on is copied verbatim.
    public var scanOffset: Int64
    /// The image width from the start-of-frame segment; nil when there is none.
    public var width: Int?
    /// The image height from the start-of-frame segment; nil when there is none.
    public var height: Int?
    /// Bytes between two segments that belong to neither (after an APP segment whose length field is short, say),
    /// which decoders skip as libjpeg does, to the next marker; kept in place by every edit of the header.
    public var strayBytes: [StrayBytes] = []

    /// A run of bytes between two segments that is no segment (docs/formats/live-photo.md#stray-bytes-between-segments).
    public struct StrayBytes: Sendable, Equatable {
        /// Where the run starts.
        public var offset: Int64
        /// How many bytes it holds.
        public var count: Int64
    }

    /// True when the file starts with the SOI marker.
    public static func hasSOI(_ head: [UInt8]) -> Bool { head.count >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF }

    /// Why a file that should be a JPEG is not, from its first bytes: "no SOI marker at the start (found 00 00 D8
    /// 41…, expected FF D8)".
    public static func notJPEGReason(head: [UInt8]) -> String {
        "no SOI marker at the start (found \(HexBytes.describe(head)), expected FF D8)"
    }

    /// Reads the marker segments of `file` up to its first SOS.
    /// - Throws: when there is no SOI, a segment is malformed or runs past the end, or the file ends (or reaches EOI)
    ///   before a scan.
    public init(file: RandomAccessFile) throws(FormatError) {
        let head = try file.readUpTo(at: 0, count: 3)
        guard Self.hasSOI(head) else {
            throw FormatError(.notRecognized, "not a JPEG: \(Self.notJPEGReason(head: try file.readUpTo(at: 0, count: 8)))", at: 0)
        }
        segments = []
        var offset: Int64 = 2
        while true {
            guard segments.count < 10_000 else { throw FormatError(.malformed, "more than 10000 marker segments", at: offset) }
            let pair = try file.readUpTo(at: offset, count: 2)
            guard pair.count == 2 else { throw FormatError(.truncated, "the JPEG ends before its image data", at: offset) }
            guard pair[0] == 0xFF else {
                // What libjpeg does ("extraneous bytes before marker"): skip to the next marker, and keep the bytes.
                guard let next = try Self.nextMarker(in: file, from: offset) else {
                    throw FormatError(
                        .malformed, "a marker should start at byte \(offset) (found \(HexBytes.describe(pair)), expected FF)", at: offset)
                }
                strayBytes.append(StrayBytes(offset: offset, count: next - offset))
                offset = next
                continue
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

    /// Where the next marker starts at or after `offset`: an `FF` (after any fill `FF`s) followed by a byte that is not
    /// `00` (a stuffed byte) nor a restart marker; nil when the file ends first, or in the first 16 MiB searched.
    /// Read in 64 KiB pieces, whatever the distance.
    static func nextMarker(in file: RandomAccessFile, from offset: Int64) throws(FormatError) -> Int64? {
        let limit = min(file.size, offset + 16 << 20)
        var start = offset
        while start < limit {
            let piece = try file.readUpTo(at: start, count: Int(min(65_536, limit - start)))
            guard !piece.isEmpty else { return nil }
            var i = 0
            while i < piece.count {
                if piece[i] == 0xFF {
                    var j = i + 1
                    while j < piece.count, piece[j] == 0xFF { j += 1 }
                    // A run of FF at the piece's end: read again from its first FF.
                    if j == piece.count {
                        if i == 0 { return nil }
                        break
                    }
                    let marker = piece[j]
                    if marker != 0x00 && !(0xD0...0xD7).contains(marker) && marker != 0x01 { return start + Int64(j - 1) }
                    i = j
                }
                i += 1
            }
            guard i < piece.count else {
                start += Int64(piece.count)
                continue
            }
            start += Int64(i)
        }
        return nil
    }

    static func isStartOfFrame(_ m: UInt8) -> Bool { (0xC0...0xCF).contains(m) && m != 0xC4 && m != 0xC8 && m != 0xCC }

    /// The first APP1 segment holding Exif.
    public func exifSegment(in file: RandomAccessFile) throws(FormatError) -> Segment? {
        for s in segments where s.marker == 0xE1 && s.payloadLength >= 6 {
            let sig = try file.read(at: s.payloadOffset, count: 6)
            if sig[0..<5].elementsEqual(Self.exifHeader[0..<5]) { return s }
        }
        return nil
    }

    /// Where a new Exif APP1 goes in a file without one: after the JFIF APP0, else after SOI.
    public var exifInsertionPoint: Int { Int(clamping: segments.first { $0.marker == 0xE0 }?.end ?? 2) }

    /// The APP2 segment holding a Multi-Picture Format index (an Ultra HDR photo's pointer to its gain map).
    public func mpfSegment(in file: RandomAccessFile) throws(FormatError) -> Segment? {
        for s in segments where s.marker == 0xE2 && s.payloadLength >= MultiPictureFormat.signature.count {
            if try file.read(at: s.payloadOffset, count: MultiPictureFormat.signature.count) == MultiPictureFormat.signature { return s }
        }
        return nil
    }

    /// The header bytes `header` (from the file's start to the first scan) after edits that changed its size: the MPF
    /// segment `mpf` (at its place in `header`, `at`) adjusted for a primary grown by `growth` bytes, of which `after`
    /// were added past the segment (later images move by those).
    public static func adjustingMPF(_ header: inout [UInt8], segment mpf: Segment, at: Int, growth: Int64, after: Int64) throws(FormatError)
    {
        let payloadStart = at + 4, end = at + 4 + mpf.payloadLength
        guard at >= 0, payloadStart <= end, end <= header.count else {
            throw FormatError(.malformed, "the MPF segment moved out of the header")
        }
        let adjusted = try MultiPictureFormat.adjusted(Array(header[payloadStart..<end]), primaryGrowth: growth, laterShift: after)
        header.replaceSubrange(payloadStart..<end, with: adjusted)
    }

    /// The NUL-terminated namespace URI that starts a standard XMP APP1 payload.
    public static let xmpHeader: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]

    /// The first APP1 segment holding a (standard) XMP packet.
    public func xmpSegment(in file: RandomAccessFile) throws(FormatError) -> Segment? {
        for s in segments where s.marker == 0xE1 && s.payloadLength >= Self.xmpHeader.count {
            if try file.read(at: s.payloadOffset, count: Self.xmpHeader.count) == Self.xmpHeader { return s }
        }
        return nil
    }

    /// Where the XMP packet of ``xmpSegment(in:)`` starts, and its bytes.
    public func xmpPacket(in file: RandomAccessFile) throws(FormatError) -> (offset: Int64, bytes: [UInt8])? {
        guard let s = try xmpSegment(in: file) else { return nil }
        let offset = s.payloadOffset + Int64(Self.xmpHeader.count)
        return (offset, try file.read(at: offset, count: s.payloadLength - Self.xmpHeader.count))
    }

    /// The offset just past the EOI marker that ends this image, found by walking the entropy-coded data (and any
    /// segments between progressive scans) from ``scanOffset``; nil when the data runs to `limit` without one.
    public func endOfImage(in file: RandomAccessFile, limit: Int64? = nil) throws(FormatError) -> Int64? {
        let end = min(limit ?? file.size, file.size)
        var window = ReadWindow(file: file, end: end)
        var p = scanOffset
        while p + 1 < end {
            // Entropy-coded data is most of the file: jump to its next FF.
            guard let ff = try window.nextFF(from: p) else { return nil }
            p = ff
            guard p + 1 < end else { return nil }
            let marker = try window.byte(p + 1)
            switch marker {
            case 0x00, 0xFF, 0x01, 0xD0...0xD7:
                p += marker == 0xFF ? 1 : 2
            case 0xD9:
                return p + 2
            default:
                // A segment between scans (SOS, DHT, DQT, DRI…): skip it by its length.
                guard p + 3 < end else { return nil }
                let length = Int64(try window.byte(p + 2)) << 8 | Int64(try window.byte(p + 3))
                guard length >= 2 else { throw FormatError(.malformed, "a segment length of \(length) in the image data", at: p) }
                p += 2 + length
            }
        }
        return nil
    }

    /// Sequential reads through a 1 MiB window, for scans over image data.
    struct ReadWindow {
        let file: RandomAccessFile
        let end: Int64
        var start: Int64 = 0
        var bytes: [UInt8] = []

        mutating func byte(_ offset: Int64) throws(FormatError) -> UInt8 {
            guard offset < end else { throw FormatError(.truncated, "the image data ends early", at: offset) }
            if offset < start || offset >= start + Int64(bytes.count) {
                start = offset
                bytes = try file.read(at: offset, count: Int(min(1 << 20, end - offset)))
            }
            return bytes[Int(offset - start)]
        }

        /// The offset of the first FF byte at or after `offset`, or nil when there is none before `end`.
        mutating func nextFF(from offset: Int64) throws(FormatError) -> Int64? {
            var position = offset
            while position < end {
                _ = try byte(position)  // loads the window that holds `position`
                let from = Int(position - start)
                let found = bytes.withUnsafeBufferPointer { $0.firstIndex(of: 0xFF, from: from) }
                if let found { return start + Int64(found) }
                position = start + Int64(bytes.count)
            }
            return nil
        }
    }

    /// The Exif TIFF stream, if the file has one.
    public func exifTIFF(in file: RandomAccessFile) throws(FormatError) -> [UInt8]? {
        guard let s = try exifSegment(in: file) else { return nil }
        return try file.read(at: s.exifTIFFOffset, count: s.payloadLength - JPEGFile.exifHeader.count)
    }

    /// A whole APP1 segment (marker, length, payload).
    /// - Throws: when the payload is more than one segment holds (65,533 bytes); `what` names it in the message.
    public static func app1Segment(_ payload: [UInt8], holding what: String) throws(FormatError) -> [UInt8] {
        guard payload.count <= maxSegmentPayload else {
            throw FormatError(.unsupported, "the \(what) would be \(payload.count) bytes, more than one JPEG segment holds (65533)")
        }
        var w = ByteWriter()
        w.append([0xFF, 0xE1])
        w.appendUInt16(UInt16(payload.count + 2))
        w.append(payload)
        return w.bytes
    }

    /// The APP1 segment of a standard XMP packet.
    public static func xmpSegment(packet: [UInt8]) throws(FormatError) -> [UInt8] {
        try app1Segment(xmpHeader + packet, holding: "XMP")
    }

    /// Where an XMP segment goes in the file's header: the range of the existing XMP segment, or an empty range after
    /// the Exif APP1 (or JFIF APP0, or SOI), the order cameras write them.
    public func xmpSegmentRange(in file: RandomAccessFile) throws(FormatError) -> Range<Int> {
        if let xmp = try xmpSegment(in: file) { return Int(xmp.offset)..<Int(xmp.end) }
        let after = try exifSegment(in: file) ?? segments.first { $0.marker == 0xE0 }
        let at = Int(after?.end ?? 2)
        return at..<at
    }

    /// The bytes from the start of the file to the first scan, with the Exif APP1 replaced by `tiff`
    /// (or inserted after SOI and any JFIF APP0 when there was none). The rest of the file follows unchanged
    /// from ``scanOffset``.
    public func headerReplacingExif(with tiff: [UInt8], in file: RandomAccessFile) throws(FormatError) -> [UInt8] {
        // Bytes between segments (stray bytes, fill bytes) are kept where they lie: the header is edited in place.
        if !strayBytes.isEmpty { return try headerReplacingMetadata(tiff: tiff, xmp: nil, in: file) }
        let app1 = try Self.app1Segment(Self.exifHeader + tiff, holding: "Exif data")
        var w = ByteWriter()
        w.append([0xFF, 0xD8])
        let existing = try exifSegment(in: file)
        var inserted = false
        if existing == nil, segments.first.map({ $0.marker != 0xE0 }) ?? true {
            w.append(app1)
            inserted = true
        }
        let mpf = try mpfSegment(in: file)
        var mpfAt: Int?
        for s in segments {
            if s == existing {
                w.append(app1)
                inserted = true
                continue
            }
            if s == mpf { mpfAt = w.bytes.count }
            w.append(try file.read(at: s.offset, length: s.end - s.offset))
            if !inserted, existing == nil, s.marker == 0xE0 {
                w.append(app1)
                inserted = true
            }
        }
        if !inserted { w.append(app1) }
        var header = w.bytes
        // An Ultra HDR photo's MPF index: the primary grew by the Exif's change; a gain map after the segment moves with
        // it only when the Exif comes after the segment. An index that does not read is left as the camera wrote it.
        let growth = Int64(app1.count) - (existing.map { $0.end - $0.offset } ?? 0)
        if growth != 0, let mpf, let mpfAt {
            let exifAfter = existing.map { $0.offset > mpf.offset } ?? false
            try? Self.adjustingMPF(&header, segment: mpf, at: mpfAt, growth: growth, after: exifAfter ? growth : 0)
        }
        return header
    }
}

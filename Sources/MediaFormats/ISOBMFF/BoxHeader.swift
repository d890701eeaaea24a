/// The header of one box: where it starts, how long it is and what it is.
///
/// Sizes are checked against the bytes that contain the box: a box that claims to run past its parent
/// is an error, never a read beyond the data.
public struct BoxHeader: Sendable, Equatable {
    /// The box's four-character type.
    public var type: FourCC
    /// Absolute offset of the box's first byte.
    public var offset: Int64
    /// Size of the header: 8, or 16 with a 64-bit size.
    public var headerSize: Int
    /// Size of the whole box, header included.
    public var size: Int64

    /// Absolute offset of the first byte after the header.
    public var payloadOffset: Int64 { offset + Int64(headerSize) }
    /// Size of the payload, header excluded.
    public var payloadSize: Int64 { size - Int64(headerSize) }
    /// Absolute offset of the first byte after the box.
    public var end: Int64 { offset + size }

    /// A header with the given fields, unchecked.
    public init(type: FourCC, offset: Int64, headerSize: Int, size: Int64) {
        self.type = type
        self.offset = offset
        self.headerSize = headerSize
        self.size = size
    }

    /// Parses a header from the first bytes of a box.
    /// - Parameters:
    ///   - bytes: at least the first 8 (or 16) bytes of the box.
    ///   - offset: the box's absolute offset.
    ///   - limit: the absolute end of the enclosing data (parent end or file size); a size of 0 means "to here".
    public static func parse(_ bytes: [UInt8], at offset: Int64, limit: Int64) throws(FormatError) -> BoxHeader {
        var r = ByteReader(bytes, baseOffset: offset)
        let size32 = try r.readInteger(UInt32.self, .bigEndian, "box header")
        let type = try r.readFourCC("box header")
        var size = Int64(size32)
        var headerSize = 8
        if size32 == 1 {
            let large = try r.readInteger(UInt64.self, .bigEndian, "64-bit box size")
            guard large <= UInt64(Int64.max) else {
                throw FormatError(.malformed, "box '\(type)' has an impossible size \(large)", at: offset)
            }
            size = Int64(large)
            headerSize = 16
        } else if size32 == 0 {
            size = limit - offset
        }
        guard size >= Int64(headerSize) else {
            throw FormatError(.malformed, "box '\(type)' has size \(size), smaller than its header", at: offset)
        }
        guard size <= limit - offset else {
            throw FormatError(
                .truncated, "box '\(type)' claims \(size) bytes but only \(limit - offset) remain", at: offset)
        }
        return BoxHeader(type: type, offset: offset, headerSize: headerSize, size: size)
    }
}

extension RandomAccessFile {
    /// Lists the boxes at the top level of the file, reading only their headers.
    ///
    /// - Parameters:
    ///   - maxBoxes: a bound on how many boxes are accepted before the file is judged malformed.
    ///   - end: where the boxes end, when other bytes follow them; the end of the file when nil.
    /// - Returns: the headers in file order; the last one ends exactly at the end of the file.
    public func topLevelBoxes(maxBoxes: Int = 100_000, end: Int64? = nil) throws(FormatError) -> [BoxHeader] {
        var boxes: [BoxHeader] = []
        var offset: Int64 = 0
        let size = min(end ?? self.size, self.size)
        while offset < size {
            guard boxes.count < maxBoxes else {
                throw FormatError(.malformed, "more than \(maxBoxes) top-level boxes", at: offset)
            }
            guard size - offset >= 8 else {
                throw FormatError(.truncated, "\(size - offset) stray bytes where a box header should be", at: offset)
            }
            let head = try read(at: offset, count: Int(min(16, size - offset)))
            let header: BoxHeader
            do throws(FormatError) {
                header = try BoxHeader.parse(head, at: offset, limit: size)
            } catch  where error.kind == .truncated {
                var error = error
                error.message += "; the file looks truncated"
                throw error
            }
            boxes.append(header)
            offset = header.end
        }
        return boxes
    }
}

extension BoxHeader {
    /// The bytes of a box header for `payloadSize` bytes of payload: a 32-bit size, or size 1 and a 64-bit size when
    /// the box would pass 4 GiB (ISO/IEC 14496-12 §4.2).
    public static func encoded(_ type: FourCC, payloadSize: UInt64) -> [UInt8] {
        var w = ByteWriter()
        if encodedSize(payloadSize: payloadSize) == 16 {
            w.appendUInt32(1)
            w.appendFourCC(type)
            w.appendUInt64(payloadSize + 16)
        } else {
            w.appendUInt32(UInt32(payloadSize + 8))
            w.appendFourCC(type)
        }
        return w.bytes
    }

    /// The size of the header ``encoded(_:payloadSize:)`` writes for `payloadSize` bytes of payload: 8, or 16 when the
    /// box would pass 4 GiB.
    public static func encodedSize(payloadSize: UInt64) -> Int { payloadSize + 8 > UInt64(UInt32.max) ? 16 : 8 }

    /// The header of a movie's `mdat` holding `payloadSize` bytes. A QuickTime movie whose `mdat` fits in 32 bits gets
    /// the 8-byte `wide` box before it, as Apple's files have (room to turn the header into a 64-bit one in place);
    /// one that does not fit gets a 64-bit size instead.
    public static func mediaData(payloadSize: UInt64, quickTime: Bool) -> [UInt8] {
        let header = encoded("mdat", payloadSize: payloadSize)
        return quickTime && header.count == 8 ? encoded("wide", payloadSize: 0) + header : header
    }
}

extension ByteWriter {
    /// Appends an `mdat` holding `payload`.
    /// - Returns: where the payload starts in ``bytes``: the `mdat`'s own position plus its header's size.
    @discardableResult
    public mutating func appendMediaData(_ payload: [UInt8]) -> Int {
        appendBox("mdat", payload: payload)
        return bytes.count - payload.count
    }

    /// Appends a whole box: its header (64-bit when it needs one) and `payload`.
    public mutating func appendBox(_ type: FourCC, payload: [UInt8]) {
        append(BoxHeader.encoded(type, payloadSize: UInt64(payload.count)))
        append(payload)
    }
}

/// A cursor over bytes in memory whose every read can fail instead of trapping.
///
/// Reads that would run past the end throw ``FormatError`` with the absolute offset (``baseOffset`` plus
/// the position) where the data ran out. Counts read from headers must be checked against ``remaining``
/// before anything is allocated from them; ``checkCount(_:elementSize:_:)`` does that.
public struct ByteReader: Sendable {
    /// The whole buffer; reads stay within the reader's range of it.
    public let bytes: [UInt8]
    /// Absolute offset of `bytes[0]` in the file, for error messages.
    public let baseOffset: Int64
    /// The index in ``bytes`` of the next byte to read.
    public private(set) var position: Int
    /// Where the readable part of `bytes` begins: ``seek(to:)`` goes no further back.
    public let startIndex: Int
    /// The index in ``bytes`` where the readable range ends.
    public let endIndex: Int

    /// - Parameters:
    ///   - bytes: the bytes to read.
    ///   - range: the part of `bytes` this reader may read; all of it by default.
    ///   - baseOffset: the file offset of `bytes[0]`.
    public init(_ bytes: [UInt8], range: Range<Int>? = nil, baseOffset: Int64 = 0) {
        self.bytes = bytes
        let r = range ?? 0..<bytes.count
        self.position = r.lowerBound
        self.startIndex = r.lowerBound
        self.endIndex = r.upperBound
        self.baseOffset = baseOffset
    }

    /// How many bytes are left to read.
    public var remaining: Int { endIndex - position }
    /// Whether every byte of the range has been read.
    public var isAtEnd: Bool { position >= endIndex }
    /// The file offset of the next byte to read.
    public var absolutePosition: Int64 { baseOffset + Int64(position) }

    // `what` is an autoclosure throughout: the name of a field is only built when its read fails.
    private func need(_ n: Int, _ what: @autoclosure () -> String) throws(FormatError) {
        guard n >= 0, n <= remaining else { throw FormatError.truncated(what(), at: absolutePosition) }
    }

    /// Moves to index `index` of ``bytes``.
    /// - Throws: ``FormatError`` (malformed) when `index` is negative or past ``endIndex``.
    public mutating func seek(to index: Int) throws(FormatError) {
        guard index >= startIndex, index <= endIndex else {
            throw FormatError(.malformed, "offset \(baseOffset + Int64(index)) lies outside the data", at: baseOffset + Int64(index))
        }
        position = index
    }

    /// Moves `n` bytes ahead; `what` names the skipped data in the error when fewer remain.
    public mutating func skip(_ n: Int, _ what: @autoclosure () -> String = "data") throws(FormatError) {
        try need(n, what())
        position += n
    }

    /// Reads an integer of `type`'s width in `order`, as swift-nio's `ByteBuffer.readInteger` does.
    /// - Parameters:
    ///   - type: the integer type to read; its width is how many bytes are read.
    ///   - order: the byte order of the stored integer.
    ///   - what: names the field in the error when the data runs out.
    public mutating func readInteger<T: FixedWidthInteger>(
        _ type: T.Type = T.self, _ order: ByteOrder = .bigEndian, _ what: @autoclosure () -> String = "integer"
    ) throws(FormatError) -> T {
        let size = MemoryLayout<T>.size
        try need(size, what())
        defer { position += size }
        var value: UInt64 = 0
        if order == .bigEndian {
            for i in 0..<size { value = value << 8 | UInt64(bytes[position + i]) }
        } else {
            for i in (0..<size).reversed() { value = value << 8 | UInt64(bytes[position + i]) }
        }
        return T(truncatingIfNeeded: value)
    }

    /// Reads a big-endian integer of `type`'s width; `what` names the field in the error.
    public mutating func readInteger<T: FixedWidthInteger>(_ type: T.Type = T.self, _ what: @autoclosure () -> String) throws(FormatError)
        -> T
    {
        try readInteger(type, .bigEndian, what())
    }

    /// Reads a big-endian unsigned integer stored in `width` bytes (0, 4 or 8 in `iloc`; any of 0...8 here, 0 giving 0).
    public mutating func readUInt(width: Int, _ what: @autoclosure () -> String = "field") throws(FormatError) -> UInt64 {
        guard (0...8).contains(width) else { throw FormatError(.malformed, "\(what()) has width \(width)", at: absolutePosition) }
        try need(width, what())
        var value: UInt64 = 0
        for i in 0..<width { value = value << 8 | UInt64(bytes[position + i]) }
        position += width
        return value
    }

    /// Reads a four-character code; `what` names the field in the error when the data runs out.
    public mutating func readFourCC(_ what: @autoclosure () -> String = "four-character code") throws(FormatError) -> FourCC {
        FourCC(rawValue: try readInteger(UInt32.self, .bigEndian, what()))
    }

    /// Reads `n` bytes; `what` names them in the error when fewer remain.
    public mutating func readBytes(_ n: Int, _ what: @autoclosure () -> String = "data") throws(FormatError) -> [UInt8] {
        try need(n, what())
        defer { position += n }
        return Array(bytes[position..<position + n])
    }

    /// Throws unless `count` elements of `elementSize` bytes fit in what remains: call it before allocating or
    /// looping over a count taken from a header.
    public func checkCount(_ count: UInt64, elementSize: Int, _ what: @autoclosure () -> String) throws(FormatError) {
        guard elementSize > 0 else { return }
        guard count <= UInt64(remaining / elementSize) else {
            throw FormatError(
                .malformed, "\(what()) claims \(count) entries but only \(remaining) bytes remain", at: absolutePosition)
        }
    }
}

extension Array where Element == UInt8 {
    @inlinable func loadUInt16(at i: Int, _ order: ByteOrder) -> UInt16 {
        let a = UInt16(self[i]), b = UInt16(self[i + 1])
        return order == .bigEndian ? a << 8 | b : b << 8 | a
    }

    @inlinable func loadUInt32(at i: Int, _ order: ByteOrder) -> UInt32 {
        var v: UInt32 = 0
        if order == .bigEndian {
            for k in 0..<4 { v = v << 8 | UInt32(self[i + k]) }
        } else {
            for k in (0..<4).reversed() { v = v << 8 | UInt32(self[i + k]) }
        }
        return v
    }

    @inlinable func loadUInt64(at i: Int, _ order: ByteOrder) -> UInt64 {
        var v: UInt64 = 0
        if order == .bigEndian {
            for k in 0..<8 { v = v << 8 | UInt64(self[i + k]) }
        } else {
            for k in (0..<8).reversed() { v = v << 8 | UInt64(self[i + k]) }
        }
        return v
    }

    /// Overwrites 4 bytes at `i` (which the caller has checked lie inside the array).
    @inlinable mutating func storeUInt32(_ value: UInt32, at i: Int, _ order: ByteOrder) {
        for k in 0..<4 {
            let shift = order == .bigEndian ? (24 - 8 * k) : (8 * k)
            self[i + k] = UInt8(truncatingIfNeeded: value >> UInt32(shift))
        }
    }

    @inlinable mutating func storeUInt16(_ value: UInt16, at i: Int, _ order: ByteOrder) {
        if order == .bigEndian {
            self[i] = UInt8(value >> 8); self[i + 1] = UInt8(value & 0xFF)
        } else {
            self[i] = UInt8(value & 0xFF); self[i + 1] = UInt8(value >> 8)
        }
    }
}

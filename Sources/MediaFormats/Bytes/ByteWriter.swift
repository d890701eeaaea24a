/// Appends integers and boxes to a growing byte array.
public struct ByteWriter: Sendable {
    /// Everything written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer.
    public init() {}

    /// The number of bytes written so far.
    public var count: Int { bytes.count }

    /// Appends `other` as it is.
    public mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }
    /// Appends the bytes of `other` as they are.
    public mutating func append<S: Sequence>(contentsOf other: S) where S.Element == UInt8 { bytes.append(contentsOf: other) }
    /// Appends one byte.
    public mutating func appendUInt8(_ v: UInt8) { bytes.append(v) }

    /// Appends `v` as 2 bytes in `order`.
    public mutating func appendUInt16(_ v: UInt16, _ order: ByteOrder = .bigEndian) {
        if order == .bigEndian {
            bytes.append(UInt8(v >> 8)); bytes.append(UInt8(v & 0xFF))
        } else {
            bytes.append(UInt8(v & 0xFF)); bytes.append(UInt8(v >> 8))
        }
    }

    /// Appends `v` as 4 bytes in `order`.
    public mutating func appendUInt32(_ v: UInt32, _ order: ByteOrder = .bigEndian) {
        for k in 0..<4 {
            let shift = order == .bigEndian ? (24 - 8 * k) : (8 * k)
            bytes.append(UInt8(truncatingIfNeeded: v >> UInt32(shift)))
        }
    }

    /// Appends `v` as 8 bytes in `order`.
    public mutating func appendUInt64(_ v: UInt64, _ order: ByteOrder = .bigEndian) {
        for k in 0..<8 {
            let shift = order == .bigEndian ? (56 - 8 * k) : (8 * k)
            bytes.append(UInt8(truncatingIfNeeded: v >> UInt64(shift)))
        }
    }

    /// Appends `v` as 4 bytes of two's complement in `order`.
    public mutating func appendInt32(_ v: Int32, _ order: ByteOrder = .bigEndian) { appendUInt32(UInt32(bitPattern: v), order) }
    /// Appends `v` as 8 bytes of two's complement in `order`.
    public mutating func appendInt64(_ v: Int64, _ order: ByteOrder = .bigEndian) { appendUInt64(UInt64(bitPattern: v), order) }
    /// Appends the four bytes of `code`.
    public mutating func appendFourCC(_ code: FourCC) { appendUInt32(code.rawValue) }
    /// Appends an integer of any width in `order`.
    public mutating func appendInteger<T: FixedWidthInteger>(_ v: T, _ order: ByteOrder = .bigEndian) {
        let size = MemoryLayout<T>.size
        let value = UInt64(truncatingIfNeeded: v)
        for i in 0..<size {
            let shift = order == .bigEndian ? 8 * (size - 1 - i) : 8 * i
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// Appends the UTF-8 bytes of `s`, with no terminator or length.
    public mutating func appendASCII(_ s: String) { bytes.append(contentsOf: Array(s.utf8)) }

    /// Appends a box of `type` whose body `body` writes; the 32-bit size is filled in afterwards.
    public mutating func appendBox(_ type: FourCC, _ body: (inout ByteWriter) -> Void) {
        var inner = ByteWriter()
        body(&inner)
        appendBox(type, payload: inner.bytes)
    }

    /// Appends a full box (version and 24-bit flags after the header).
    public mutating func appendFullBox(_ type: FourCC, version: UInt8, flags: UInt32, _ body: (inout ByteWriter) -> Void) {
        appendBox(type) { w in
            w.appendUInt32(UInt32(version) << 24 | (flags & 0x00FF_FFFF))
            body(&w)
        }
    }
}

/// A four-character code: a box type, a handler, a codec tag.
public struct FourCC: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The four bytes as a big-endian integer, the first character in the high byte.
    public let rawValue: UInt32

    /// The code whose big-endian bytes are `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Builds a code from the first four UTF-8 bytes of `string`; a shorter string is padded with spaces.
    public init(_ string: String) {
        self.init(utf8: string.utf8)
    }

    /// The code of a literal, as ``init(_:)`` builds it (without making a `String`: codes are built in every parse).
    public init(stringLiteral value: StaticString) {
        self = value.withUTF8Buffer { FourCC(utf8: $0) }
    }

    private init(utf8: some Sequence<UInt8>) {
        var v: UInt32 = 0
        var count = 0
        for b in utf8.prefix(4) {
            v = v << 8 | UInt32(b)
            count += 1
        }
        for _ in count..<4 { v = v << 8 | 0x20 }
        rawValue = v
    }

    /// The four bytes in file order.
    public var bytes: [UInt8] {
        [UInt8(rawValue >> 24), UInt8((rawValue >> 16) & 0xFF), UInt8((rawValue >> 8) & 0xFF), UInt8(rawValue & 0xFF)]
    }

    /// The code as text; bytes outside printable ASCII are shown as `\xNN`.
    public var description: String {
        bytes.map { b in
            (0x20..<0x7F).contains(b) ? String(UnicodeScalar(b)) : "\\x" + (b < 0x10 ? "0" : "") + String(b, radix: 16, uppercase: true)
        }.joined()
    }
}

/// The UUID that pairs a Live Photo's still and movie, in the uppercase form iPhones write.
public struct ContentIdentifier: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    /// A new random identifier: a version 4 UUID from the system's random source.
    public init() {
        var generator = SystemRandomNumberGenerator()
        self.init(randomFrom: &generator)
    }

    /// A new random identifier drawn from `generator` (a version 4 UUID).
    package init(randomFrom generator: inout some RandomNumberGenerator) {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        rawValue = Self.text(bytes)
    }

    /// Parses a UUID in any case; nil when `string` is not one.
    public init?(_ string: String) {
        let utf8 = Array(string.utf8)
        guard utf8.count == 36 else { return nil }
        var bytes: [UInt8] = []
        var i = 0
        while i < 36 {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard utf8[i] == UInt8(ascii: "-") else { return nil }
                i += 1
                continue
            }
            guard let high = Self.hexValue(utf8[i]), let low = Self.hexValue(utf8[i + 1]) else { return nil }
            bytes.append(high << 4 | low)
            i += 2
        }
        rawValue = Self.text(bytes)
    }

    public var description: String { rawValue }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The 16 bytes as `8-4-4-4-12` upper-case hexadecimal digits.
    private static func text(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for (i, byte) in bytes.enumerated() {
            if i == 4 || i == 6 || i == 8 || i == 10 { out.append(UInt8(ascii: "-")) }
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

#if !hasFeature(Embedded)
    extension ContentIdentifier: Codable {
        public init(from decoder: any Decoder) throws {
            let s = try decoder.singleValueContainer().decode(String.self)
            guard let id = ContentIdentifier(s) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a UUID: \(s)"))
            }
            self = id
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(rawValue)
        }
    }
#endif

internal import PortableFoundation

/// The UUID that pairs a Live Photo's still and movie, in the uppercase form iPhones write.
public struct ContentIdentifier: Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String

    /// A new random identifier.
    public init() { rawValue = UUID().uuidString.uppercased() }

    /// Parses a UUID in any case; nil when `string` is not one.
    public init?(_ string: String) {
        guard let uuid = UUID(uuidString: string) else { return nil }
        rawValue = uuid.uuidString.uppercased()
    }

    public var description: String { rawValue }

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

internal import PortableFoundation

/// Any JSON value, decoded without a schema: Takeout's sidecars change shape between exports (numbers written as
/// strings, `geoData` an integer `0` in some album files, keys missing), so they are read as a tree first and each
/// field is then taken leniently (`docs/formats/takeout.md#media-sidecar-keys`).
enum TakeoutJSON: Decodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([TakeoutJSON])
    case object([String: TakeoutJSON])

    init(from decoder: any Decoder) throws {
        if var items = try? decoder.unkeyedContainer() {
            var values: [TakeoutJSON] = []
            while !items.isAtEnd {
                values.append(try items.decodeNil() ? .null : try items.decode(TakeoutJSON.self))
            }
            self = .array(values)
            return
        }
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: TakeoutJSON] = [:]
            for key in keyed.allKeys {
                members[key.stringValue] = try keyed.decodeIfPresent(TakeoutJSON.self, forKey: key) ?? .null
            }
            self = .object(members)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let flag = try? value.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? value.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try value.decode(String.self))
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The member `key` of an object; `nil` for a missing key, an explicit `null`, or a value that is no object.
    subscript(key: String) -> TakeoutJSON? {
        guard case .object(let members) = self, let value = members[key], value != .null else { return nil }
        return value
    }

    /// What the value's kind is called in an error message.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    /// A string, or a number written as one (a title of digits).
    var text: String? {
        switch self {
        case .string(let text): return text
        case .number(let number):
            if let whole = Int64(exactly: number) { return String(whole) }
            return String(number)
        default: return nil
        }
    }

    /// A number, or a string that holds one (`"48.8584"`).
    var number: Double? {
        switch self {
        case .number(let number): return number.isFinite ? number : nil
        case .string(let text):
            guard let number = Double(text.trimmingWhitespace(newlines: true)), number.isFinite else { return nil }
            return number
        default: return nil
        }
    }

    /// `true`, `"true"` or a non-zero number; anything else (missing included) is false.
    var flag: Bool {
        switch self {
        case .bool(let flag): return flag
        case .string(let text): return text.lowercased() == "true"
        case .number(let number): return number != 0
        default: return false
        }
    }
}

import MediaFormats

/// A JSON value as an export's sidecars are read (docs/formats/takeout.md#media-sidecar-keys): Takeout's change shape
/// between exports (numbers written as strings, `geoData` an integer `0` in some album files, keys missing), so each
/// field is taken leniently.
extension JSONValue {
    /// The member `key` of an object: the first of that name, as Foundation's `JSONDecoder` keeps it; nil for a missing
    /// key, an explicit `null`, or a value that is no object.
    subscript(sidecar key: String) -> JSONValue? {
        guard case .object(let entries) = self, let value = entries.first(where: { $0.key == key })?.value, value != .null else {
            return nil
        }
        return value
    }

    /// What the value's kind is called in an error message.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number, .integer: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    /// A string, or a number written as one (a title of digits).
    var sidecarText: String? {
        switch self {
        case .string(let text): return text
        case .integer(let whole): return String(whole)
        case .number(let number):
            if let whole = Int64(exactly: number) { return String(whole) }
            return String(number)
        default: return nil
        }
    }

    /// A number, or a string that holds one (`"48.8584"`).
    var sidecarNumber: Double? {
        switch self {
        case .integer(let whole): return Double(whole)
        case .number(let number): return number.isFinite ? number : nil
        case .string(let text):
            guard let number = Double(text.trimmingSpaces(newlines: true)), number.isFinite else { return nil }
            return number
        default: return nil
        }
    }

    /// `true`, `"true"` or a non-zero number; anything else (missing included) is false.
    var sidecarFlag: Bool {
        switch self {
        case .bool(let flag): return flag
        case .string(let text): return text.lowercased() == "true"
        case .integer(let whole): return whole != 0
        case .number(let number): return number != 0
        default: return false
        }
    }
}

/// One object of a property list, binary or XML.
public indirect enum PropertyListValue: Sendable, Equatable {
    /// A Boolean (`<true/>`, `<false/>`; in a binary list the marker `09` or `08`).
    case bool(Bool)
    /// An integer (`<integer>`; in a binary list 1, 2 or 4 bytes unsigned, or 8 signed, big-endian).
    case integer(Int64)
    /// A floating-point number (`<real>`; in a binary list 4 or 8 bytes).
    case real(Double)
    /// A string (`<string>`; in a binary list ASCII or UTF-16, big-endian).
    case string(String)
    /// Bytes: a binary list's data object (an XML list's base64 `<data>` is read as ``other``).
    case data([UInt8])
    /// An array, its objects in order.
    case array([PropertyListValue])
    /// A dictionary, its entries in the order stored (``subscript(_:)`` finds the first of a key).
    case dictionary([(key: String, value: PropertyListValue)])
    /// A date, a UID, a set, a null, or a dictionary with a key that is not a string.
    case other

    /// Whether two objects are the same: two dictionaries only with the same entries in the same order, and two
    /// ``other`` objects always.
    /// - Parameters:
    ///   - a: one object.
    ///   - b: the other.
    /// - Returns: true when they are the same.
    public static func == (a: PropertyListValue, b: PropertyListValue) -> Bool {
        switch (a, b) {
        case (.bool(let x), .bool(let y)): x == y
        case (.integer(let x), .integer(let y)): x == y
        case (.real(let x), .real(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.data(let x), .data(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.dictionary(let x), .dictionary(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.other, .other): true
        default: false
        }
    }

    /// The value of `key`, for a dictionary.
    public subscript(key: String) -> PropertyListValue? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }
}

extension PropertyListValue {
    /// The top object of a property list in either form Apple writes: binary (`bplist00`) or XML.
    /// - Throws: ``FormatError`` when the bytes are neither, or break either's rules.
    public static func parse(_ bytes: [UInt8]) throws(FormatError) -> PropertyListValue {
        if bytes.starts(with: BinaryPropertyList.header) { return try BinaryPropertyList(bytes: bytes).top }
        return try XMLPropertyList(bytes: bytes).top
    }
}

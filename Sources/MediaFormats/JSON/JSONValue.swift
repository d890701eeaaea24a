/// A JSON value (RFC 8259), read and written without Foundation: what the browser engine reads its requests from and
/// writes its reports with.
///
/// Reading is bounded: nesting deeper than ``maxDepth`` or text longer than ``maxLength`` is refused, never followed.
/// Objects keep their keys in order; writing puts them in that order.
public enum JSONValue: Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written with a fraction or an exponent, or an integer past 64 bits.
    case number(Double)
    /// An integer: a number written without a fraction or an exponent, within 64 bits, kept exact.
    case integer(Int64)
    /// A string, its escapes decoded.
    case string(String)
    /// An array, its items in order.
    case array([JSONValue])
    /// An object, its members in the order written (a repeated key kept each time; `value[key]` gives the last).
    case object([(key: String, value: JSONValue)])

    /// The deepest nesting of arrays and objects ``parse(_:)-(UnsafeRawBufferPointer)`` follows.
    public static let maxDepth = 64
    /// The longest text ``parse(_:)-(UnsafeRawBufferPointer)`` reads, in bytes: 16 MiB.
    public static let maxLength = 16 << 20

    /// Whether two values are the same JSON: an integer equals a number of the same value, and two objects are equal
    /// only with the same members in the same order.
    /// - Parameters:
    ///   - a: one value.
    ///   - b: the other.
    /// - Returns: true when they are the same.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.integer(let x), .integer(let y)): x == y
        case (.integer(let x), .number(let y)), (.number(let y), .integer(let x)): Double(x) == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The value of `key`, for an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let entries) = self else { return nil }
        return entries.last { $0.key == key }?.value
    }

    /// The string, for a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// A number, whether written with a fraction or not.
    public var doubleValue: Double? {
        switch self {
        case .number(let d): d
        case .integer(let i): Double(i)
        default: nil
        }
    }

    /// The integer, for a number written without a fraction within 64 bits, or one with a fraction of zero.
    public var integerValue: Int64? {
        switch self {
        case .integer(let i): i
        case .number(let d): Int64(exactly: d)
        default: nil
        }
    }

    /// The Boolean, for `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The items, for an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    // MARK: - Writing

    /// The value as JSON text: compact, keys in their order, strings escaped as RFC 8259 asks (`"`, `\`, control
    /// characters), numbers in Swift's shortest form that reads back the same (a non-finite one as `null`).
    public var text: String {
        var out: [UInt8] = []
        write(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the value as JSON text (as ``text`` gives it) to `out`, as UTF-8.
    /// - Parameter out: the bytes to append to.
    public func write(into out: inout [UInt8]) {
        write(to: &out)
    }

    /// The length of the value's JSON text (as ``text`` gives it) in UTF-8 bytes, counted without writing it: what a
    /// buffer must hold for ``write(to:)`` to write it there whole.
    public var utf8Count: Int {
        var counter = JSONTextCount()
        write(to: &counter)
        return counter.count
    }

    /// Writes the value as JSON text (as ``text`` gives it) to `out`, as UTF-8.
    /// - Parameter out: where the text goes: an array, a count, memory.
    public func write<Sink: JSONTextSink>(to out: inout Sink) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .integer(let i): out.append(contentsOf: "\(i)".utf8)
        case .number(let d): out.append(contentsOf: (d.isFinite ? "\(d)" : "null").utf8)
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let entries):
            out.append(UInt8(ascii: "{"))
            for (i, entry) in entries.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(entry.key, to: &out)
                out.append(UInt8(ascii: ":"))
                entry.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writeString<Sink: JSONTextSink>(_ s: String, to out: inout Sink) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20: out.append(contentsOf: "\\u00".utf8 + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    // MARK: - Reading

    /// Parses `text`.
    /// - Throws: ``FormatError`` naming the byte where the text stops being JSON.
    public static func parse(_ text: [UInt8]) throws(FormatError) -> JSONValue {
        let parsed = text.withUnsafeBytes { buffer in Result { () throws(FormatError) in try parse(buffer) } }
        return try parsed.get()
    }

    /// Parses the text in `text`, read where it lies (a caller's buffer is not copied first).
    /// - Throws: ``FormatError`` naming the byte where the text stops being JSON.
    public static func parse(_ text: UnsafeRawBufferPointer) throws(FormatError) -> JSONValue {
        guard text.count <= maxLength else { throw FormatError(.malformed, "JSON text of \(text.count) bytes is too long") }
        var parser = Parser(bytes: text)
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == text.count else { throw parser.error("text after the JSON value") }
        return value
    }

    struct Parser {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        func error(_ what: String) -> FormatError { FormatError(.malformed, "JSON: \(what)", at: Int64(position)) }

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        mutating func expect(_ word: String) throws(FormatError) {
            let w = Array(word.utf8)
            guard position + w.count <= bytes.count, bytes[position..<position + w.count].elementsEqual(w) else {
                throw error("expected \(word)")
            }
            position += w.count
        }

        mutating func value(depth: Int) throws(FormatError) -> JSONValue {
            guard depth < JSONValue.maxDepth else { throw error("nested deeper than \(JSONValue.maxDepth)") }
            skipSpace()
            guard position < bytes.count else { throw error("the text ends where a value should be") }
            switch bytes[position] {
            case UInt8(ascii: "n"):
                try expect("null")
                return .null
            case UInt8(ascii: "t"):
                try expect("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expect("false")
                return .bool(false)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["):
                position += 1
                var items: [JSONValue] = []
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return .array(items)
                }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard position < bytes.count else { throw error("an array is not closed") }
                    if bytes[position] == UInt8(ascii: "]") {
                        position += 1
                        return .array(items)
                    }
                    guard bytes[position] == UInt8(ascii: ",") else { throw error("expected , or ] in an array") }
                    position += 1
                }
            case UInt8(ascii: "{"):
                position += 1
                var entries: [(key: String, value: JSONValue)] = []
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return .object(entries)
                }
                while true {
                    skipSpace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a key") }
                    let key = try string()
                    skipSpace()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected : after a key") }
                    position += 1
                    entries.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard position < bytes.count else { throw error("an object is not closed") }
                    if bytes[position] == UInt8(ascii: "}") {
                        position += 1
                        return .object(entries)
                    }
                    guard bytes[position] == UInt8(ascii: ",") else { throw error("expected , or } in an object") }
                    position += 1
                }
            default:
                return try number()
            }
        }

        mutating func number() throws(FormatError) -> JSONValue {
            let start = position
            var isInteger = true
            while position < bytes.count {
                let c = bytes[position]
                if (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") {
                    position += 1
                } else if c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                    isInteger = false
                    position += 1
                } else {
                    break
                }
            }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            if isInteger, let i = Int64(text) { return .integer(i) }
            guard !text.isEmpty, let d = Double(text) else { throw error("not a value") }
            return .number(d)
        }

        mutating func string() throws(FormatError) -> String {
            position += 1  // the opening quote
            var out: [UInt8] = []
            while true {
                guard position < bytes.count else { throw error("a string is not closed") }
                let c = bytes[position]
                position += 1
                switch c {
                case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard position < bytes.count else { throw error("a string is not closed") }
                    let e = bytes[position]
                    position += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if scalar >= 0xD800, scalar < 0xDC00, position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                            bytes[position + 1] == UInt8(ascii: "u")
                        {
                            position += 2
                            let low = try hex4()
                            guard low >= 0xDC00, low < 0xE000 else { throw error("a lone surrogate") }
                            scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                        }
                        guard let u = Unicode.Scalar(scalar) else { throw error("a lone surrogate") }
                        out += Array(String(Character(u)).utf8)
                    default: throw error("an unknown escape")
                    }
                case 0..<0x20: throw error("a control character in a string")
                default: out.append(c)
                }
            }
        }

        mutating func hex4() throws(FormatError) -> UInt32 {
            guard position + 4 <= bytes.count else { throw error("a \\u escape is cut short") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[position]
                position += 1
                let d: UInt32
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
                default: throw error("a \\u escape holds a non-hex digit")
                }
                v = v << 4 | d
            }
            return v
        }
    }
}

import MediaFormats

/// A value the engine reports as JSON, keyed as the command line's `--json` keys it (Foundation's encoder, natively,
/// with the types' `Codable` conformances): every stored property under its own name, a nil one left out, an enum
/// as its raw value.
package protocol JSONRepresentable {
    var json: JSONValue { get }
}

/// An object built key by key, a nil value leaving its key out (as `encodeIfPresent` does).
package struct JSONObject {
    package private(set) var entries: [(key: String, value: JSONValue)] = []

    package init() {}

    package mutating func set(_ key: String, _ value: (some JSONRepresentable)?) {
        if let value { entries.append((key, value.json)) }
    }

    package var json: JSONValue { .object(entries) }
}

extension String: JSONRepresentable { package var json: JSONValue { .string(self) } }
extension Bool: JSONRepresentable { package var json: JSONValue { .bool(self) } }
extension Double: JSONRepresentable { package var json: JSONValue { .number(self) } }
extension Int: JSONRepresentable { package var json: JSONValue { .integer(Int64(self)) } }
extension Int64: JSONRepresentable { package var json: JSONValue { .integer(self) } }
extension UInt32: JSONRepresentable { package var json: JSONValue { .integer(Int64(self)) } }
extension JSONValue: JSONRepresentable { package var json: JSONValue { self } }

extension Array: JSONRepresentable where Element: JSONRepresentable {
    package var json: JSONValue { .array(map { $0.json }) }
}

extension JSONRepresentable where Self: RawRepresentable, RawValue == String {
    package var json: JSONValue { .string(rawValue) }
}

import MediaFormats

/// An operation's options as the page gives them: the command line's long flags in camelCase with the command line's
/// values (`{ cover: 1.5, photoFormat: "heic", trim: "0.3..1.8", mute: true }`). Each read checks the value as the
/// command line does, with its words; an option the operation does not take is refused, as an unknown flag is.
package struct EngineOptions {
    let values: [(key: String, value: JSONValue)]
    private var read: Set<String> = []

    package init(_ json: JSONValue) throws(LivePhotoError) {
        switch json {
        case .null: values = []
        case .object(let entries): values = entries.filter { $0.value != .null }
        default: throw .invalidArgument("the options must be an object")
        }
    }

    /// The flag `key` names, as the command line spells it: `photoFormat` is `--photo-format`.
    static func flag(_ key: String) -> String {
        var out = "--"
        for c in key.unicodeScalars {
            if c.value >= 0x41, c.value <= 0x5A {
                out += "-"
                out.unicodeScalars.append(Unicode.Scalar(c.value + 0x20) ?? c)
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    private mutating func value(_ key: String) -> JSONValue? {
        read.insert(key)
        return values.last { $0.key == key }?.value
    }

    package mutating func string(_ key: String) throws(LivePhotoError) -> String? {
        guard let v = value(key) else { return nil }
        guard let s = v.stringValue else { throw .invalidArgument("\(Self.flag(key)) takes text") }
        return s
    }

    package mutating func double(_ key: String) throws(LivePhotoError) -> Double? {
        guard let v = value(key) else { return nil }
        if let d = v.doubleValue { return d }
        if let s = v.stringValue, let d = Double(s) { return d }
        throw .invalidArgument("\(Self.flag(key)) takes a number")
    }

    package mutating func int(_ key: String) throws(LivePhotoError) -> Int? {
        guard let d = try double(key) else { return nil }
        guard let i = Int(exactly: d) else { throw .invalidArgument("\(Self.flag(key)) takes a whole number") }
        return i
    }

    package mutating func flag(_ key: String) throws(LivePhotoError) -> Bool {
        guard let v = value(key) else { return false }
        guard let b = v.boolValue else { throw .invalidArgument("\(Self.flag(key)) is a flag: true or false") }
        return b
    }

    /// A list (`files: [...]`), its elements as given.
    package mutating func list(_ key: String) throws(LivePhotoError) -> [JSONValue]? {
        guard let v = value(key) else { return nil }
        guard let list = v.arrayValue else { throw .invalidArgument("\(Self.flag(key)) takes a list") }
        return list
    }

    /// An object (`facts: {...}`), as given.
    package mutating func object(_ key: String) throws(LivePhotoError) -> JSONValue? {
        guard let v = value(key) else { return nil }
        guard case .object = v else { throw .invalidArgument("\(Self.flag(key)) takes an object") }
        return v
    }

    /// A value of `type`'s raw values (`flavor: "google"`).
    package mutating func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(LivePhotoError) -> T?
    where T.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let value = T(rawValue: text) else {
            throw .invalidArgument(
                "\(Self.flag(key)): '\(text)' is not one of \(T.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))")
        }
        return value
    }

    /// Refuses the options no read asked for.
    package func checkAllRead() throws(LivePhotoError) {
        if let unknown = values.first(where: { !read.contains($0.key) }) {
            throw .invalidArgument("Unknown option '\(Self.flag(unknown.key))'")
        }
    }
}

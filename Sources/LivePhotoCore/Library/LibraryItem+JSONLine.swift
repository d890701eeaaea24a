/// A scan's item as one line of JSON, written straight into bytes: the same line `JSONEncoder` writes with sorted keys
/// and unescaped slashes (`docs/reference/json.md#scan`), without its trip through a dictionary of boxed values, so a
/// library of 100,000 items prints in a fraction of a second.
extension LibraryItem {
    /// Appends the item's JSON and a line feed to `line`.
    public func appendJSONLine(to line: inout [UInt8]) {
        // The keys in sorted order, optional ones only when present, as the synthesized Codable conformance writes them.
        var first = true
        func key(_ name: StaticString) {
            line.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
            first = false
            line.append(UInt8(ascii: "\""))
            name.withUTF8Buffer { line.append(contentsOf: $0) }
            line.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        }
        func value(_ text: String) { Self.appendJSONString(text, to: &line) }
        func list(_ texts: [String]) {
            line.append(UInt8(ascii: "["))
            for (index, text) in texts.enumerated() {
                if index > 0 { line.append(UInt8(ascii: ",")) }
                value(text)
            }
            line.append(UInt8(ascii: "]"))
        }
        func field(_ name: StaticString, _ text: String?) {
            guard let text else { return }
            key(name)
            value(text)
        }
        field("family", family?.rawValue)
        key("files")
        list(files)
        field("flavor", flavor?.rawValue)
        field("identifier", identifier)
        field("kind", kind.rawValue)
        field("note", note)
        field("pairedBy", pairedBy?.rawValue)
        field("root", root)
        key("variants")
        list(variants)
        line.append(contentsOf: [UInt8(ascii: "}"), UInt8(ascii: "\n")])
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `text` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX`, everything else
    /// (slashes and non-ASCII included) as its UTF-8 bytes. A run of bytes that need no escape is appended at once.
    static func appendJSONString(_ text: String, to line: inout [UInt8]) {
        line.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                appendEscaped(byte, to: &line)
                start = index + 1
            }
            line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        line.append(UInt8(ascii: "\""))
    }

    /// One byte that a JSON string cannot hold as it is, escaped.
    private static func appendEscaped(_ byte: UInt8, to line: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x08: line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x0C: line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
        default:
            line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            line.append(contentsOf: [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]])
        }
    }
}

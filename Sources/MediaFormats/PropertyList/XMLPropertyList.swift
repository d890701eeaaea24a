/// An XML property list (`<plist><dict>…`), as some writers store a timed-metadata key's `cfgv`: read with the XMP
/// packet's strict, bounded XML scanner, into the same values as a binary one (docs/formats/wallpaper.md#gates).
public struct XMLPropertyList: Sendable {
    /// The top object.
    public let top: PropertyListValue

    /// Reads `bytes`.
    /// - Throws: ``FormatError`` when they are not XML, or not a property list.
    public init(bytes: [UInt8]) throws(FormatError) {
        var scanner = XMLScanner(bytes: bytes)
        scanner.allowsDocumentType = true
        let root = try scanner.parseDocument()
        guard root.localName == "plist", let first = root.children.first else {
            throw FormatError(.notRecognized, "not a property list (no plist element holding a value)")
        }
        top = try Self.value(first)
    }

    static func value(_ element: XMPPacket.Element) throws(FormatError) -> PropertyListValue {
        let text = element.text.trimmingASCIIWhitespace()
        switch element.localName {
        case "dict":
            var entries: [(key: String, value: PropertyListValue)] = []
            var pending: String?
            for child in element.children {
                if child.localName == "key" {
                    pending = child.text
                } else if let key = pending {
                    entries.append((key, try value(child)))
                    pending = nil
                } else {
                    throw FormatError(.malformed, "a property list's dict holds a value without a key")
                }
            }
            return .dictionary(entries)
        case "array":
            var items: [PropertyListValue] = []
            for child in element.children { items.append(try value(child)) }
            return .array(items)
        case "string": return .string(element.text)
        case "integer":
            guard let integer = Int64(text) else { throw FormatError(.malformed, "a property list's integer is '\(text.prefix(40))'") }
            return .integer(integer)
        case "real":
            guard let real = Double(text) else { throw FormatError(.malformed, "a property list's real is '\(text.prefix(40))'") }
            return .real(real)
        case "true": return .bool(true)
        case "false": return .bool(false)
        default: return .other
        }
    }
}

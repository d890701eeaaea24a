/// A strict, bounded scanner for the XML that XMP packets contain: elements, attributes, character data,
/// CDATA, comments and processing instructions; the five predefined entities and character references.
struct XMLScanner {
    let bytes: [UInt8]
    var i = 0
    var elementCount = 0
    /// A property list's `<!DOCTYPE plist …>` (with no internal subset: no entity is ever declared) is skipped; XMP
    /// allows none.
    var allowsDocumentType = false
    static let maxDepth = 64
    static let maxElements = 100_000

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ message: String) -> FormatError { FormatError(.malformed, "XMP: \(message) at byte \(i)") }

    mutating func parseDocument() throws(FormatError) -> XMPPacket.Element {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        var root: XMPPacket.Element?
        while true {
            skipWhitespace()
            guard i < bytes.count else { break }
            if bytes[i] == 0 { break }  // NUL padding after the packet
            guard bytes[i] == UInt8(ascii: "<") else { throw error("text outside the root element") }
            if try skipMarkup() { continue }
            guard root == nil else { throw error("a second root element") }
            root = try parseElement(depth: 0, scopes: [["xml": "http://www.w3.org/XML/1998/namespace"]])
        }
        guard let root else { throw FormatError(.malformed, "XMP: no element in the packet") }
        return root
    }

    /// Skips a comment, processing instruction or declaration at `i`; false when an element starts there.
    mutating func skipMarkup() throws(FormatError) -> Bool {
        if matches("<?") {
            guard let end = find([UInt8]("?>".utf8), from: i + 2) else { throw error("an unterminated processing instruction") }
            i = end + 2
            return true
        }
        if matches("<!--") {
            guard let end = find([UInt8]("-->".utf8), from: i + 4) else { throw error("an unterminated comment") }
            i = end + 3
            return true
        }
        if matches("<!DOCTYPE"), allowsDocumentType {
            guard let end = find([UInt8](">".utf8), from: i + 9), !bytes[i..<end].contains(UInt8(ascii: "[")) else {
                throw error("a document type declaration with an internal subset")
            }
            i = end + 1
            return true
        }
        if matches("<!") { throw error("a document type declaration (not allowed in XMP)") }
        return false
    }

    mutating func parseElement(depth: Int, scopes: [[String: String]]) throws(FormatError) -> XMPPacket.Element {
        guard depth < Self.maxDepth else { throw error("elements nested more than \(Self.maxDepth) deep") }
        elementCount += 1
        guard elementCount <= Self.maxElements else { throw error("more than \(Self.maxElements) elements") }
        let start = i
        i += 1
        let name = try readName()
        var raw: [(name: String, value: String, range: Range<Int>)] = []
        var selfClosing = false
        while true {
            let hadSpace = skipWhitespace()
            guard i < bytes.count else { throw error("the tag <\(name)> is not closed") }
            if bytes[i] == UInt8(ascii: ">") {
                i += 1
                break
            }
            if matches("/>") {
                i += 2
                selfClosing = true
                break
            }
            guard hadSpace else { throw error("no space before an attribute in <\(name)>") }
            let attrStart = i
            let attrName = try readName()
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { throw error("attribute \(attrName) has no value") }
            i += 1
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                throw error("attribute \(attrName) is not quoted")
            }
            let quote = bytes[i]
            guard let close = bytes[(i + 1)...].firstIndex(of: quote) else { throw error("attribute \(attrName) is not closed") }
            let value = try decode(i + 1..<close)
            i = close + 1
            guard !raw.contains(where: { $0.name == attrName }) else { throw error("attribute \(attrName) appears twice") }
            raw.append((attrName, value, attrStart..<i))
        }
        var scope = scopes.last ?? [:]
        for a in raw {
            if a.name == "xmlns" { scope[""] = a.value }
            if a.name.hasPrefix("xmlns:") { scope[String(a.name.dropFirst(6))] = a.value }
        }
        let scopes = scopes + [scope]
        func resolve(_ qualified: String, isAttribute: Bool) throws(FormatError) -> (String?, String) {
            guard let colon = qualified.firstIndex(of: ":") else {
                return (isAttribute ? nil : scope[""], qualified)
            }
            let prefix = String(qualified[..<colon])
            let local = String(qualified[qualified.index(after: colon)...])
            if prefix == "xmlns" { return ("http://www.w3.org/2000/xmlns/", local) }
            guard let uri = scope[prefix] else { throw error("the prefix '\(prefix)' is not declared") }
            return (uri, local)
        }
        let (namespace, localName) = try resolve(name, isAttribute: false)
        var attributes: [XMPPacket.Attribute] = []
        for a in raw where a.name != "xmlns" {
            let (ns, local) = try resolve(a.name, isAttribute: true)
            attributes.append(XMPPacket.Attribute(namespace: ns, localName: local, value: a.value, range: a.range))
        }
        var element = XMPPacket.Element(
            namespace: namespace, localName: localName, attributes: attributes, children: [], text: "", range: start..<i,
            qualifiedName: name, startTagEnd: i, endTagStart: nil)
        if selfClosing { return element }
        var text = ""
        while true {
            guard i < bytes.count else { throw error("<\(name)> is not closed") }
            if bytes[i] != UInt8(ascii: "<") {
                let end = bytes[i...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
                text += try decode(i..<end)
                i = end
                continue
            }
            if matches("</") {
                element.endTagStart = i
                i += 2
                let closing = try readName()
                guard closing == name else { throw error("</\(closing)> closes <\(name)>") }
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { throw error("</\(closing)> is not closed") }
                i += 1
                break
            }
            if matches("<![CDATA[") {
                guard let end = find([UInt8]("]]>".utf8), from: i + 9) else { throw error("an unterminated CDATA section") }
                text += String(decoding: bytes[(i + 9)..<end], as: UTF8.self)
                i = end + 3
                continue
            }
            if try skipMarkup() { continue }
            element.children.append(try parseElement(depth: depth + 1, scopes: scopes))
        }
        element.text = text
        element.range = start..<i
        return element
    }

    mutating func readName() throws(FormatError) -> String {
        let start = i
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == UInt8(ascii: ">") || c == UInt8(ascii: "/")
                || c == UInt8(ascii: "=") || c == UInt8(ascii: "<") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'")
            {
                break
            }
            i += 1
        }
        guard i > start else { throw error("a name is missing") }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = i
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        return i > start
    }

    func matches(_ s: StaticString) -> Bool {
        s.withUTF8Buffer { buffer in
            i + buffer.count <= bytes.count && (0..<buffer.count).allSatisfy { bytes[i + $0] == buffer[$0] }
        }
    }

    func find(_ needle: [UInt8], from: Int) -> Int? {
        guard needle.count > 0, from + needle.count <= bytes.count else { return nil }
        var k = from
        while k + needle.count <= bytes.count {
            if bytes[k] == needle[0], bytes[k..<k + needle.count].elementsEqual(needle) { return k }
            k += 1
        }
        return nil
    }

    /// Character data with entity and character references decoded.
    func decode(_ range: Range<Int>) throws(FormatError) -> String {
        guard bytes[range].contains(UInt8(ascii: "&")) else { return String(decoding: bytes[range], as: UTF8.self) }
        var out: [UInt8] = []
        var k = range.lowerBound
        while k < range.upperBound {
            guard bytes[k] == UInt8(ascii: "&") else {
                out.append(bytes[k])
                k += 1
                continue
            }
            guard let semi = bytes[k..<range.upperBound].firstIndex(of: UInt8(ascii: ";")), semi - k <= 12 else {
                throw FormatError(.malformed, "XMP: a bare '&' at byte \(k)")
            }
            let entity = String(decoding: bytes[(k + 1)..<semi], as: UTF8.self)
            switch entity {
            case "amp": out.append(UInt8(ascii: "&"))
            case "lt": out.append(UInt8(ascii: "<"))
            case "gt": out.append(UInt8(ascii: ">"))
            case "quot": out.append(UInt8(ascii: "\""))
            case "apos": out.append(UInt8(ascii: "'"))
            default:
                let scalar: UInt32?
                if entity.hasPrefix("#x") {
                    scalar = UInt32(entity.dropFirst(2), radix: 16)
                } else if entity.hasPrefix("#") {
                    scalar = UInt32(entity.dropFirst(1))
                } else {
                    scalar = nil
                }
                guard let scalar, let u = Unicode.Scalar(scalar) else {
                    throw FormatError(.malformed, "XMP: unknown entity &\(entity); at byte \(k)")
                }
                out += Array(String(Character(u)).utf8)
            }
            k = semi + 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}

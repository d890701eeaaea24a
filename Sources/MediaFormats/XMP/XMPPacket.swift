/// An XMP packet parsed as the small XML subset XMP uses, keeping the byte range of every element and
/// attribute so that edits can blank exactly what they remove and leave every other byte where it was.
///
/// Namespaces are resolved from `xmlns` declarations, so properties are found by namespace URI, never by
/// prefix (FORMAT.md §4.1). Document type declarations are refused (no entity expansion can happen).
public struct XMPPacket: Sendable {
    /// An attribute, its name resolved to a namespace.
    public struct Attribute: Sendable, Equatable {
        /// The namespace URI; nil for an unprefixed name.
        public var namespace: String?
        /// The name without its prefix.
        public var localName: String
        /// The value, entities decoded.
        public var value: String
        /// From the attribute's name to its closing quote.
        public var range: Range<Int>
    }

    /// An element, its name resolved to a namespace, with its attributes, children and text.
    public struct Element: Sendable, Equatable {
        /// The namespace URI of its prefix or, for an unprefixed name, the default namespace (nil when none is declared).
        public var namespace: String?
        /// The name without its prefix.
        public var localName: String
        /// The attributes in written order, `xmlns:` declarations included; a default `xmlns` is not listed.
        public var attributes: [Attribute]
        /// The child elements, in order.
        public var children: [Element]
        /// The character data directly inside the element, entities decoded.
        public var text: String
        /// From `<` of the start tag to `>` of the end tag (or of the empty-element tag).
        public var range: Range<Int>
        /// The name as written, prefix included.
        public var qualifiedName: String
        /// Just past the start tag's `>`.
        public var startTagEnd: Int
        /// Where the end tag starts; nil for an empty-element tag (`<a/>`).
        public var endTagStart: Int?

        /// The attribute `localName` in `namespace`; nil when there is none.
        public func attribute(_ namespace: String, _ localName: String) -> Attribute? {
            attributes.first { $0.namespace == namespace && $0.localName == localName }
        }

        /// The first child element `localName` in `namespace`; nil when there is none.
        public func child(_ namespace: String, _ localName: String) -> Element? {
            children.first { $0.namespace == namespace && $0.localName == localName }
        }

        /// Every element below this one, depth first.
        public var descendants: [Element] { children.flatMap { [$0] + $0.descendants } }
    }

    /// The RDF namespace URI (`rdf:Description`, `rdf:Seq`, `rdf:li`).
    public static let rdfNamespace = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    /// The largest packet read: XMP in a JPEG is at most 64 KB, and HEIF items are read with this cap.
    public static let maxSize = 4 << 20

    /// The packet as read; every range counts from its first byte.
    public let bytes: [UInt8]
    /// The document's one root element (`x:xmpmeta` in a standard packet).
    public let root: Element

    /// Parses a packet (UTF-8, with or without a BOM); NUL padding after the root element ends it.
    /// - Throws: when it is larger than ``maxSize``, is not well-formed, uses an undeclared prefix, or has a document
    ///   type declaration.
    public init(bytes: [UInt8]) throws {
        guard bytes.count <= Self.maxSize else { throw FormatError(.unsupported, "the XMP packet is \(bytes.count) bytes") }
        self.bytes = bytes
        var parser = XMLScanner(bytes: bytes)
        root = try parser.parseDocument()
    }

    /// The `rdf:Description` elements, where XMP properties live.
    public var descriptions: [Element] {
        ([root] + root.descendants).filter { $0.namespace == Self.rdfNamespace && $0.localName == "Description" }
    }

    /// A simple property, written as an attribute of an `rdf:Description` or as a child element holding text.
    public func property(_ namespace: String, _ localName: String) -> String? {
        for d in descriptions {
            if let a = d.attribute(namespace, localName) { return a.value }
            if let e = d.child(namespace, localName), e.children.isEmpty {
                return e.text.trimmingASCIIWhitespace()
            }
        }
        return nil
    }

    /// The byte ranges that hold a property (its attribute or its element), for blanking.
    public func propertyRanges(_ namespace: String, _ localName: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for d in descriptions {
            ranges += d.attributes.filter { $0.namespace == namespace && $0.localName == localName }.map(\.range)
            ranges += d.children.filter { $0.namespace == namespace && $0.localName == localName }.map(\.range)
        }
        return ranges
    }

    /// The packet with `ranges` overwritten by spaces: still well-formed XML when each range is a whole attribute
    /// or element, and exactly as long as before, so nothing around the packet has to move.
    public func blanking(_ ranges: [Range<Int>]) -> [UInt8] {
        var out = bytes
        for r in ranges where r.lowerBound >= 0 && r.upperBound <= out.count {
            for i in r { out[i] = 0x20 }
        }
        return out
    }
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !" \t\r\n".unicodeScalars.contains($0) }),
            let last = scalars.lastIndex(where: { !" \t\r\n".unicodeScalars.contains($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}

/// A strict, bounded scanner for the XML that XMP packets contain: elements, attributes, character data,
/// CDATA, comments and processing instructions; the five predefined entities and character references.
struct XMLScanner {
    let bytes: [UInt8]
    var i = 0
    var elementCount = 0
    static let maxDepth = 64
    static let maxElements = 100_000

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ message: String) -> FormatError { FormatError(.malformed, "XMP: \(message) at byte \(i)") }

    mutating func parseDocument() throws -> XMPPacket.Element {
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
    mutating func skipMarkup() throws -> Bool {
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
        if matches("<!") { throw error("a document type declaration (not allowed in XMP)") }
        return false
    }

    mutating func parseElement(depth: Int, scopes: [[String: String]]) throws -> XMPPacket.Element {
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
        func resolve(_ qualified: String, isAttribute: Bool) throws -> (String?, String) {
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

    mutating func readName() throws -> String {
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
    func decode(_ range: Range<Int>) throws -> String {
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

extension XMPPacket {
    /// Namespaces whose properties describe one image's pixels or bytes, and do not hold for new ones: an HDR gain map
    /// (Apple's, Adobe's Ultra HDR), an embedded item (Google's container), the regions of faces found in it (MWG).
    public static let imageBoundNamespaces: Set<String> = [
        "http://www.metadataworkinggroup.com/schemas/regions/",
        "http://ns.apple.com/HDRGainMap/1.0/", "http://ns.adobe.com/hdr-gain-map/1.0/", "http://ns.google.com/photos/1.0/container/",
        "http://ns.google.com/photos/1.0/container/item/", "http://ns.google.com/photos/1.0/camera/",
    ]

    /// The packet with every property of `namespaces` (attributes and elements of each `rdf:Description`) blanked
    /// with spaces: the same length, still well-formed.
    public func blanking(namespaces: Set<String>) -> [UInt8] {
        var ranges: [Range<Int>] = []
        for d in descriptions {
            ranges += d.attributes.filter { $0.namespace.map(namespaces.contains) ?? false }.map(\.range)
            ranges += d.children.filter { $0.namespace.map(namespaces.contains) ?? false }.map(\.range)
        }
        return blanking(ranges)
    }
}

/// An XMP packet parsed as the small XML subset XMP uses, keeping the byte range of every element and
/// attribute so that edits can blank exactly what they remove and leave every other byte where it was.
///
/// Namespaces are resolved from `xmlns` declarations, so properties are found by namespace URI, never by
/// prefix (docs/formats/motion-photo.md#google-motion-photo-xmp). Document type declarations are refused (no entity expansion can happen).
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
    public init(bytes: [UInt8]) throws(FormatError) {
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
            ranges += d.attributes.filter { $0.namespace == namespace && $0.localName == localName }.map { $0.range }
            ranges += d.children.filter { $0.namespace == namespace && $0.localName == localName }.map { $0.range }
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

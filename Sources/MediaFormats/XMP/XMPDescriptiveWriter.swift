/// Writes the descriptive XMP properties a photo library keeps (docs/formats/takeout.md#what-is-written-into-the-files):
/// `dc:description` (an `rdf:Alt` with an `x-default` entry), `xmp:Rating`, and `Iptc4xmpExt:PersonInImage` (an
/// `rdf:Bag` of names).
///
/// An existing packet keeps every other byte: a property being replaced is blanked where it was (``XMPPacket/blanking(_:)``)
/// and the new elements go at the end of its first `rdf:Description`, so a Motion Photo's `GCamera` attributes and
/// `Container:Directory` stay as they were.
public enum XMPDescriptiveWriter {
    /// Dublin Core, for `dc:description`.
    public static let dublinCoreNamespace = "http://purl.org/dc/elements/1.1/"
    /// XMP basic, for `xmp:Rating`.
    public static let basicNamespace = "http://ns.adobe.com/xap/1.0/"
    /// IPTC Extension, for `Iptc4xmpExt:PersonInImage`.
    public static let iptcExtensionNamespace = "http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
    /// Photoshop's namespace (`photoshop:DateCreated`).
    public static let photoshopNamespace = "http://ns.adobe.com/photoshop/1.0/"
    /// Exif's XMP namespace (`exif:GPSLatitude`, `exif:DateTimeOriginal`).
    public static let exifNamespace = "http://ns.adobe.com/exif/1.0/"
    static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    /// One property to write.
    public enum Property: Sendable, Equatable {
        /// `dc:description`, the caption.
        case description(String)
        /// `dc:title`, the title given in a library.
        case title(String)
        /// `dc:subject`, the keywords.
        case keywords([String])
        /// `xmp:Rating`, 0 to 5 (5: a favourite).
        case rating(Int)
        /// `Iptc4xmpExt:PersonInImage`, the names of the people shown.
        case people([String])

        var namespace: String {
            switch self {
            case .description, .title, .keywords: XMPDescriptiveWriter.dublinCoreNamespace
            case .rating: XMPDescriptiveWriter.basicNamespace
            case .people: XMPDescriptiveWriter.iptcExtensionNamespace
            }
        }
        var localName: String {
            switch self {
            case .description: "description"
            case .title: "title"
            case .keywords: "subject"
            case .rating: "Rating"
            case .people: "PersonInImage"
            }
        }
        var preferredPrefix: String {
            switch self {
            case .description, .title, .keywords: "dc"
            case .rating: "xmp"
            case .people: "Iptc4xmpExt"
            }
        }

        /// The element, written with `prefix` for its namespace and `rdf` for RDF's.
        func element(prefix: String, rdf: String) -> String {
            let name = "\(prefix):\(localName)"
            switch self {
            case .description(let text), .title(let text):
                return
                    "<\(name)><\(rdf):Alt><\(rdf):li xml:lang=\"x-default\">\(XMPDescriptiveWriter.escaped(text))</\(rdf):li></\(rdf):Alt></\(name)>"
            case .rating(let rating):
                return "<\(name)>\(min(max(rating, -1), 5))</\(name)>"
            case .people(let names), .keywords(let names):
                let items = names.map { "<\(rdf):li>\(XMPDescriptiveWriter.escaped($0))</\(rdf):li>" }.joined()
                return "<\(name)><\(rdf):Bag>\(items)</\(rdf):Bag></\(name)>"
            }
        }
    }

    /// True when `packet` holds `localName` of `namespace` in any `rdf:Description`, as an attribute or an element.
    public static func has(_ packet: XMPPacket, _ namespace: String, _ localName: String) -> Bool {
        !packet.propertyRanges(namespace, localName).isEmpty
    }

    /// The packet with `properties` written: into `existing` (each one that is there already replaced), or a new one.
    /// - Throws: when the result does not read back as XML (it always should).
    public static func packet(existing: XMPPacket?, setting properties: [Property]) throws(FormatError) -> [UInt8] {
        guard let existing, let description = existing.descriptions.first else {
            let body = properties.map { "\n   " + $0.element(prefix: $0.preferredPrefix, rdf: "rdf") }.joined()
            let declarations = Set(properties.map { "\n    xmlns:\($0.preferredPrefix)=\"\($0.namespace)\"" }).sorted().joined()
            let text = """
                <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
                <x:xmpmeta xmlns:x="adobe:ns:meta/">
                 <rdf:RDF xmlns:rdf="\(XMPPacket.rdfNamespace)">
                  <rdf:Description rdf:about=""\(declarations)>\(body)
                  </rdf:Description>
                 </rdf:RDF>
                </x:xmpmeta>
                <?xpacket end="w"?>
                """
            let bytes = Array(text.utf8)
            _ = try XMPPacket(bytes: bytes)
            return bytes
        }
        // Prefixes: those the Description itself binds for these namespaces, else free ones declared on it.
        let declared = ([existing.root] + existing.root.descendants).flatMap { e in
            e.attributes.filter { $0.namespace == xmlnsNamespace }.map { $0.localName }
        }
        var declarations = ""
        var chosen: [String: String] = [:]
        func prefix(for uri: String, preferred: String) -> String {
            if let known = chosen[uri] { return known }
            if let found = description.attributes.first(where: { $0.namespace == xmlnsNamespace && $0.value == uri }) {
                chosen[uri] = found.localName
                return found.localName
            }
            var name = preferred
            var n = 1
            while declared.contains(name) || chosen.values.contains(name) {
                n += 1
                name = "\(preferred)\(n)"
            }
            declarations += " xmlns:\(name)=\"\(uri)\""
            chosen[uri] = name
            return name
        }
        let rdf = description.qualifiedName.split(separator: ":").first.map(String.init) ?? "rdf"
        let elements = properties.map { "\n   " + $0.element(prefix: prefix(for: $0.namespace, preferred: $0.preferredPrefix), rdf: rdf) }
            .joined()
        var bytes = existing.blanking(properties.flatMap { existing.propertyRanges($0.namespace, $0.localName) })
        if let endTag = description.endTagStart {
            bytes.insert(contentsOf: Array((elements + "\n  ").utf8), at: endTag)
            bytes.insert(contentsOf: Array(declarations.utf8), at: description.startTagEnd - 1)
        } else {
            let tagClose = description.startTagEnd - 2
            bytes.replaceSubrange(
                tagClose..<description.startTagEnd,
                with: Array((declarations + ">" + elements + "\n  </\(description.qualifiedName)>").utf8))
        }
        _ = try XMPPacket(bytes: bytes)
        return bytes
    }

    /// `text` as XML character data: `&`, `<`, `>` and `"` as entities, and the control characters XML 1.0 cannot
    /// hold (all below U+0020 but tab, line feed and carriage return) left out.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}

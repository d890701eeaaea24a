extension XMPPacket {
    /// The items of a list property (`rdf:Alt`, `rdf:Bag` or `rdf:Seq`), in order: a title's or a caption's languages,
    /// keywords, people. Empty when the property is missing or is not a list.
    public func items(_ namespace: String, _ localName: String) -> [String] {
        for description in descriptions {
            guard let property = description.child(namespace, localName) else { continue }
            for list in property.children where list.namespace == Self.rdfNamespace {
                return list.children.filter { $0.namespace == Self.rdfNamespace && $0.localName == "li" }.map {
                    $0.text.trimmingASCIIWhitespace()
                }
            }
        }
        return []
    }
}

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
            ranges += d.attributes.filter { $0.namespace.map(namespaces.contains) ?? false }.map { $0.range }
            ranges += d.children.filter { $0.namespace.map(namespaces.contains) ?? false }.map { $0.range }
        }
        return blanking(ranges)
    }
}

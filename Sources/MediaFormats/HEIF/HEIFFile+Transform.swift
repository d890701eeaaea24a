extension HEIFFile {
    /// The turn and mirror the primary image's `irot` and `imir` properties apply, in the order `ipma` associates
    /// them (docs/formats/heic.md#orientation): the identity when it has neither; nil when its properties cannot be
    /// read.
    public var primaryImageTransform: ImageTransform? {
        func boxes(in data: [UInt8]) -> [Atom]? {
            try? Atom.parseSequence(data, range: 0..<data.count, baseOffset: 0, depth: 2)
        }
        guard let primary = primaryItemID, let iprp = meta.child("iprp"), let parts = boxes(in: iprp.data),
            let ipco = parts.first(where: { $0.type == "ipco" }), let ipma = parts.first(where: { $0.type == "ipma" }),
            let indices = try? Self.propertyIndices(of: primary, in: ipma), let properties = boxes(in: ipco.data)
        else { return nil }
        var transform = ImageTransform.identity
        for index in indices where index >= 1 && index <= properties.count {
            let property = properties[index - 1]
            guard let first = property.data.first else { continue }
            switch property.type {
            case "irot": transform = transform.then(.heifRotation(anticlockwiseQuarterTurns: Int(first & 3)))
            case "imir": transform = transform.then(.heifMirror(axis: Int(first & 1)))
            default: continue
            }
        }
        return transform
    }
}

/// The `setu` atom of a timed-metadata key (docs/formats/live-photo.md#still-image-time-track): a configuration (`cfgv`, a binary property list) and
/// the dimensions the values refer to (`dims`, 32-bit width and height), as Apple's `live-photo-info` key has them.
public struct TimedMetadataKeySetup: Sendable, Equatable {
    /// `cfgv`'s bytes, or nil when it is missing.
    public var configuration: [UInt8]?
    /// `dims`, or nil when it is missing or shorter than 8 bytes.
    public var dimensions: (width: UInt32, height: UInt32)?

    /// A `setu` with the given `cfgv` and `dims`; nil leaves either out.
    public init(configuration: [UInt8]?, dimensions: (width: UInt32, height: UInt32)?) {
        self.configuration = configuration
        self.dimensions = dimensions
    }

    /// Reads the `setu` atom of `key`; nil when the key has none or it is not a sequence of atoms.
    public init?(_ key: TimedMetadataSampleEntry.Key) {
        guard let setu = key.atom("setu"),
            let parts = try? Atom.parseSequence(setu.data, range: 0..<setu.data.count, baseOffset: 0, depth: 4)
        else { return nil }
        configuration = parts.first { $0.type == "cfgv" }?.data
        if let dims = parts.first(where: { $0.type == "dims" })?.data, dims.count >= 8 {
            dimensions = (dims.loadUInt32(at: 0, .bigEndian), dims.loadUInt32(at: 4, .bigEndian))
        }
    }

    /// The `setu` atom: `cfgv` then `dims`, the order real captures write.
    public var atom: Atom {
        var children: [Atom] = []
        if let configuration { children.append(Atom(type: "cfgv", data: configuration)) }
        if let dimensions {
            var dims = ByteWriter()
            dims.appendUInt32(dimensions.width)
            dims.appendUInt32(dimensions.height)
            children.append(Atom(type: "dims", data: dims.bytes))
        }
        return Atom(type: "setu", children: children)
    }

    /// Two setups are equal when their configurations and dimensions are.
    public static func == (a: Self, b: Self) -> Bool {
        a.configuration == b.configuration && a.dimensions?.width == b.dimensions?.width && a.dimensions?.height == b.dimensions?.height
    }
}

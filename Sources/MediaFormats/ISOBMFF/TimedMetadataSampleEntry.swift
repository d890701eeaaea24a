/// A `mebx` sample entry: the key table of a timed-metadata track (docs/formats/live-photo.md#still-image-time-track).
///
/// Inside `mebx`, `keys` is a plain atom whose children are key atoms typed by their local key ID; each
/// holds `keyd` (namespace + key) and `dtyp` (data type), and possibly other atoms, which are kept.
public struct TimedMetadataSampleEntry: Sendable, Equatable {
    /// One key atom of the table: its local ID, `keyd` and `dtyp`, and any other atoms.
    public struct Key: Sendable, Equatable {
        /// The key atom's type: the ID by which sample items refer to the key (0 and 0xFFFFFFFF are reserved).
        public var localID: UInt32
        /// The `keyd` namespace, usually `mdta`.
        public var namespace: FourCC
        /// The `keyd` key name, such as `com.apple.quicktime.still-image-time`.
        public var name: String
        /// `dtyp`: namespace 0 (well-known, `wellKnownType` set) or another namespace with a type name.
        public var dataTypeNamespace: UInt32
        /// For `dtyp` namespace 0: the well-known type (65 int8, 71 DimensionsF32...); nil otherwise or when absent.
        public var wellKnownType: UInt32?
        /// For a `dtyp` namespace other than 0: the type's name.
        public var dataTypeName: String?
        /// The key atom's other children (`sdpd`, `setu`, `ctps`…), in order, kept as they are.
        public var otherAtoms: [Atom] = []

        /// An `mdta` key whose data type is the well-known type `wellKnownType` (`dtyp` namespace 0).
        public init(localID: UInt32, name: String, wellKnownType: UInt32) {
            self.localID = localID
            namespace = "mdta"
            self.name = name
            dataTypeNamespace = 0
            self.wellKnownType = wellKnownType
        }

        /// A key whose data type is named in namespace `dataTypeNamespace` (1: reverse-DNS type names).
        public init(localID: UInt32, name: String, dataTypeNamespace: UInt32, dataTypeName: String, otherAtoms: [Atom]) {
            self.localID = localID
            namespace = "mdta"
            self.name = name
            self.dataTypeNamespace = dataTypeNamespace
            self.dataTypeName = dataTypeName
            self.otherAtoms = otherAtoms
        }

        /// A child of the key atom other than `keyd` and `dtyp`, e.g. `setu`.
        public func atom(_ type: FourCC) -> Atom? { otherAtoms.first { $0.type == type } }
    }

    /// The keys, in table order.
    public var keys: [Key]

    /// A sample entry holding `keys`.
    public init(keys: [Key]) { self.keys = keys }

    /// Parses the key table of a whole `mebx` sample entry (header included).
    public init(entryBytes: [UInt8]) throws(FormatError) {
        guard entryBytes.count >= 16 else { throw FormatError(.truncated, "a 'mebx' sample entry is shorter than 16 bytes") }
        let boxes = try Atom.parseSequence(entryBytes, range: 16..<entryBytes.count, baseOffset: 0, depth: 1)
        keys = []
        guard let table = boxes.first(where: { $0.type == "keys" }) else { return }
        for keyAtom in try Atom.parseSequence(table.data, range: 0..<table.data.count, baseOffset: 0, depth: 2) {
            let parts = try Atom.parseSequence(keyAtom.data, range: 0..<keyAtom.data.count, baseOffset: 0, depth: 3)
            var key = Key(localID: keyAtom.type.rawValue, name: "", wellKnownType: 0)
            key.wellKnownType = nil
            if let keyd = parts.first(where: { $0.type == "keyd" }), keyd.data.count >= 4 {
                key.namespace = FourCC(rawValue: keyd.data.loadUInt32(at: 0, .bigEndian))
                key.name = String(decoding: keyd.data[4...], as: UTF8.self)
            }
            if let dtyp = parts.first(where: { $0.type == "dtyp" }), dtyp.data.count >= 4 {
                key.dataTypeNamespace = dtyp.data.loadUInt32(at: 0, .bigEndian)
                if key.dataTypeNamespace == 0, dtyp.data.count >= 8 {
                    key.wellKnownType = dtyp.data.loadUInt32(at: 4, .bigEndian)
                } else if key.dataTypeNamespace != 0 {
                    key.dataTypeName = String(decoding: dtyp.data[4...], as: UTF8.self)
                }
            }
            key.otherAtoms = parts.filter { $0.type != "keyd" && $0.type != "dtyp" }
            keys.append(key)
        }
    }

    /// The first key named `name`, or nil.
    public func key(named name: String) -> Key? { keys.first { $0.name == name } }

    /// The sample entry bytes, header included, with data reference index 1.
    public var entryBytes: [UInt8] {
        var table = ByteWriter()
        for key in keys {
            table.appendBox(FourCC(rawValue: key.localID)) { k in
                k.appendBox("keyd") { d in
                    d.appendFourCC(key.namespace)
                    d.appendASCII(key.name)
                }
                k.appendBox("dtyp") { d in
                    d.appendUInt32(key.dataTypeNamespace)
                    if let name = key.dataTypeName, key.dataTypeNamespace != 0 {
                        d.appendASCII(name)
                    } else {
                        d.appendUInt32(key.wellKnownType ?? 0)
                    }
                }
                for atom in key.otherAtoms { k.append(atom.serialized()) }
            }
        }
        var w = ByteWriter()
        w.appendBox("mebx") { e in
            e.append([0, 0, 0, 0, 0, 0])
            e.appendUInt16(1)
            e.appendBox("keys") { $0.append(table.bytes) }
        }
        return w.bytes
    }

    /// Splits a timed-metadata sample into its items: (local key ID, value bytes).
    public static func items(inSample sample: [UInt8]) throws(FormatError) -> [(localID: UInt32, value: [UInt8])] {
        var r = ByteReader(sample)
        var result: [(localID: UInt32, value: [UInt8])] = []
        while !r.isAtEnd {
            let stated = try r.readInteger(UInt32.self, .bigEndian, "metadata item size")
            let size = Int(clamping: stated)
            let id = try r.readInteger(UInt32.self, .bigEndian, "metadata item key")
            guard size >= 8, size - 8 <= r.remaining else {
                throw FormatError(.malformed, "a metadata item has size \(stated) past its sample")
            }
            result.append((id, try r.readBytes(size - 8)))
        }
        return result
    }
}

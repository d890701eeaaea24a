/// QuickTime metadata in a `meta` box: the `keys` table and the `ilst` items that refer to it by index.
///
/// Items are kept as raw boxes; only the ones a caller replaces change. Layout: docs/formats/live-photo.md#movie-metadata.
public struct QuickTimeMetadata: Sendable, Equatable {
    /// One entry of the `keys` table: a namespace and a name.
    public struct Key: Sendable, Equatable {
        /// Usually `mdta`.
        public var namespace: FourCC
        /// The name's bytes as stored (UTF-8, no NUL).
        public var name: [UInt8]

        /// A key named by the UTF-8 bytes of `name`.
        public init(namespace: FourCC = "mdta", name: String) {
            self.namespace = namespace
            self.name = Array(name.utf8)
        }

        /// A key whose name is given as raw bytes.
        public init(namespace: FourCC, nameBytes: [UInt8]) {
            self.namespace = namespace
            name = nameBytes
        }

        /// The name decoded as UTF-8, invalid bytes replaced.
        public var nameString: String { String(decoding: name, as: UTF8.self) }
    }

    /// A decoded `data` value.
    public enum Value: Sendable, Equatable {
        /// Type 1: UTF-8 text.
        case utf8(String)
        /// Type 21: a big-endian signed integer of 1 to 8 bytes.
        case signedInteger(Int64)
        /// Type 22: a big-endian unsigned integer of 1 to 8 bytes.
        case unsignedInteger(UInt64)
        /// Type 23: a big-endian 32-bit float.
        case float32(Float)
        /// Type 24: a big-endian 64-bit float.
        case float64(Double)
        /// Any other 24-bit type, or a listed type whose value has an unexpected length: the bytes after the locale.
        case other(type: UInt32, bytes: [UInt8])
    }

    /// The `keys` table, in order; item types refer to it 1-based.
    public var keys: [Key]
    /// `ilst` children; each box's type is the 1-based key index.
    public var items: [Atom]

    /// Metadata with the given keys and items.
    public init(keys: [Key] = [], items: [Atom] = []) {
        self.keys = keys
        self.items = items
    }

    /// Reads `keys` and `ilst` from a `meta` atom (either style). Absent boxes give empty lists.
    public init(meta: Atom) throws(FormatError) {
        keys = []
        if let k = meta.child("keys") {
            var r = ByteReader(k.data)
            try r.skip(4, "keys version and flags")
            let count = try r.readInteger(UInt32.self, .bigEndian, "keys entry count")
            try r.checkCount(UInt64(count), elementSize: 8, "keys")
            for _ in 0..<count {
                let stated = try r.readInteger(UInt32.self, .bigEndian, "key size")
                let size = Int(clamping: stated)
                let ns = try r.readFourCC("key namespace")
                guard size >= 8, size - 8 <= r.remaining else {
                    throw FormatError(.malformed, "a metadata key has size \(stated) past its 'keys' box")
                }
                keys.append(Key(namespace: ns, nameBytes: try r.readBytes(size - 8)))
            }
        }
        if let ilst = meta.child("ilst") {
            // Items are boxes typed by key index; each is kept verbatim.
            items =
                ilst.children.isEmpty
                ? try Atom.parseSequence(ilst.data, range: 0..<ilst.data.count, baseOffset: 0, depth: 2) : ilst.children
        } else {
            items = []
        }
    }

    /// The 1-based index of the key `name` in the `mdta` namespace.
    public func keyIndex(_ name: String) -> Int? {
        let bytes = Array(name.utf8)
        return keys.firstIndex { $0.namespace == "mdta" && $0.name == bytes }.map { $0 + 1 }
    }

    /// The first value stored under `name`.
    public func value(for name: String) -> Value? {
        guard let index = keyIndex(name) else { return nil }
        for item in items where item.type.rawValue == UInt32(index) {
            if let data = item.child("data")
                ?? (try? Atom.parseSequence(item.data, range: 0..<item.data.count, baseOffset: 0, depth: 1))?.first(where: {
                    $0.type == "data"
                })
            {
                return Self.decode(data.data)
            }
        }
        return nil
    }

    /// Sets `name` to a UTF-8 string: replaces every item of that key with one new item, or adds key and item.
    public mutating func setString(_ value: String, for name: String) {
        set(.utf8(value), for: name)
    }

    /// Sets `name` to `value`: replaces every item of that key with one new item, or adds key and item. Integers
    /// are written in 8 bytes, as iPhones write them (docs/formats/live-photo.md#movie-metadata: type 21 or 22, locale 0).
    public mutating func set(_ value: Value, for name: String) {
        let index: Int
        if let existing = keyIndex(name) {
            index = existing
        } else {
            keys.append(Key(name: name))
            index = keys.count
        }
        var data = ByteWriter()
        switch value {
        case .utf8(let text):
            data.appendUInt32(1)  // type indicator: well-known set, UTF-8
            data.appendUInt32(0)  // locale: any
            data.append(Array(text.utf8))
        case .signedInteger(let n):
            data.appendUInt32(21); data.appendUInt32(0); data.appendUInt64(UInt64(bitPattern: n))
        case .unsignedInteger(let n):
            data.appendUInt32(22); data.appendUInt32(0); data.appendUInt64(n)
        case .float32(let f):
            data.appendUInt32(23); data.appendUInt32(0); data.appendUInt32(f.bitPattern)
        case .float64(let d):
            data.appendUInt32(24); data.appendUInt32(0); data.appendUInt64(d.bitPattern)
        case .other(let type, let bytes):
            data.appendUInt32(type & 0x00FF_FFFF); data.appendUInt32(0); data.append(bytes)
        }
        let item = Atom(type: FourCC(rawValue: UInt32(index)), children: [Atom(type: "data", data: data.bytes)])
        if let first = items.firstIndex(where: { $0.type.rawValue == UInt32(index) }) {
            items[first] = item
            items = items.enumerated().filter { $0.offset == first || $0.element.type.rawValue != UInt32(index) }.map { $0.element }
        } else {
            items.append(item)
        }
    }

    /// Removes the key `name` and its items; later keys move down one place and their items are renumbered.
    /// - Returns: true when the key was there.
    @discardableResult
    public mutating func removeKey(_ name: String) -> Bool {
        guard let index = keyIndex(name) else { return false }
        keys.remove(at: index - 1)
        items = items.compactMap { item in
            let k = Int(clamping: item.type.rawValue)
            if k == index { return nil }
            var item = item
            if k > index { item.type = FourCC(rawValue: UInt32(k - 1)) }
            return item
        }
        return true
    }

    /// The `keys` box.
    public var keysAtom: Atom {
        var w = ByteWriter()
        w.appendUInt32(0)
        w.appendUInt32(UInt32(keys.count))
        for k in keys {
            w.appendUInt32(UInt32(8 + k.name.count))
            w.appendFourCC(k.namespace)
            w.append(k.name)
        }
        return Atom(type: "keys", data: w.bytes)
    }

    /// The `ilst` box holding ``items``.
    public var itemListAtom: Atom { Atom(type: "ilst", children: items) }

    /// A QuickTime-style movie `meta` holding these keys and items, as iPhones write it.
    public var metaAtom: Atom {
        Atom(type: "meta", children: [Self.mdtaHandler, keysAtom, itemListAtom])
    }

    /// The 34-byte `hdlr` of a QuickTime `mdta` metadata box (docs/formats/live-photo.md#movie-metadata).
    public static var mdtaHandler: Atom {
        var w = ByteWriter()
        w.appendUInt32(0)
        w.appendUInt32(0)
        w.appendFourCC("mdta")
        w.append([UInt8](repeating: 0, count: 12))
        w.appendUInt16(0)
        return Atom(type: "hdlr", data: w.bytes)
    }

    /// Decodes a `data` box payload (type indicator, locale, value). Integers of 1 to 8 bytes are accepted.
    public static func decode(_ payload: [UInt8]) -> Value? {
        guard payload.count >= 8 else { return nil }
        let type = payload.loadUInt32(at: 0, .bigEndian) & 0x00FF_FFFF
        let value = Array(payload[8...])
        func integer() -> UInt64? {
            guard (1...8).contains(value.count) else { return nil }
            return value.reduce(0) { $0 << 8 | UInt64($1) }
        }
        switch type {
        case 1: return .utf8(String(decoding: value, as: UTF8.self))
        case 21:
            guard let u = integer() else { return .other(type: type, bytes: value) }
            let shift = UInt64(64 - 8 * value.count)
            return .signedInteger(Int64(bitPattern: u << shift) >> Int64(shift))
        case 22: return integer().map { .unsignedInteger($0) } ?? .other(type: type, bytes: value)
        case 23 where value.count == 4: return .float32(Float(bitPattern: value.loadUInt32(at: 0, .bigEndian)))
        case 24 where value.count == 8: return .float64(Double(bitPattern: value.loadUInt64(at: 0, .bigEndian)))
        default: return .other(type: type, bytes: value)
        }
    }
}

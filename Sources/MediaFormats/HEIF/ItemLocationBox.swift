/// `iloc`: where each HEIF item's bytes are, with every field kept so the box can be written back with the
/// same widths (and so the same size) after an extent moves.
public struct ItemLocationBox: Sendable, Equatable {
    public struct Extent: Sendable, Equatable {
        public var index: UInt64
        public var offset: UInt64
        public var length: UInt64
    }

    public struct Item: Sendable, Equatable {
        public var id: UInt32
        /// 0: file offsets; 1: offsets into `idat`; 2: item offsets.
        public var constructionMethod: UInt8
        public var dataReferenceIndex: UInt16
        public var baseOffset: UInt64
        public var extents: [Extent]
    }

    public var version: UInt8
    public var flags: UInt32
    public var offsetSize: Int
    public var lengthSize: Int
    public var baseOffsetSize: Int
    public var indexSize: Int
    public var items: [Item]

    public init(_ iloc: Atom) throws {
        var r = ByteReader(iloc.data)
        version = try r.readInteger(UInt8.self, "iloc version")
        flags = UInt32(try r.readUInt(width: 3, "iloc flags"))
        let sizes = try r.readInteger(UInt8.self, "iloc sizes")
        offsetSize = Int(sizes >> 4)
        lengthSize = Int(sizes & 0xF)
        let sizes2 = try r.readInteger(UInt8.self, "iloc sizes")
        baseOffsetSize = Int(sizes2 >> 4)
        indexSize = version >= 1 ? Int(sizes2 & 0xF) : 0
        for width in [offsetSize, lengthSize, baseOffsetSize, indexSize] where ![0, 4, 8].contains(width) {
            throw FormatError(.malformed, "iloc field width \(width) is not 0, 4 or 8")
        }
        let count = version < 2 ? UInt32(try r.readInteger(UInt16.self, .bigEndian, "iloc count")) : try r.readInteger(UInt32.self, .bigEndian, "iloc count")
        try r.checkCount(UInt64(count), elementSize: 4, "iloc")
        items = []
        for _ in 0..<count {
            let id = version < 2 ? UInt32(try r.readInteger(UInt16.self, .bigEndian, "iloc item")) : try r.readInteger(UInt32.self, .bigEndian, "iloc item")
            var method: UInt8 = 0
            if version >= 1 { method = UInt8(try r.readInteger(UInt16.self, .bigEndian, "iloc construction method") & 0xF) }
            let reference = try r.readInteger(UInt16.self, .bigEndian, "iloc data reference index")
            let base = try r.readUInt(width: baseOffsetSize, "iloc base offset")
            let extentCount = try r.readInteger(UInt16.self, .bigEndian, "iloc extent count")
            try r.checkCount(UInt64(extentCount), elementSize: max(1, indexSize + offsetSize + lengthSize), "iloc extents")
            var extents: [Extent] = []
            for _ in 0..<extentCount {
                let index = indexSize > 0 ? try r.readUInt(width: indexSize, "iloc extent index") : 0
                extents.append(
                    Extent(
                        index: index, offset: try r.readUInt(width: offsetSize, "iloc extent offset"),
                        length: try r.readUInt(width: lengthSize, "iloc extent length")))
            }
            items.append(Item(id: id, constructionMethod: method, dataReferenceIndex: reference, baseOffset: base, extents: extents))
        }
    }

    public func item(_ id: UInt32) -> Item? { items.first { $0.id == id } }

    /// The box, with the widths it was read with.
    /// - Throws: when a value no longer fits its field.
    public func atom() throws -> Atom {
        var w = ByteWriter()
        w.appendUInt8(version)
        w.appendUInt8(UInt8((flags >> 16) & 0xFF)); w.appendUInt8(UInt8((flags >> 8) & 0xFF)); w.appendUInt8(UInt8(flags & 0xFF))
        w.appendUInt8(UInt8(offsetSize << 4 | lengthSize))
        w.appendUInt8(UInt8(baseOffsetSize << 4 | (version >= 1 ? indexSize : 0)))
        if version < 2 { w.appendUInt16(UInt16(items.count)) } else { w.appendUInt32(UInt32(items.count)) }
        func put(_ value: UInt64, _ width: Int, _ what: String) throws {
            guard width == 8 || value < (1 << (8 * UInt64(width))) else {
                throw FormatError(.unsupported, "iloc \(what) \(value) does not fit its \(width)-byte field")
            }
            for k in stride(from: width - 1, through: 0, by: -1) { w.appendUInt8(UInt8(truncatingIfNeeded: value >> (8 * UInt64(k)))) }
        }
        for item in items {
            if version < 2 { w.appendUInt16(UInt16(item.id)) } else { w.appendUInt32(item.id) }
            if version >= 1 { w.appendUInt16(UInt16(item.constructionMethod)) }
            w.appendUInt16(item.dataReferenceIndex)
            try put(item.baseOffset, baseOffsetSize, "base offset")
            w.appendUInt16(UInt16(item.extents.count))
            for e in item.extents {
                if indexSize > 0 { try put(e.index, indexSize, "extent index") }
                try put(e.offset, offsetSize, "extent offset")
                try put(e.length, lengthSize, "extent length")
            }
        }
        return Atom(type: "iloc", data: w.bytes)
    }
}

/// `iloc` (ISO/IEC 14496-12 §8.11.3): where each HEIF item's bytes are. Every field is kept, so the box is written
/// back with the same widths (and so the same size) after an extent moves.
public struct ItemLocationBox: DeclaredFullBox, Equatable {
    public static let boxType: FourCC = "iloc"
    public static var blank: ItemLocationBox { ItemLocationBox() }

    public struct Extent: Sendable, Equatable {
        public var index: UInt64
        public var offset: UInt64
        public var length: UInt64

        public init(index: UInt64 = 0, offset: UInt64, length: UInt64) {
            self.index = index
            self.offset = offset
            self.length = length
        }
    }

    public struct Item: Sendable, Equatable {
        public var id: UInt32
        /// 0: file offsets; 1: offsets into `idat`; 2: item offsets.
        public var constructionMethod: UInt8
        public var dataReferenceIndex: UInt16
        public var baseOffset: UInt64
        public var extents: [Extent]

        public init(id: UInt32, constructionMethod: UInt8 = 0, dataReferenceIndex: UInt16 = 0, baseOffset: UInt64 = 0, extents: [Extent]) {
            self.id = id
            self.constructionMethod = constructionMethod
            self.dataReferenceIndex = dataReferenceIndex
            self.baseOffset = baseOffset
            self.extents = extents
        }
    }

    public var version: UInt8 = 0
    public var flags: UInt32 = 0
    /// The widths in bytes (0, 4 or 8) of each extent's offset and length, of each item's base offset, and (version 1
    /// and 2) of each extent's index.
    public var offsetSize = 4
    public var lengthSize = 4
    public var baseOffsetSize = 0
    public var indexSize = 0
    public var items: [Item] = []

    public init() {}

    /// The version keeps what was read: it sets the widths of the item IDs and counts, not of times.
    public var versionToWrite: UInt8 { version }

    public mutating func declareFields(_ c: inout some BoxFieldCoder) throws {
        var sizes = UInt8(truncatingIfNeeded: offsetSize << 4 | lengthSize)
        try c.integer(&sizes, "offset and length sizes")
        var moreSizes = UInt8(truncatingIfNeeded: baseOffsetSize << 4 | (c.version >= 1 ? indexSize : 0))
        try c.integer(&moreSizes, "base offset and index sizes")
        (offsetSize, lengthSize) = (Int(sizes >> 4), Int(sizes & 0xF))
        (baseOffsetSize, indexSize) = (Int(moreSizes >> 4), c.version >= 1 ? Int(moreSizes & 0xF) : 0)
        for width in [offsetSize, lengthSize, baseOffsetSize, indexSize] where ![0, 4, 8].contains(width) {
            throw FormatError(.malformed, "iloc field width \(width) is not 0, 4 or 8")
        }
        let idWidth = c.version < 2 ? 2 : 4
        var count = UInt32(clamping: items.count)
        try c.count(&count, width: idWidth, elementSize: idWidth + 4, "item count")
        if items.count != Int(count) { items = Array(repeating: Item(id: 0, extents: []), count: Int(count)) }
        for i in items.indices {
            var id = UInt64(items[i].id)
            try c.sized(&id, width: idWidth, "item ID")
            items[i].id = UInt32(truncatingIfNeeded: id)
            if c.version >= 1 {
                var method = UInt16(items[i].constructionMethod)
                try c.integer(&method, "construction method")
                items[i].constructionMethod = UInt8(method & 0xF)
            }
            try c.integer(&items[i].dataReferenceIndex, "data reference index")
            try c.sized(&items[i].baseOffset, width: baseOffsetSize, "base offset")
            var extentCount = UInt32(clamping: items[i].extents.count)
            try c.count(&extentCount, width: 2, elementSize: max(1, indexSize + offsetSize + lengthSize), "extent count")
            if items[i].extents.count != Int(extentCount) {
                items[i].extents = Array(repeating: Extent(offset: 0, length: 0), count: Int(extentCount))
            }
            for e in items[i].extents.indices {
                if indexSize > 0 { try c.sized(&items[i].extents[e].index, width: indexSize, "extent index") }
                try c.sized(&items[i].extents[e].offset, width: offsetSize, "extent offset")
                try c.sized(&items[i].extents[e].length, width: lengthSize, "extent length")
            }
        }
    }

    /// The location of item `id`.
    public func item(_ id: UInt32) -> Item? { items.first { $0.id == id } }
}

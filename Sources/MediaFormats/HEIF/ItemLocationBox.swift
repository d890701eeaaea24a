/// `iloc` (ISO/IEC 14496-12 §8.11.3): where each HEIF item's bytes are. Every field is kept, so the box is written
/// back with the same widths (and so the same size) after an extent moves.
public struct ItemLocationBox: DeclaredFullBox, Equatable {
    /// The box type, `iloc`.
    public static let boxType: FourCC = "iloc"
    /// An empty box, for reading into.
    public static var blank: ItemLocationBox { ItemLocationBox() }

    /// One contiguous run of an item's bytes.
    public struct Extent: Sendable, Equatable {
        /// `extent_index` (versions 1 and 2, when ``indexSize`` is not 0); 0 otherwise.
        public var index: UInt64
        /// Where the run starts, counted from the item's base offset.
        public var offset: UInt64
        /// The run's length in bytes; 0 means the whole referenced container (ISO/IEC 14496-12).
        public var length: UInt64

        /// An extent of `length` bytes at `offset`.
        public init(index: UInt64 = 0, offset: UInt64, length: UInt64) {
            self.index = index
            self.offset = offset
            self.length = length
        }
    }

    /// `construction_method`: what an item's extent offsets count from (ISO/IEC 14496-12 §8.11.3.3).
    public enum ConstructionMethod: UInt8, Sendable {
        /// Offsets into the file (or the file a `dref` entry names).
        case fileOffset = 0
        /// Offsets into the `meta` box's `idat`.
        case idatOffset = 1
        /// Offsets into another item's data (not supported here).
        case itemOffset = 2
    }

    /// One item's entry: how its offsets count and its extents.
    public struct Item: Sendable, Equatable {
        /// The item ID: 16 bits before version 2, 32 in version 2.
        public var id: UInt32
        /// 0: file offsets; 1: offsets into `idat`; 2: item offsets.
        public var constructionMethod: UInt8
        /// 0: the data is in this file; otherwise a 1-based `dref` entry.
        public var dataReferenceIndex: UInt16
        /// Added to each extent's offset; 0 when ``baseOffsetSize`` is 0.
        public var baseOffset: UInt64
        /// The extents in order: the item is their bytes concatenated.
        public var extents: [Extent]

        /// True when the extents are file offsets (construction method 0), not offsets into `idat` or an item.
        public var isFileOffset: Bool { constructionMethod == ConstructionMethod.fileOffset.rawValue }

        /// An entry for item `id`; by default its data is in this file at file offsets.
        public init(id: UInt32, constructionMethod: UInt8 = 0, dataReferenceIndex: UInt16 = 0, baseOffset: UInt64 = 0, extents: [Extent]) {
            self.id = id
            self.constructionMethod = constructionMethod
            self.dataReferenceIndex = dataReferenceIndex
            self.baseOffset = baseOffset
            self.extents = extents
        }
    }

    /// 0, 1 (adds construction methods and extent indices) or 2 (also 32-bit item IDs and item count).
    public var version: UInt8 = 0
    /// The full box's 24-bit flags; ISO/IEC 14496-12 defines none here.
    public var flags: UInt32 = 0
    /// The widths in bytes (0, 4 or 8) of each extent's offset and length, of each item's base offset, and (version 1
    /// and 2) of each extent's index.
    public var offsetSize = 4
    /// The width in bytes (0, 4 or 8) of each extent's length.
    public var lengthSize = 4
    /// The width in bytes (0, 4 or 8) of each item's base offset.
    public var baseOffsetSize = 0
    /// The width in bytes (0, 4 or 8) of each extent's index; always 0 in version 0.
    public var indexSize = 0
    /// The entries, in stored order.
    public var items: [Item] = []

    /// An empty version 0 box with 4-byte offsets and lengths.
    public init() {}

    /// The version keeps what was read: it sets the widths of the item IDs and counts, not of times.
    public var versionToWrite: UInt8 { version }

    /// Declares the field widths, the item count, then each item and its extents.
    /// - Throws: when a width is not 0, 4 or 8, or a value does not fit its width.
    public mutating func declareFields(_ c: inout some BoxFieldCoder) throws(FormatError) {
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

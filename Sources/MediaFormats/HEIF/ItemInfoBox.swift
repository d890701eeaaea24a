/// `iinf` (ISO/IEC 14496-12 §8.11.6): the count of item entries and the `infe` boxes, each kept as it is.
public struct ItemInfoBox: DeclaredFullBox, Equatable {
    /// The box type, `iinf`.
    public static let boxType: FourCC = "iinf"
    /// An empty box, for reading into.
    public static var blank: ItemInfoBox { ItemInfoBox() }

    /// 0: a 16-bit entry count; later versions: a 32-bit one.
    public var version: UInt8 = 0
    /// The full box's 24-bit flags; ISO/IEC 14496-12 defines none here.
    public var flags: UInt32 = 0
    /// The count as stored (16 bits in version 0, 32 after); kept when it disagrees with the boxes.
    public var entryCount: UInt32 = 0
    /// The `infe` boxes (and anything else found among them), in order.
    public var entries: [Atom] = []

    /// An empty version 0 box.
    public init() {}

    /// The version keeps what was read: it sets the width of the count.
    public var versionToWrite: UInt8 { version }

    /// Declares the entry count, then the `infe` boxes.
    public mutating func declareFields(_ c: inout some BoxFieldCoder) throws(FormatError) {
        try c.count(&entryCount, width: c.version == 0 ? 2 : 4, elementSize: 12, "entry count")
        try c.boxes(&entries, "entries")
    }

    /// The entries of version 2 and later, typed; older ones (no item type) are left out.
    /// - Throws: when an entry is cut short.
    public func itemEntries() throws(FormatError) -> [ItemInfoEntry] {
        try entries.filter { $0.type == ItemInfoEntry.boxType }.map { (entry) throws(FormatError) in try ItemInfoEntry(entry) }.filter {
            $0.version >= 2
        }
    }

    /// Adds an entry, counting it.
    /// - Throws: when the count is at its largest.
    public mutating func append(_ entry: ItemInfoEntry) throws(FormatError) {
        let limit = version == 0 ? UInt32(UInt16.max) : UInt32.max
        guard entryCount < limit else { throw FormatError(.unsupported, "'iinf' is full") }
        entries.append(try entry.encoded())
        entryCount += 1
    }
}

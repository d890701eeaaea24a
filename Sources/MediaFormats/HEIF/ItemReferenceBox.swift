/// `iref` (ISO/IEC 14496-12 §8.11.12): the references between items, 16-bit item IDs in version 0 and 32-bit ones
/// in version 1. A later version, which no standard defines, keeps its bytes and gives no reference.
public struct ItemReferenceBox: DeclaredFullBox, Equatable {
    /// The box type, `iref`.
    public static let boxType: FourCC = "iref"
    /// An empty box, for reading into.
    public static var blank: ItemReferenceBox { ItemReferenceBox() }

    /// 0: 16-bit item IDs; 1: 32-bit ones; a later version is kept in ``unmodelled``.
    public var version: UInt8 = 0
    /// The full box's 24-bit flags; ISO/IEC 14496-12 defines none here.
    public var flags: UInt32 = 0
    /// The references, in stored order; empty for a box of an unknown version.
    public var references: [ItemReference] = []
    /// All of a box of an unknown version.
    public var unmodelled: [UInt8] = []

    /// An empty version 0 box.
    public init() {}

    /// Version 1 when an item ID needs 32 bits; otherwise what was read.
    public var versionToWrite: UInt8 {
        guard version <= 1 else { return version }
        let wide = references.contains { ([$0.fromItemID] + $0.toItemIDs).contains { $0 > UInt32(UInt16.max) } }
        return wide ? 1 : version
    }

    /// Declares one reference box per reference, its IDs as wide as the version says.
    public mutating func declareFields(_ c: inout some BoxFieldCoder) throws(FormatError) {
        guard c.version <= 1 else {
            try c.rest(&unmodelled, "fields of version \(c.version)")
            return
        }
        let idWidth = c.version == 0 ? 2 : 4
        var boxes = try references.map { (reference) throws(FormatError) in try reference.atom(idWidth: idWidth) }
        try c.boxes(&boxes, "references")
        references = try boxes.map { (box) throws(FormatError) in try ItemReference(box, idWidth: idWidth) }
    }

    /// Adds a reference.
    public mutating func append(_ reference: ItemReference) { references.append(reference) }
}

/// One reference of a HEIF `iref` box (ISO/IEC 23008-12 §9.3, ISO/IEC 14496-12 §8.11.12): `fromItemID` refers to
/// each of `toItemIDs` in the way `type` says (`cdsc`: describes; `dimg`: derived from; `thmb`: thumbnail of...).
public struct ItemReference: Sendable, Equatable {
    /// The reference type (`cdsc`, `dimg`, `thmb`, `auxl`...).
    public var type: FourCC
    /// The item that refers.
    public var fromItemID: UInt32
    /// The items referred to, in stored order.
    public var toItemIDs: [UInt32]

    /// A reference of kind `type` from `fromItemID` to each of `toItemIDs`.
    public init(type: FourCC, fromItemID: UInt32, toItemIDs: [UInt32]) {
        self.type = type
        self.fromItemID = fromItemID
        self.toItemIDs = toItemIDs
    }

    /// Reads one reference box, its item IDs `idWidth` bytes wide (2 or 4).
    /// - Throws: when its count runs past the box.
    public init(_ box: Atom, idWidth: Int) throws(FormatError) {
        var b = ByteReader(box.data)
        let from = UInt32(try b.readUInt(width: idWidth, "iref from_item_ID"))
        let count = try b.readInteger(UInt16.self, "iref reference_count")
        try b.checkCount(UInt64(count), elementSize: idWidth, "iref '\(box.type)'")
        var to: [UInt32] = []
        for _ in 0..<count { to.append(UInt32(try b.readUInt(width: idWidth, "iref to_item_ID"))) }
        self.init(type: box.type, fromItemID: from, toItemIDs: to)
    }

    /// The reference box, its item IDs `idWidth` bytes wide.
    /// - Throws: when an ID or the count does not fit.
    public func atom(idWidth: Int) throws(FormatError) -> Atom {
        var w = BoxFieldWriter(version: 0, box: type)
        var from = UInt64(fromItemID)
        try w.sized(&from, width: idWidth, "from_item_ID")
        var count = UInt64(toItemIDs.count)
        try w.sized(&count, width: 2, "reference_count")
        for id in toItemIDs {
            var to = UInt64(id)
            try w.sized(&to, width: idWidth, "to_item_ID")
        }
        return Atom(type: type, data: w.writer.bytes)
    }
}

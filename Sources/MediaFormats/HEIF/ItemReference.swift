/// One reference of a HEIF `iref` box (ISO/IEC 23008-12 §9.3, ISO/IEC 14496-12 §8.11.12): `fromItemID` refers to
/// each of `toItemIDs` in the way `type` says (`cdsc`: describes; `dimg`: derived from; `thmb`: thumbnail of...).
public struct ItemReference: Sendable, Equatable {
    public var type: FourCC
    public var fromItemID: UInt32
    public var toItemIDs: [UInt32]

    public init(type: FourCC, fromItemID: UInt32, toItemIDs: [UInt32]) {
        self.type = type
        self.fromItemID = fromItemID
        self.toItemIDs = toItemIDs
    }

    /// Every reference in an `iref` box: version 0 has 16-bit item IDs, version 1 32-bit ones; a later version,
    /// which no standard defines, gives none.
    /// - Throws: when a reference's count runs past its box.
    public static func parse(_ iref: Atom) throws -> [ItemReference] {
        var r = ByteReader(iref.data)
        let version = try r.readInteger(UInt8.self, "iref version")
        guard version <= 1 else { return [] }
        try r.skip(3, "iref flags")
        let idSize = version == 0 ? 2 : 4
        let boxes = try Atom.parseSequence(iref.data, range: r.position..<iref.data.count, baseOffset: 0, depth: 2)
        return try boxes.map { box in
            var b = ByteReader(box.data)
            let from = UInt32(try b.readUInt(width: idSize, "iref from_item_ID"))
            let count = try b.readInteger(UInt16.self, .bigEndian, "iref reference_count")
            try b.checkCount(UInt64(count), elementSize: idSize, "iref '\(box.type)'")
            var to: [UInt32] = []
            for _ in 0..<count { to.append(UInt32(try b.readUInt(width: idSize, "iref to_item_ID"))) }
            return ItemReference(type: box.type, fromItemID: from, toItemIDs: to)
        }
    }
}

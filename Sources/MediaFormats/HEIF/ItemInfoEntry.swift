/// `infe` (ISO/IEC 14496-12 §8.11.6): one item's ID, type and name. Versions 2 and 3 are modelled (every HEIF
/// writer uses them); an older entry keeps its bytes in ``unmodelled``.
public struct ItemInfoEntry: DeclaredFullBox, Equatable {
    /// The box type, `infe`.
    public static let boxType: FourCC = "infe"
    /// An entry with ID 0 and a zero type, for reading into.
    public static var blank: ItemInfoEntry { ItemInfoEntry(id: 0, type: FourCC(rawValue: 0)) }

    /// 2 or 3 for a modelled entry; 0 and 1 keep their fields in ``unmodelled``.
    public var version: UInt8 = 2
    /// The full box's 24-bit flags; bit 0 set marks a hidden item in HEIF.
    public var flags: UInt32 = 0
    /// The item ID: 16 bits in version 2, 32 in version 3.
    public var id: UInt32
    /// The 1-based `ipro` entry protecting the item; 0 when it is not protected.
    public var protectionIndex: UInt16 = 0
    /// `hvc1`, `grid`, `Exif`, `mime`...
    public var type: FourCC
    /// The item name, NUL-terminated when stored; usually empty.
    public var name = ""
    /// For a `mime` item: its content type (`application/rdf+xml` for XMP); for a `uri ` item, the URI type.
    public var contentType: String?
    /// What follows the modelled fields (a `mime` item's content encoding), or all of an older entry.
    public var unmodelled: [UInt8] = []

    /// A version 2 entry, or version 3 when `id` needs 32 bits.
    public init(id: UInt32, type: FourCC, name: String = "", contentType: String? = nil) {
        self.id = id
        self.type = type
        self.name = name
        self.contentType = contentType
    }

    /// Version 2 stores 16-bit item IDs, version 3 32-bit ones; versions 0 and 1 stay as they are.
    public var versionToWrite: UInt8 { version < 2 ? version : id > UInt32(UInt16.max) ? 3 : version }

    /// Declares the ID, protection index, type and name, then a `mime` or `uri ` item's content or URI type.
    public mutating func declareFields(_ c: inout some BoxFieldCoder) throws(FormatError) {
        guard c.version >= 2 else {
            try c.rest(&unmodelled, "fields of version \(c.version)")
            return
        }
        var wideID = UInt64(id)
        try c.sized(&wideID, width: c.version == 2 ? 2 : 4, "item ID")
        id = UInt32(truncatingIfNeeded: wideID)
        try c.integer(&protectionIndex, "protection index")
        try c.fourCC(&type, "item type")
        try c.cString(&name, "item name")
        if type == "mime" || type == "uri " {
            var text = contentType ?? ""
            try c.cString(&text, type == "mime" ? "content type" : "item URI type")
            contentType = text
        }
        try c.rest(&unmodelled, "more")
    }
}

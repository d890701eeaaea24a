/// The fields of a full box, declared once in ``DeclaredFullBox/declareFields(_:)``: the same declaration reads,
/// writes and describes the box (as abema/go-mp4 declares each box once), so a version 0/1 choice lives in one place.
public protocol BoxFieldCoder {
    /// The version of the box being read or written.
    var version: UInt8 { get }
    /// A time or duration: 32 bits in version 0, 64 bits in version 1.
    mutating func versioned(_ value: inout UInt64, _ name: String) throws(FormatError)
    /// A signed time: 32 bits in version 0, 64 bits in version 1.
    mutating func versionedSigned(_ value: inout Int64, _ name: String) throws(FormatError)
    /// The count of the entries that follow, stored in `width` bytes, each entry at least `elementSize` bytes:
    /// reading checks it against the bytes left before anything is allocated from it; writing throws when it does
    /// not fit its width.
    mutating func count(_ value: inout UInt32, width: Int, elementSize: Int, _ name: String) throws(FormatError)
    /// An unsigned integer stored in `width` bytes (0 to 8), a width another field gives (`iloc`'s sizes, the
    /// version): writing throws when the value does not fit.
    mutating func sized(_ value: inout UInt64, width: Int, _ name: String) throws(FormatError)
    /// A four-character code.
    mutating func fourCC(_ value: inout FourCC, _ name: String) throws(FormatError)
    /// A NUL-terminated UTF-8 string; a string that runs to the end of the box without its NUL is read whole.
    mutating func cString(_ value: inout String, _ name: String) throws(FormatError)
    /// The boxes that fill the rest of the payload, each kept as it is.
    mutating func boxes(_ value: inout [Atom], _ name: String) throws(FormatError)
    /// The rest of the payload, kept as it is (fields this project does not model).
    mutating func rest(_ value: inout [UInt8], _ name: String) throws(FormatError)
    /// An integer of its own width, big-endian.
    mutating func integer<T: FixedWidthInteger>(_ value: inout T, _ name: String) throws(FormatError)
    /// `count` bytes kept as they are (reserved and unmodelled fields).
    mutating func bytes(_ value: inout [UInt8], count: Int, _ name: String) throws(FormatError)
}

extension BoxFieldCoder {
    /// A 32-bit count of entries of `elementSize` bytes each.
    public mutating func count(_ value: inout UInt32, elementSize: Int, _ name: String) throws(FormatError) {
        try count(&value, width: 4, elementSize: elementSize, name)
    }
}

/// A full box (version and flags, then fields) whose fields are declared once.
public protocol DeclaredFullBox: Sendable {
    /// The box's four-character type.
    static var boxType: FourCC { get }
    /// A box with every field at its zero, that reading fills in.
    static var blank: Self { get }
    /// The version read; writing keeps it, or moves to 1 when a versioned value needs 64 bits.
    var version: UInt8 { get set }
    /// The full box's 24-bit flags.
    var flags: UInt32 { get set }
    /// The values written with ``BoxFieldCoder/versioned(_:_:)``: any past 32 bits makes the box version 1.
    var versionedValues: [UInt64] { get }
    /// Visits every field in order.
    mutating func declareFields(_ coder: inout some BoxFieldCoder) throws(FormatError)
    /// Checks the values read (a zero timescale...); the default accepts all.
    func validate(at offset: Int64) throws(FormatError)
    /// The version the box is written in. The default keeps version 1, and moves to it when a value of
    /// ``versionedValues`` needs 64 bits (`mvhd`, `tkhd`, `mdhd`, `elst`); boxes whose version means something else
    /// say so.
    var versionToWrite: UInt8 { get }
}

/// One field of a box as ``DeclaredFullBox/fields`` lists it.
public struct BoxField: Sendable, Equatable {
    /// The field's name, as a dump shows it.
    public var name: String
    /// The value as text.
    public var value: String

    /// A field named `name` whose value reads `value`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension DeclaredFullBox {
    /// Accepts every value.
    public func validate(at offset: Int64) throws(FormatError) {}

    /// The values that choose the version: none unless the box says.
    public var versionedValues: [UInt64] { [] }

    /// Reads the box from its atom.
    /// - Parameters:
    ///   - atom: the box, as parsed.
    ///   - offset: the payload's file offset, for error messages.
    public init(_ atom: Atom, at offset: Int64 = 0) throws(FormatError) {
        var reader = ByteReader(atom.data, baseOffset: offset)
        let version = try reader.readInteger(UInt8.self, "\(Self.boxType) version")
        let flags = UInt32(try reader.readUInt(width: 3, "\(Self.boxType) flags"))
        var coder = BoxFieldReader(reader: reader, version: version, box: Self.boxType)
        var box = Self.blank
        box.version = version
        box.flags = flags
        try box.declareFields(&coder)
        try box.validate(at: offset)
        self = box
    }

    /// The version this box is written in.
    public var versionToWrite: UInt8 {
        version == 1 || versionedValues.contains { $0 > UInt64(UInt32.max) } ? 1 : 0
    }

    /// The box as an atom.
    /// - Throws: when a value no longer fits its field (an `iloc` offset past its width, an item ID past 16 bits
    ///   in a version that stores 16).
    public func encoded() throws(FormatError) -> Atom {
        var copy = self
        let version = versionToWrite
        var coder = BoxFieldWriter(version: version, box: Self.boxType)
        coder.writer.appendUInt8(version)
        coder.writer.appendUInt8(UInt8(truncatingIfNeeded: flags >> 16))
        coder.writer.appendUInt16(UInt16(truncatingIfNeeded: flags))
        copy.version = version
        try copy.declareFields(&coder)
        return Atom(type: Self.boxType, data: coder.writer.bytes)
    }

    /// The box as an atom, for boxes whose every field always fits (those with no ``BoxFieldCoder/sized(_:width:_:)``
    /// field or width-limited count: `mvhd`, `tkhd`, `mdhd`, `elst`); the others use ``encoded()``.
    public var atom: Atom {
        (try? encoded()) ?? Atom(type: Self.boxType, data: [])
    }

    /// Every field with its value, in order (version and flags first), for people reading a dump.
    public var fields: [BoxField] {
        var copy = self
        var coder = BoxFieldDescriber(version: version)
        try? copy.declareFields(&coder)
        return [BoxField(name: "version", value: "\(version)"), BoxField(name: "flags", value: "0x" + String(flags, radix: 16))]
            + coder.fields
    }
}

/// Reads declared fields from bytes; running out throws with the field's name.
struct BoxFieldReader: BoxFieldCoder {
    var reader: ByteReader
    let version: UInt8
    let box: FourCC

    mutating func versioned(_ value: inout UInt64, _ name: String) throws(FormatError) {
        value =
            version == 1
            ? try reader.readInteger(UInt64.self, "\(box) \(name)") : UInt64(try reader.readInteger(UInt32.self, "\(box) \(name)"))
    }

    mutating func versionedSigned(_ value: inout Int64, _ name: String) throws(FormatError) {
        value =
            version == 1
            ? try reader.readInteger(Int64.self, "\(box) \(name)") : Int64(try reader.readInteger(Int32.self, "\(box) \(name)"))
    }

    mutating func count(_ value: inout UInt32, width: Int, elementSize: Int, _ name: String) throws(FormatError) {
        guard width <= 4 else { throw FormatError(.malformed, "\(box) \(name) is \(width) bytes wide; counts take 4 at most") }
        value = UInt32(truncatingIfNeeded: try reader.readUInt(width: width, "\(box) \(name)"))
        try reader.checkCount(UInt64(value), elementSize: elementSize, "\(box)")
    }

    mutating func sized(_ value: inout UInt64, width: Int, _ name: String) throws(FormatError) {
        value = try reader.readUInt(width: width, "\(box) \(name)")
    }

    mutating func integer<T: FixedWidthInteger>(_ value: inout T, _ name: String) throws(FormatError) {
        value = try reader.readInteger(T.self, "\(box) \(name)")
    }

    mutating func bytes(_ value: inout [UInt8], count: Int, _ name: String) throws(FormatError) {
        value = try reader.readBytes(count, "\(box) \(name)")
    }

    mutating func fourCC(_ value: inout FourCC, _ name: String) throws(FormatError) {
        value = try reader.readFourCC("\(box) \(name)")
    }

    mutating func cString(_ value: inout String, _ name: String) throws(FormatError) {
        let rest = reader.bytes[reader.position..<reader.endIndex]
        let end = rest.firstIndex(of: 0)
        value = String(decoding: rest[..<(end ?? rest.endIndex)], as: UTF8.self)
        try reader.skip((end.map { $0 + 1 } ?? rest.endIndex) - reader.position, "\(box) \(name)")
    }

    mutating func boxes(_ value: inout [Atom], _ name: String) throws(FormatError) {
        value = try Atom.parseSequence(
            reader.bytes, range: reader.position..<reader.endIndex, baseOffset: reader.baseOffset, depth: 2)
        try reader.skip(reader.remaining, "\(box) \(name)")
    }

    mutating func rest(_ value: inout [UInt8], _ name: String) throws(FormatError) {
        value = try reader.readBytes(reader.remaining, "\(box) \(name)")
    }
}

/// Writes declared fields.
struct BoxFieldWriter: BoxFieldCoder {
    var writer = ByteWriter()
    let version: UInt8
    let box: FourCC

    init(version: UInt8, box: FourCC) {
        self.version = version
        self.box = box
    }

    mutating func versioned(_ value: inout UInt64, _ name: String) throws(FormatError) {
        if version == 1 { writer.appendUInt64(value) } else { writer.appendUInt32(UInt32(truncatingIfNeeded: value)) }
    }

    mutating func versionedSigned(_ value: inout Int64, _ name: String) throws(FormatError) {
        if version == 1 { writer.appendInt64(value) } else { writer.appendInt32(Int32(truncatingIfNeeded: value)) }
    }

    mutating func count(_ value: inout UInt32, width: Int, elementSize: Int, _ name: String) throws(FormatError) {
        var wide = UInt64(value)
        try sized(&wide, width: width, name)
    }

    mutating func sized(_ value: inout UInt64, width: Int, _ name: String) throws(FormatError) {
        guard (0...8).contains(width), width == 8 || value >> (8 * UInt64(width)) == 0 else {
            throw FormatError(.unsupported, "\(box) \(name) \(value) does not fit its \(width)-byte field")
        }
        for k in stride(from: width - 1, through: 0, by: -1) { writer.appendUInt8(UInt8(truncatingIfNeeded: value >> (8 * UInt64(k)))) }
    }

    mutating func integer<T: FixedWidthInteger>(_ value: inout T, _ name: String) throws(FormatError) { writer.appendInteger(value) }

    mutating func bytes(_ value: inout [UInt8], count: Int, _ name: String) throws(FormatError) {
        writer.append(Array(value.prefix(count)) + [UInt8](repeating: 0, count: max(0, count - value.count)))
    }

    mutating func fourCC(_ value: inout FourCC, _ name: String) throws(FormatError) { writer.appendFourCC(value) }

    mutating func cString(_ value: inout String, _ name: String) throws(FormatError) {
        writer.appendASCII(value)
        writer.appendUInt8(0)
    }

    mutating func boxes(_ value: inout [Atom], _ name: String) throws(FormatError) {
        for atom in value { writer.append(atom.serialized()) }
    }

    mutating func rest(_ value: inout [UInt8], _ name: String) throws(FormatError) { writer.append(value) }
}

/// Lists declared fields as names and values.
struct BoxFieldDescriber: BoxFieldCoder {
    var fields: [BoxField] = []
    let version: UInt8

    init(version: UInt8) { self.version = version }

    mutating func versioned(_ value: inout UInt64, _ name: String) throws(FormatError) {
        fields.append(BoxField(name: name, value: "\(value)"))
    }
    mutating func versionedSigned(_ value: inout Int64, _ name: String) throws(FormatError) {
        fields.append(BoxField(name: name, value: "\(value)"))
    }
    mutating func count(_ value: inout UInt32, width: Int, elementSize: Int, _ name: String) throws(FormatError) {
        fields.append(BoxField(name: name, value: "\(value)"))
    }
    mutating func sized(_ value: inout UInt64, width: Int, _ name: String) throws(FormatError) {
        fields.append(BoxField(name: name, value: "\(value)"))
    }
    mutating func fourCC(_ value: inout FourCC, _ name: String) throws(FormatError) {
        fields.append(BoxField(name: name, value: "'\(value)'"))
    }
    mutating func cString(_ value: inout String, _ name: String) throws(FormatError) {
        fields.append(BoxField(name: name, value: "\"\(value)\""))
    }
    mutating func boxes(_ value: inout [Atom], _ name: String) throws(FormatError) {
        fields.append(BoxField(name: name, value: value.map { "'\($0.type)'" }.joined(separator: " ")))
    }
    mutating func rest(_ value: inout [UInt8], _ name: String) throws(FormatError) {
        if !value.isEmpty { fields.append(BoxField(name: name, value: "\(value.count) bytes")) }
    }
    mutating func integer<T: FixedWidthInteger>(_ value: inout T, _ name: String) throws(FormatError) {
        fields.append(BoxField(name: name, value: "\(value)"))
    }
    mutating func bytes(_ value: inout [UInt8], count: Int, _ name: String) throws(FormatError) {
        fields.append(BoxField(name: name, value: value.allSatisfy { $0 == 0 } ? "\(count) zero bytes" : "\(count) bytes"))
    }
}

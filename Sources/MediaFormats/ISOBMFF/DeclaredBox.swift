/// The fields of a full box, declared once in ``DeclaredFullBox/declareFields(_:)``: the same declaration reads,
/// writes and describes the box (as abema/go-mp4 declares each box once), so a version 0/1 choice lives in one place.
public protocol BoxFieldCoder {
    /// The version of the box being read or written.
    var version: UInt8 { get }
    /// A time or duration: 32 bits in version 0, 64 bits in version 1.
    mutating func versioned(_ value: inout UInt64, _ name: String) throws
    /// A signed time: 32 bits in version 0, 64 bits in version 1.
    mutating func versionedSigned(_ value: inout Int64, _ name: String) throws
    /// The count of the entries that follow, each `elementSize` bytes: reading checks it against the bytes left
    /// before anything is allocated from it.
    mutating func count(_ value: inout UInt32, elementSize: Int, _ name: String) throws
    /// An integer of its own width, big-endian.
    mutating func integer<T: FixedWidthInteger>(_ value: inout T, _ name: String) throws
    /// `count` bytes kept as they are (reserved and unmodelled fields).
    mutating func bytes(_ value: inout [UInt8], count: Int, _ name: String) throws
}

/// A full box (version and flags, then fields) whose fields are declared once.
public protocol DeclaredFullBox: Sendable {
    static var boxType: FourCC { get }
    /// A box with every field at its zero, that reading fills in.
    static var blank: Self { get }
    /// The version read; writing keeps it, or moves to 1 when a versioned value needs 64 bits.
    var version: UInt8 { get set }
    var flags: UInt32 { get set }
    /// The values written with ``BoxFieldCoder/versioned(_:_:)``: any past 32 bits makes the box version 1.
    var versionedValues: [UInt64] { get }
    /// Visits every field in order.
    mutating func declareFields(_ coder: inout some BoxFieldCoder) throws
    /// Checks the values read (a zero timescale...); the default accepts all.
    func validate(at offset: Int64) throws
}

/// One field of a box as ``DeclaredFullBox/fields`` lists it.
public struct BoxField: Sendable, Equatable {
    public var name: String
    public var value: String
}

extension DeclaredFullBox {
    public func validate(at offset: Int64) throws {}

    /// Reads the box from its atom.
    /// - Parameter offset: the payload's file offset, for error messages.
    public init(_ atom: Atom, at offset: Int64 = 0) throws {
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
    public var atom: Atom {
        var copy = self
        var coder = BoxFieldWriter(version: versionToWrite)
        coder.writer.appendUInt8(versionToWrite)
        coder.writer.appendUInt8(UInt8(truncatingIfNeeded: flags >> 16))
        coder.writer.appendUInt16(UInt16(truncatingIfNeeded: flags))
        // Writing cannot fail: every write succeeds.
        try? copy.declareFields(&coder)
        return Atom(type: Self.boxType, data: coder.writer.bytes)
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

    mutating func versioned(_ value: inout UInt64, _ name: String) throws {
        value =
            version == 1
            ? try reader.readInteger(UInt64.self, "\(box) \(name)") : UInt64(try reader.readInteger(UInt32.self, "\(box) \(name)"))
    }

    mutating func versionedSigned(_ value: inout Int64, _ name: String) throws {
        value =
            version == 1
            ? try reader.readInteger(Int64.self, "\(box) \(name)") : Int64(try reader.readInteger(Int32.self, "\(box) \(name)"))
    }

    mutating func count(_ value: inout UInt32, elementSize: Int, _ name: String) throws {
        value = try reader.readInteger(UInt32.self, "\(box) \(name)")
        try reader.checkCount(UInt64(value), elementSize: elementSize, "\(box)")
    }

    mutating func integer<T: FixedWidthInteger>(_ value: inout T, _ name: String) throws {
        value = try reader.readInteger(T.self, "\(box) \(name)")
    }

    mutating func bytes(_ value: inout [UInt8], count: Int, _ name: String) throws {
        value = try reader.readBytes(count, "\(box) \(name)")
    }
}

/// Writes declared fields.
struct BoxFieldWriter: BoxFieldCoder {
    var writer = ByteWriter()
    let version: UInt8

    init(version: UInt8) { self.version = version }

    mutating func versioned(_ value: inout UInt64, _ name: String) throws {
        if version == 1 { writer.appendUInt64(value) } else { writer.appendUInt32(UInt32(truncatingIfNeeded: value)) }
    }

    mutating func versionedSigned(_ value: inout Int64, _ name: String) throws {
        if version == 1 { writer.appendInt64(value) } else { writer.appendInt32(Int32(truncatingIfNeeded: value)) }
    }

    mutating func count(_ value: inout UInt32, elementSize: Int, _ name: String) throws { writer.appendUInt32(value) }

    mutating func integer<T: FixedWidthInteger>(_ value: inout T, _ name: String) throws { writer.appendInteger(value) }

    mutating func bytes(_ value: inout [UInt8], count: Int, _ name: String) throws {
        writer.append(Array(value.prefix(count)) + [UInt8](repeating: 0, count: max(0, count - value.count)))
    }
}

/// Lists declared fields as names and values.
struct BoxFieldDescriber: BoxFieldCoder {
    var fields: [BoxField] = []
    let version: UInt8

    init(version: UInt8) { self.version = version }

    mutating func versioned(_ value: inout UInt64, _ name: String) throws { fields.append(BoxField(name: name, value: "\(value)")) }
    mutating func versionedSigned(_ value: inout Int64, _ name: String) throws { fields.append(BoxField(name: name, value: "\(value)")) }
    mutating func count(_ value: inout UInt32, elementSize: Int, _ name: String) throws {
        fields.append(BoxField(name: name, value: "\(value)"))
    }
    mutating func integer<T: FixedWidthInteger>(_ value: inout T, _ name: String) throws {
        fields.append(BoxField(name: name, value: "\(value)"))
    }
    mutating func bytes(_ value: inout [UInt8], count: Int, _ name: String) throws {
        fields.append(BoxField(name: name, value: value.allSatisfy { $0 == 0 } ? "\(count) zero bytes" : "\(count) bytes"))
    }
}

/// `mdhd`: a track's media timescale, duration and language.
public struct MediaHeader: Sendable, Equatable {
    public var version: UInt8
    public var timescale: UInt32
    public var duration: UInt64
    public var language: UInt16

    public init(_ atom: Atom, at offset: Int64 = 0) throws {
        var r = ByteReader(atom.data, baseOffset: offset)
        version = try r.readInteger(UInt8.self, "mdhd version")
        try r.skip(3, "mdhd flags")
        if version == 1 {
            try r.skip(16, "mdhd times")
            timescale = try r.readInteger(UInt32.self, .bigEndian, "mdhd timescale")
            duration = try r.readInteger(UInt64.self, .bigEndian, "mdhd duration")
        } else {
            try r.skip(8, "mdhd times")
            timescale = try r.readInteger(UInt32.self, .bigEndian, "mdhd timescale")
            duration = UInt64(try r.readInteger(UInt32.self, .bigEndian, "mdhd duration"))
        }
        language = try r.readInteger(UInt16.self, .bigEndian, "mdhd language")
        guard timescale > 0 else { throw FormatError(.malformed, "media timescale is 0", at: offset) }
    }

    /// A version-0 `mdhd` with the given fields and quality 0.
    public static func make(timescale: UInt32, duration: UInt32, language: UInt16, creationTime: UInt32, modificationTime: UInt32) -> Atom {
        var w = ByteWriter()
        w.appendUInt32(0)
        w.appendUInt32(creationTime)
        w.appendUInt32(modificationTime)
        w.appendUInt32(timescale)
        w.appendUInt32(duration)
        w.appendUInt16(language)
        w.appendUInt16(0)
        return Atom(type: "mdhd", data: w.bytes)
    }
}

/// `hdlr`: which kind of media a track holds (`vide`, `soun`, `meta`...), in ISO or QuickTime form.
public struct HandlerReference: Sendable, Equatable {
    /// QuickTime's component type (`mhlr`, `dhlr`) or ISO's pre_defined 0.
    public var componentType: FourCC
    public var handlerType: FourCC

    public init(_ atom: Atom, at offset: Int64 = 0) throws {
        var r = ByteReader(atom.data, baseOffset: offset)
        try r.skip(4, "hdlr version and flags")
        componentType = try r.readFourCC("hdlr component type")
        handlerType = try r.readFourCC("hdlr handler type")
    }

    /// A QuickTime-style handler: component type, subtype, manufacturer `appl`, and a Pascal-string name.
    public static func quickTime(component: FourCC, subtype: FourCC, manufacturer: FourCC = "appl", name: String) -> Atom {
        var w = ByteWriter()
        w.appendUInt32(0)
        w.appendFourCC(component)
        w.appendFourCC(subtype)
        w.appendFourCC(manufacturer)
        w.appendUInt32(0)  // component flags
        w.appendUInt32(0)  // component flags mask
        let nameBytes = Array(name.utf8.prefix(255))
        w.appendUInt8(UInt8(nameBytes.count))
        w.append(nameBytes)
        return Atom(type: "hdlr", data: w.bytes)
    }
}

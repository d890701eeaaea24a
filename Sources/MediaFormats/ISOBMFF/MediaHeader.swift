/// `mdhd`: a track's media timescale, duration and language.
public struct MediaHeader: DeclaredFullBox, Equatable {
    /// The box type, `mdhd`.
    public static let boxType: FourCC = "mdhd"
    /// An `mdhd` with every field at zero, that reading fills in.
    public static var blank: MediaHeader { MediaHeader(timescale: 0, duration: 0, language: 0) }

    /// 0 for 32-bit times and duration, 1 for 64-bit.
    public var version: UInt8 = 0
    /// The full box's 24-bit flags.
    public var flags: UInt32 = 0
    /// Bytes after the last declared field (a later revision's fields), kept as they are.
    public var trailing: [UInt8] = []
    /// Creation time in seconds since 1904-01-01 00:00 UTC.
    public var creationTime: UInt64 = 0
    /// Modification time in seconds since 1904-01-01 00:00 UTC.
    public var modificationTime: UInt64 = 0
    /// Media ticks per second; never 0 in a box that was read.
    public var timescale: UInt32
    /// The media's duration in the media timescale.
    public var duration: UInt64
    /// ISO 639-2/T packed in 15 bits (or a Macintosh language code).
    public var language: UInt16
    /// QuickTime's media quality; ISO's pre_defined 0.
    public var quality: UInt16 = 0

    /// An `mdhd` with the given fields and quality 0; the version is chosen when it is written.
    public init(timescale: UInt32, duration: UInt64, language: UInt16, creationTime: UInt64 = 0, modificationTime: UInt64 = 0) {
        self.timescale = timescale
        self.duration = duration
        self.language = language
        self.creationTime = creationTime
        self.modificationTime = modificationTime
    }

    /// The creation and modification times and the duration.
    public var versionedValues: [UInt64] { [creationTime, modificationTime, duration] }

    /// Declares the times, timescale, duration, language and quality.
    public mutating func declareFields(_ c: inout some BoxFieldCoder) throws(FormatError) {
        try c.versioned(&creationTime, "creation time")
        try c.versioned(&modificationTime, "modification time")
        try c.integer(&timescale, "timescale")
        try c.versioned(&duration, "duration")
        try c.integer(&language, "language")
        try c.integer(&quality, "quality")
        try c.rest(&trailing, "more")
    }

    /// Throws ``FormatError`` (malformed) when the timescale is 0.
    public func validate(at offset: Int64) throws(FormatError) {
        guard timescale > 0 else { throw FormatError(.malformed, "media timescale is 0", at: offset) }
    }

    /// A version-0 `mdhd` with the given fields and quality 0.
    public static func make(timescale: UInt32, duration: UInt32, language: UInt16, creationTime: UInt32, modificationTime: UInt32) -> Atom {
        MediaHeader(
            timescale: timescale, duration: UInt64(duration), language: language, creationTime: UInt64(creationTime),
            modificationTime: UInt64(modificationTime)
        ).atom
    }
}

/// `hdlr`: which kind of media a track holds (`vide`, `soun`, `meta`...), in ISO or QuickTime form.
public struct HandlerReference: Sendable, Equatable {
    /// QuickTime's component type (`mhlr`, `dhlr`) or ISO's pre_defined 0.
    public var componentType: FourCC
    /// The kind of media: `vide`, `soun`, `meta`...; QuickTime's component subtype.
    public var handlerType: FourCC

    /// Reads an `hdlr` atom.
    /// - Parameters:
    ///   - atom: the `hdlr` box, as parsed.
    ///   - offset: the payload's file offset, for error messages.
    /// - Throws: ``FormatError`` (truncated) when the payload is shorter than 12 bytes.
    public init(_ atom: Atom, at offset: Int64 = 0) throws(FormatError) {
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

/// `mvhd`: the movie's timescale, duration and next free track ID. Unmodelled fields stay byte for byte.
public struct MovieHeader: DeclaredFullBox, Equatable {
    /// The box type, `mvhd`.
    public static let boxType: FourCC = "mvhd"
    /// An `mvhd` with every field at zero, that reading fills in.
    public static var blank: MovieHeader { MovieHeader() }

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
    /// Movie ticks per second; never 0 in a box that was read.
    public var timescale: UInt32 = 0
    /// The movie's duration in the movie timescale.
    public var duration: UInt64 = 0
    /// rate, volume, reserved, matrix and pre-defined fields, verbatim.
    var middle: [UInt8] = []
    /// A track ID larger than any in use, for the next track added.
    public var nextTrackID: UInt32 = 0

    private init() {}

    /// The creation and modification times and the duration.
    public var versionedValues: [UInt64] { [creationTime, modificationTime, duration] }

    /// Declares the times, timescale and duration, the 76 bytes from rate to pre-defined, then the next track ID.
    public mutating func declareFields(_ c: inout some BoxFieldCoder) throws(FormatError) {
        try c.versioned(&creationTime, "creation time")
        try c.versioned(&modificationTime, "modification time")
        try c.integer(&timescale, "timescale")
        try c.versioned(&duration, "duration")
        try c.bytes(&middle, count: 76, "rate, volume and matrix")
        try c.integer(&nextTrackID, "next track ID")
        try c.rest(&trailing, "more")
    }

    /// Throws ``FormatError`` (malformed) when the timescale is 0.
    public func validate(at offset: Int64) throws(FormatError) {
        guard timescale > 0 else { throw FormatError(.malformed, "movie timescale is 0", at: offset) }
    }
}

/// `mvhd`: the movie's timescale, duration and next free track ID. Unmodelled fields stay byte for byte.
public struct MovieHeader: DeclaredFullBox, Equatable {
    public static let boxType: FourCC = "mvhd"
    public static var blank: MovieHeader { MovieHeader() }

    public var version: UInt8 = 0
    public var flags: UInt32 = 0
    public var creationTime: UInt64 = 0
    public var modificationTime: UInt64 = 0
    public var timescale: UInt32 = 0
    public var duration: UInt64 = 0
    /// rate, volume, reserved, matrix and pre-defined fields, verbatim.
    var middle: [UInt8] = []
    public var nextTrackID: UInt32 = 0

    private init() {}

    public var versionedValues: [UInt64] { [creationTime, modificationTime, duration] }

    public mutating func declareFields(_ c: inout some BoxFieldCoder) throws {
        try c.versioned(&creationTime, "creation time")
        try c.versioned(&modificationTime, "modification time")
        try c.integer(&timescale, "timescale")
        try c.versioned(&duration, "duration")
        try c.bytes(&middle, count: 76, "rate, volume and matrix")
        try c.integer(&nextTrackID, "next track ID")
    }

    public func validate(at offset: Int64) throws {
        guard timescale > 0 else { throw FormatError(.malformed, "movie timescale is 0", at: offset) }
    }
}

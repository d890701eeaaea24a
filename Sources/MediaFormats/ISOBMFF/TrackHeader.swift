/// `tkhd`: a track's ID, flags, duration (movie timescale), matrix and display size.
public struct TrackHeader: DeclaredFullBox, Equatable {
    /// The box type, `tkhd`.
    public static let boxType: FourCC = "tkhd"
    /// A `tkhd` for track 0 with no flags and duration 0, that reading fills in.
    public static var blank: TrackHeader {
        TrackHeader(trackID: 0, flags: 0, duration: 0, creationTime: 0, modificationTime: 0)
    }

    /// 0 for 32-bit times and duration, 1 for 64-bit.
    public var version: UInt8
    /// The 24-bit track flags: 0x1 enabled, 0x2 in movie, 0x4 in preview, 0x8 in poster (QuickTime); ``Flags`` names them.
    public var flags: UInt32
    /// Bytes after the last declared field (a later revision's fields), kept as they are.
    public var trailing: [UInt8] = []
    /// Creation time in seconds since 1904-01-01 00:00 UTC.
    public var creationTime: UInt64
    /// Modification time in seconds since 1904-01-01 00:00 UTC.
    public var modificationTime: UInt64
    /// The track's ID, unique within the movie.
    public var trackID: UInt32
    /// The track's duration in the movie timescale.
    public var duration: UInt64
    /// reserved, layer, alternate group, volume, reserved: verbatim.
    var beforeMatrix: [UInt8]
    /// The nine 32-bit matrix values (a, b, u, c, d, v, x, y, w).
    public var matrix: [Int32]
    /// Display size, 16.16 fixed point.
    public var width: UInt32
    /// Display height, 16.16 fixed point.
    public var height: UInt32

    /// The flag of an enabled track.
    public static let enabled: UInt32 = Flags.enabled.rawValue

    /// The meanings of the `tkhd` flag bits (ISO/IEC 14496-12 §8.3.2; preview and poster are QuickTime's).
    public struct Flags: OptionSet, Sendable, Hashable {
        /// The 24-bit value as stored.
        public let rawValue: UInt32
        /// Flags with the bits of `rawValue`.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// 0x1: the track is enabled (players present it).
        public static let enabled = Flags(rawValue: 0x1)
        /// 0x2: the track is used in the presentation.
        public static let inMovie = Flags(rawValue: 0x2)
        /// 0x4: the track is used when previewing the movie.
        public static let inPreview = Flags(rawValue: 0x4)
        /// 0x8: the track is used for the movie's poster.
        public static let inPoster = Flags(rawValue: 0x8)
        /// All four (0xF): what iPhones write on their timed-metadata tracks.
        public static let all: Flags = [.enabled, .inMovie, .inPreview, .inPoster]
    }

    /// ``flags`` as named bits.
    public var namedFlags: Flags {
        get { Flags(rawValue: flags) }
        set { flags = newValue.rawValue }
    }

    /// The creation and modification times and the duration.
    public var versionedValues: [UInt64] { [creationTime, modificationTime, duration] }

    /// Declares the times, track ID, duration, layer to volume, the matrix, then width and height.
    public mutating func declareFields(_ c: inout some BoxFieldCoder) throws(FormatError) {
        try c.versioned(&creationTime, "creation time")
        try c.versioned(&modificationTime, "modification time")
        try c.integer(&trackID, "track ID")
        var reserved: UInt32 = 0
        try c.integer(&reserved, "reserved")
        try c.versioned(&duration, "duration")
        try c.bytes(&beforeMatrix, count: 16, "layer, group and volume")
        if matrix.count != 9 { matrix = [Int32](repeating: 0, count: 9) }
        for i in 0..<9 { try c.integer(&matrix[i], "matrix") }
        try c.integer(&width, "width")
        try c.integer(&height, "height")
        try c.rest(&trailing, "more")
    }

    /// A header for a new track: identity matrix, no size, volume 0.
    public init(trackID: UInt32, flags: UInt32, duration: UInt64, creationTime: UInt64, modificationTime: UInt64) {
        version = 0
        self.flags = flags
        self.creationTime = creationTime
        self.modificationTime = modificationTime
        self.trackID = trackID
        self.duration = duration
        beforeMatrix = [UInt8](repeating: 0, count: 16)
        matrix = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000]
        width = 0
        height = 0
    }

    /// Clockwise rotation in degrees that the matrix applies (0, 90, 180, 270), or nil for other matrices.
    public var rotationDegrees: Int? {
        let a = matrix[0], b = matrix[1], c = matrix[3], d = matrix[4]
        let one: Int32 = 0x10000
        switch (a, b, c, d) {
        case (one, 0, 0, one): return 0
        case (0, one, -one, 0): return 90
        case (-one, 0, 0, -one): return 180
        case (0, -one, one, 0): return 270
        default: return nil
        }
    }
}

/// `elst`: how a track's media time maps onto the movie timeline.
public struct EditList: DeclaredFullBox, Equatable {
    public static let boxType: FourCC = "elst"
    public static var blank: EditList { EditList(entries: []) }

    public struct Entry: Sendable, Equatable {
        /// Length of the segment in the movie timescale.
        public var segmentDuration: UInt64
        /// Start in the media timescale, or -1 for an empty edit (nothing shown for that long).
        public var mediaTime: Int64
        /// Playback rate, 16.16 fixed point (0x10000 = 1.0).
        public var rate: Int32

        public init(segmentDuration: UInt64, mediaTime: Int64, rate: Int32 = 0x10000) {
            self.segmentDuration = segmentDuration
            self.mediaTime = mediaTime
            self.rate = rate
        }

        public var isEmpty: Bool { mediaTime == -1 }
    }

    public var version: UInt8 = 0
    public var flags: UInt32 = 0
    public var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    /// Two edit lists are equal when their entries are: the version they were stored in is an encoding detail.
    public static func == (a: EditList, b: EditList) -> Bool { a.entries == b.entries }

    /// Segment durations, and media times as 64-bit needs (a time outside Int32 counts as past 32 bits).
    public var versionedValues: [UInt64] {
        entries.flatMap { [$0.segmentDuration, Int32(exactly: $0.mediaTime) == nil ? UInt64.max : 0] }
    }

    public mutating func declareFields(_ c: inout some BoxFieldCoder) throws {
        var count = UInt32(clamping: entries.count)
        try c.count(&count, elementSize: c.version == 1 ? 20 : 12, "entry count")
        if entries.count != Int(count) {
            entries = Array(repeating: Entry(segmentDuration: 0, mediaTime: 0), count: Int(count))
        }
        for i in entries.indices {
            try c.versioned(&entries[i].segmentDuration, "segment duration")
            try c.versionedSigned(&entries[i].mediaTime, "media time")
            try c.integer(&entries[i].rate, "rate")
        }
    }

    /// The sum of the segment durations, in the movie timescale.
    public var totalDuration: UInt64 { entries.reduce(0) { $0 &+ $1.segmentDuration } }
}

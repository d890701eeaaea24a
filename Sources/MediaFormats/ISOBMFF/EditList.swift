/// `elst`: how a track's media time maps onto the movie timeline.
public struct EditList: DeclaredFullBox, Equatable {
    /// The box type, `elst`.
    public static let boxType: FourCC = "elst"
    /// An edit list with no entries.
    public static var blank: EditList { EditList(entries: []) }

    /// One edit: a segment of the movie timeline and the media time it shows.
    public struct Entry: Sendable, Equatable {
        /// Length of the segment in the movie timescale.
        public var segmentDuration: UInt64
        /// Start in the media timescale, or -1 for an empty edit (nothing shown for that long).
        public var mediaTime: Int64
        /// Playback rate, 16.16 fixed point (0x10000 = 1.0).
        public var rate: Int32

        /// An edit of `segmentDuration` movie ticks from `mediaTime` in media ticks, at rate 1.0 by default.
        public init(segmentDuration: UInt64, mediaTime: Int64, rate: Int32 = 0x10000) {
            self.segmentDuration = segmentDuration
            self.mediaTime = mediaTime
            self.rate = rate
        }

        /// Whether this is an empty edit (media time -1), which shows nothing for its duration.
        public var isEmpty: Bool { mediaTime == -1 }
    }

    /// 0 for 32-bit durations and media times, 1 for 64-bit.
    public var version: UInt8 = 0
    /// The full box's 24-bit flags.
    public var flags: UInt32 = 0
    /// Bytes after the last declared field (a later revision's fields), kept as they are.
    public var trailing: [UInt8] = []
    /// The edits, in timeline order.
    public var entries: [Entry]

    /// An edit list of `entries`, written in version 0 unless a value needs 64 bits.
    public init(entries: [Entry]) { self.entries = entries }

    /// Two edit lists are equal when their entries are: the version they were stored in is an encoding detail.
    public static func == (a: EditList, b: EditList) -> Bool { a.entries == b.entries }

    /// Segment durations, and media times as 64-bit needs (a time outside Int32 counts as past 32 bits).
    public var versionedValues: [UInt64] {
        entries.flatMap { [$0.segmentDuration, Int32(exactly: $0.mediaTime) == nil ? UInt64.max : 0] }
    }

    /// Declares the entry count, then each entry's segment duration, media time and rate.
    public mutating func declareFields(_ c: inout some BoxFieldCoder) throws(FormatError) {
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
        try c.rest(&trailing, "more")
    }

    /// The sum of the segment durations, in the movie timescale.
    public var totalDuration: UInt64 { entries.reduce(0) { $0 &+ $1.segmentDuration } }
}

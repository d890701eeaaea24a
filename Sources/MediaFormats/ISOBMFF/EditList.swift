/// `elst`: how a track's media time maps onto the movie timeline.
public struct EditList: Sendable, Equatable {
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

    public var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    public init(_ atom: Atom, at offset: Int64 = 0) throws {
        var r = ByteReader(atom.data, baseOffset: offset)
        let version = try r.readInteger(UInt8.self, "elst version")
        try r.skip(3, "elst flags")
        let count = try r.readInteger(UInt32.self, .bigEndian, "elst entry count")
        let entrySize = version == 1 ? 20 : 12
        try r.checkCount(UInt64(count), elementSize: entrySize, "elst")
        entries = []
        entries.reserveCapacity(Int(count))
        for _ in 0..<count {
            if version == 1 {
                let d = try r.readInteger(UInt64.self, .bigEndian, "elst")
                let t = try r.readInteger(Int64.self, .bigEndian, "elst")
                entries.append(Entry(segmentDuration: d, mediaTime: t, rate: try r.readInteger(Int32.self, .bigEndian, "elst")))
            } else {
                let d = UInt64(try r.readInteger(UInt32.self, .bigEndian, "elst"))
                let t = Int64(try r.readInteger(Int32.self, .bigEndian, "elst"))
                entries.append(Entry(segmentDuration: d, mediaTime: t, rate: try r.readInteger(Int32.self, .bigEndian, "elst")))
            }
        }
    }

    /// The box, version 0 unless a value needs 64 bits.
    public var atom: Atom {
        let needs64 = entries.contains {
            $0.segmentDuration > UInt64(UInt32.max) || $0.mediaTime > Int64(Int32.max) || $0.mediaTime < Int64(Int32.min)
        }
        var w = ByteWriter()
        w.appendUInt32(needs64 ? 0x0100_0000 : 0)
        w.appendUInt32(UInt32(entries.count))
        for e in entries {
            if needs64 {
                w.appendUInt64(e.segmentDuration); w.appendInt64(e.mediaTime)
            } else {
                w.appendUInt32(UInt32(e.segmentDuration)); w.appendInt32(Int32(e.mediaTime))
            }
            w.appendInt32(e.rate)
        }
        return Atom(type: "elst", data: w.bytes)
    }

    /// The sum of the segment durations, in the movie timescale.
    public var totalDuration: UInt64 { entries.reduce(0) { $0 &+ $1.segmentDuration } }
}

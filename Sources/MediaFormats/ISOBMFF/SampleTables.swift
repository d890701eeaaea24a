/// The sample tables of a track (`stbl` children) that timing and data location need.
///
/// Every count is checked against the bytes of its box before anything is allocated, so a lying header
/// produces an error, never a huge allocation.
public struct SampleTables: Sendable {
    /// `stts` runs: (sample count, sample delta) in the media timescale.
    public var timeToSample: [(count: UInt32, delta: UInt32)]
    /// `ctts` runs: (sample count, composition offset); empty when absent.
    public var compositionOffsets: [(count: UInt32, offset: Int32)]
    /// `stsc` runs: (first chunk, samples per chunk, description index), first chunk 1-based.
    public var sampleToChunk: [(firstChunk: UInt32, samplesPerChunk: UInt32, descriptionIndex: UInt32)]
    /// Constant sample size, or 0 when ``sampleSizes`` lists them.
    public var constantSampleSize: UInt32
    /// The `stsz` sample count.
    public var sampleCount: UInt32
    /// Each sample's size in bytes, from `stsz`; empty when ``constantSampleSize`` is not 0.
    public var sampleSizes: [UInt32]
    /// Chunk offsets from `stco` or `co64`.
    public var chunkOffsets: [UInt64]
    /// 1-based numbers of the sync samples, or nil when every sample is a sync sample (no `stss`).
    public var syncSamples: [UInt32]?

    /// Parses the tables of an `stbl` box.
    public init(stbl: Atom) throws(FormatError) {
        guard let stts = stbl.child("stts") else { throw FormatError(.malformed, "a track has no 'stts' (sample times)") }
        timeToSample = try Self.entries(stts, entrySize: 8) { (r) throws(FormatError) in
            (try r.readInteger(UInt32.self), try r.readInteger(UInt32.self))
        }
        // Version 0 offsets are unsigned by the letter of ISO, but writers store negative ones; read as signed.
        compositionOffsets =
            try stbl.child("ctts").map { (box) throws(FormatError) in
                try Self.entries(box, entrySize: 8) { (r) throws(FormatError) in
                    (try r.readInteger(UInt32.self), try r.readInteger(Int32.self))
                }
            } ?? []
        guard let stsc = stbl.child("stsc") else { throw FormatError(.malformed, "a track has no 'stsc' (sample-to-chunk)") }
        sampleToChunk = try Self.entries(stsc, entrySize: 12) { (r) throws(FormatError) in
            (try r.readInteger(UInt32.self), try r.readInteger(UInt32.self), try r.readInteger(UInt32.self))
        }

        if let stsz = stbl.child("stsz") {
            var r = ByteReader(stsz.data)
            try r.skip(4, "stsz version and flags")
            constantSampleSize = try r.readInteger(UInt32.self, .bigEndian, "stsz sample size")
            sampleCount = try r.readInteger(UInt32.self, .bigEndian, "stsz sample count")
            if constantSampleSize == 0 {
                try r.checkCount(UInt64(sampleCount), elementSize: 4, "stsz")
                sampleSizes = try (0..<sampleCount).map { (_) throws(FormatError) in try r.readInteger(UInt32.self, .bigEndian, "stsz") }
            } else {
                sampleSizes = []
            }
        } else if stbl.child("stz2") != nil {
            throw FormatError(.unsupported, "compact sample sizes ('stz2') are not supported")
        } else {
            throw FormatError(.malformed, "a track has no 'stsz' (sample sizes)")
        }

        if let stco = stbl.child("stco") {
            chunkOffsets = try Self.entries(stco, entrySize: 4) { (r) throws(FormatError) in UInt64(try r.readInteger(UInt32.self)) }
        } else if let co64 = stbl.child("co64") {
            chunkOffsets = try Self.entries(co64, entrySize: 8) { (r) throws(FormatError) in try r.readInteger(UInt64.self) }
        } else {
            throw FormatError(.malformed, "a track has no 'stco' or 'co64' (chunk offsets)")
        }
        syncSamples = try stbl.child("stss").map { (box) throws(FormatError) in
            try Self.entries(box, entrySize: 4) { (r) throws(FormatError) in try r.readInteger(UInt32.self) }
        }
    }

    /// Reads a full box holding a 32-bit entry count and that many entries of `entrySize` bytes, checking the
    /// count against the box's bytes before reading.
    static func entries<T>(_ box: Atom, entrySize: Int, _ read: (inout ByteReader) throws(FormatError) -> T) throws(FormatError) -> [T] {
        let type = box.type
        func name() -> String { "'\(type)'" }
        var r = ByteReader(box.data)
        try r.skip(4, "\(name()) version and flags")
        let count = try r.readInteger(UInt32.self, .bigEndian, "\(name()) entry count")
        try r.checkCount(UInt64(count), elementSize: entrySize, name())
        var result: [T] = []
        result.reserveCapacity(Int(count))
        for _ in 0..<count { result.append(try read(&r)) }
        return result
    }

    /// The number of samples that have a time, a size and a place: the time table's count, at most the size
    /// table's and at most what the chunks hold (tables that describe more samples than the track stores describe
    /// samples that do not exist: a 2 KB movie's tables can claim billions).
    public var timedSampleCount: UInt64 {
        min(timeToSample.reduce(0) { $0 + UInt64($1.count) }, UInt64(sampleCount), sampleCountInChunks)
    }

    /// How many samples `stsc` places in the chunks `stco` lists (entries out of order count for nothing).
    public var sampleCountInChunks: UInt64 {
        var total: UInt64 = 0
        let chunks = UInt64(chunkOffsets.count)
        for (i, run) in sampleToChunk.enumerated() {
            let first = UInt64(max(1, run.firstChunk))
            let next = i + 1 < sampleToChunk.count ? min(UInt64(sampleToChunk[i + 1].firstChunk), chunks + 1) : chunks + 1
            guard next > first else { continue }
            let (samples, overflow) = (next - first).multipliedReportingOverflow(by: UInt64(run.samplesPerChunk))
            total = overflow ? .max : total.addingReportingOverflow(samples).overflow ? .max : total + samples
        }
        return total
    }

    /// The size in bytes of sample `index` (0-based); 0 past the end of the size table.
    public func sampleSize(_ index: Int) -> UInt64 {
        constantSampleSize != 0 ? UInt64(constantSampleSize) : (index < sampleSizes.count ? UInt64(sampleSizes[index]) : 0)
    }

    /// Decode times of every sample, in the media timescale.
    /// - Parameter limit: refuse tables that describe more samples than this.
    public func decodeTimes(limit: Int) throws(FormatError) -> [Int64] {
        let total = timedSampleCount
        guard total <= UInt64(limit) else {
            throw FormatError(.malformed, "the sample time table describes \(total) samples, more than the \(limit) accepted")
        }
        var times: [Int64] = []
        times.reserveCapacity(Int(total))
        var t: Int64 = 0
        for run in timeToSample {
            for _ in 0..<min(UInt64(run.count), total - UInt64(times.count)) {
                times.append(t)
                t += Int64(run.delta)
            }
        }
        return times
    }

    /// Presentation times (decode time plus composition offset) in the media timescale, in decode order.
    public func presentationTimes(limit: Int) throws(FormatError) -> [Int64] {
        var times = try decodeTimes(limit: limit)
        if !compositionOffsets.isEmpty {
            var i = 0
            outer: for run in compositionOffsets {
                for _ in 0..<run.count {
                    guard i < times.count else { break outer }
                    times[i] += Int64(run.offset)
                    i += 1
                }
            }
        }
        return times
    }

    /// The media duration: the end of the last sample's decode interval.
    public var mediaDuration: UInt64 { timeToSample.reduce(0) { $0 &+ UInt64($1.count) * UInt64($1.delta) } }

    /// The byte size of every chunk, from `stsc` and the sample sizes.
    ///
    /// - Returns: one size per entry of ``chunkOffsets``.
    public func chunkSizes() throws(FormatError) -> [UInt64] {
        var sizes = [UInt64](repeating: 0, count: chunkOffsets.count)
        var sample = 0
        for (i, run) in sampleToChunk.enumerated() {
            guard run.firstChunk >= 1 else { throw FormatError(.malformed, "'stsc' names chunk 0") }
            let first = Int(clamping: run.firstChunk) - 1
            let next = i + 1 < sampleToChunk.count ? Int(clamping: sampleToChunk[i + 1].firstChunk) - 1 : chunkOffsets.count
            guard first < next || i + 1 == sampleToChunk.count, next <= chunkOffsets.count, first <= next else {
                throw FormatError(.malformed, "'stsc' entries are out of order or name chunks that do not exist")
            }
            for chunk in first..<next {
                var bytes: UInt64 = 0
                if constantSampleSize != 0 {
                    bytes = UInt64(run.samplesPerChunk) * UInt64(constantSampleSize)
                    sample &+= Int(clamping: run.samplesPerChunk)
                } else {
                    for _ in 0..<run.samplesPerChunk {
                        guard sample < sampleSizes.count else {
                            throw FormatError(.malformed, "'stsc' places more samples in chunks than 'stsz' lists")
                        }
                        bytes += UInt64(sampleSizes[sample])
                        sample += 1
                    }
                }
                sizes[chunk] = bytes
            }
        }
        return sizes
    }

    /// The file offset and size of sample `index` (0-based).
    public func sampleLocation(_ index: Int) throws(FormatError) -> (offset: UInt64, size: UInt64) {
        guard index >= 0, UInt64(index) < UInt64(sampleCount) else { throw FormatError(.malformed, "sample \(index + 1) does not exist") }
        var sample = 0
        for (i, run) in sampleToChunk.enumerated() {
            guard run.firstChunk >= 1 else { break }
            let first = Int(clamping: run.firstChunk) - 1
            let next = i + 1 < sampleToChunk.count ? Int(clamping: sampleToChunk[i + 1].firstChunk) - 1 : chunkOffsets.count
            guard first <= next, next <= chunkOffsets.count else { break }
            for chunk in first..<next {
                var offset = chunkOffsets[chunk]
                for _ in 0..<run.samplesPerChunk {
                    if sample == index { return (offset, sampleSize(sample)) }
                    offset &+= sampleSize(sample)
                    sample += 1
                }
            }
        }
        throw FormatError(.malformed, "sample \(index + 1) is not in any chunk")
    }

    /// A time-to-sample box (`stts`) for run-length sample durations in media ticks.
    public static func timeToSampleAtom(_ runs: [(count: UInt32, delta: UInt32)]) -> Atom {
        var w = ByteWriter()
        w.appendUInt32(0)
        w.appendUInt32(UInt32(runs.count))
        for run in runs {
            w.appendUInt32(run.count)
            w.appendUInt32(run.delta)
        }
        return Atom(type: "stts", data: w.bytes)
    }

    /// A sample-to-chunk box (`stsc`) putting all `sampleCount` samples in one chunk, sample description 1.
    public static func singleChunkAtom(sampleCount: UInt32) -> Atom {
        var w = ByteWriter()
        w.appendUInt32(0)
        w.appendUInt32(1)
        w.appendUInt32(1)
        w.appendUInt32(sampleCount)
        w.appendUInt32(1)
        return Atom(type: "stsc", data: w.bytes)
    }

    /// A sample size box (`stsz`) for `sampleCount` samples of `sampleSize` bytes each.
    public static func uniformSampleSizeAtom(sampleSize: UInt32, sampleCount: UInt32) -> Atom {
        var w = ByteWriter()
        w.appendUInt32(0)
        w.appendUInt32(sampleSize)
        w.appendUInt32(sampleCount)
        return Atom(type: "stsz", data: w.bytes)
    }

    /// A chunk offset box for `offsets`: `stco` while every offset fits 32 bits, `co64` otherwise.
    public static func chunkOffsetAtom(_ offsets: [UInt64]) -> Atom {
        let wide = offsets.contains { $0 > UInt64(UInt32.max) }
        var w = ByteWriter()
        w.appendUInt32(0)
        w.appendUInt32(UInt32(offsets.count))
        for o in offsets {
            if wide { w.appendUInt64(o) } else { w.appendUInt32(UInt32(o)) }
        }
        return Atom(type: wide ? "co64" : "stco", data: w.bytes)
    }
}

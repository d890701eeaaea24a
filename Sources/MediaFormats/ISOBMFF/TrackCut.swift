/// A track's sample tables cut to a run of its samples (decode order), the samples' bytes left where they are: the
/// time, composition, sync, dependency, group, size and chunk tables hold only those samples, the first one's decode
/// time becomes 0, and each chunk keeps the kept samples it held (its offset moved past the ones dropped before them),
/// so the chunk offsets still point into the source file until the track is written elsewhere.
struct TrackCut {
    /// The `stbl` children kept as they are: they describe no sample by number.
    static let describingBoxes: Set<FourCC> = ["stsd", "sgpd"]

    /// The new `stbl`.
    var sampleTable: Atom
    /// The kept samples' media duration (the sum of their decode durations).
    var mediaDuration: UInt64
    /// `stbl` children that number samples and could not be cut, left out.
    var dropped: [FourCC]

    /// Cuts `track` to the samples `range` (0-based, decode order).
    /// - Parameter times: the track's decode and presentation times (``SampleTables/decodeTimes(limit:)``, …).
    init(_ track: MovieTrack, keeping range: ClosedRange<Int>, decodeTimes: [Int64], presentationTimes: [Int64]) throws(FormatError) {
        let tables = track.tables
        guard range.lowerBound >= 0, range.upperBound < decodeTimes.count else {
            throw FormatError(.malformed, "track \(track.trackID) has no samples \(range.lowerBound + 1) to \(range.upperBound + 1)")
        }
        guard let stbl = track.atom.find(["mdia", "minf", "stbl"]) else {
            throw FormatError(.malformed, "track \(track.trackID) has no 'minf/stbl'")
        }
        // Per-sample values of the kept run.
        var durations: [UInt32] = []
        durations.reserveCapacity(range.count)
        var index = 0
        for run in tables.timeToSample {
            guard index <= range.upperBound else { break }
            let runEnd = Int(clamping: Int64(index) + Int64(run.count))
            let from = max(index, range.lowerBound), to = min(runEnd, range.upperBound + 1)
            if from < to { durations += repeatElement(run.delta, count: to - from) }
            index = runEnd
        }
        guard durations.count == range.count else { throw FormatError(.malformed, "track \(track.trackID)'s 'stts' is short") }
        mediaDuration = durations.reduce(0) { $0 + UInt64($1) }
        let base = decodeTimes[range.lowerBound]
        let offsets = range.map { presentationTimes[$0] - decodeTimes[$0] }

        var children: [Atom] = []
        var dropped: [FourCC] = []
        var placedChunks = false
        for box in stbl.children {
            switch box.type {
            case let type where Self.describingBoxes.contains(type):
                children.append(box)
            case "stts":
                children.append(SampleTables.timeToSampleAtom(Self.runs(durations).map { (UInt32($0.count), $0.value) }))
            case "ctts":
                let values = offsets.compactMap { Int32(exactly: $0) }
                guard values.count == offsets.count else {
                    throw FormatError(.malformed, "track \(track.trackID) has a composition offset past 32 bits")
                }
                children.append(Self.compositionOffsets(values))
            case "cslg":
                if let shift = Self.compositionShift(offsets, decodeTimes: range.map { decodeTimes[$0] - base }, durations: durations) {
                    children.append(shift)
                } else {
                    dropped.append(box.type)
                }
            case "stss":
                var w = ByteWriter()
                let kept = (tables.syncSamples ?? []).map { Int(clamping: $0) - 1 }.filter { range.contains($0) }
                w.appendUInt32(0)
                w.appendUInt32(UInt32(kept.count))
                for sample in kept { w.appendUInt32(UInt32(sample - range.lowerBound + 1)) }
                children.append(Atom(type: "stss", data: w.bytes))
            case "sdtp":
                let data = box.data
                if data.count >= 4 + range.upperBound + 1 {
                    children.append(Atom(type: "sdtp", data: Array(data[0..<4]) + Array(data[4 + range.lowerBound...4 + range.upperBound])))
                } else {
                    dropped.append(box.type)
                }
            case "sbgp":
                if let cut = try? Self.sampleGroups(box, range: range) { children.append(cut) } else { dropped.append(box.type) }
            case "stsz":
                var w = ByteWriter()
                w.appendUInt32(0)
                w.appendUInt32(tables.constantSampleSize)
                w.appendUInt32(UInt32(range.count))
                if tables.constantSampleSize == 0 { for i in range { w.appendUInt32(UInt32(tables.sampleSize(i))) } }
                children.append(Atom(type: "stsz", data: w.bytes))
            case "stsc", "stco", "co64":
                guard !placedChunks else { continue }
                placedChunks = true
                let (stsc, offsets) = try Self.chunks(tables, range: range, trackID: track.trackID)
                children.append(stsc)
                children.append(SampleTables.chunkOffsetAtom(offsets))
            default:
                dropped.append(box.type)
            }
        }
        var table = stbl
        table.setChildren(children)
        sampleTable = table
        self.dropped = dropped
    }

    /// Run-length runs of equal values.
    static func runs<T: Equatable>(_ values: [T]) -> [(count: Int, value: T)] {
        var result: [(count: Int, value: T)] = []
        for v in values {
            if let last = result.last, last.value == v { result[result.count - 1].count += 1 } else { result.append((1, v)) }
        }
        return result
    }

    /// `ctts`: version 1 (signed offsets) when one is negative, else version 0.
    static func compositionOffsets(_ offsets: [Int32]) -> Atom {
        let grouped = Self.runs(offsets)
        var w = ByteWriter()
        w.appendUInt32(offsets.contains { $0 < 0 } ? 0x0100_0000 : 0)
        w.appendUInt32(UInt32(grouped.count))
        for run in grouped {
            w.appendUInt32(UInt32(run.count))
            w.appendUInt32(UInt32(bitPattern: run.value))
        }
        return Atom(type: "ctts", data: w.bytes)
    }

    /// `cslg` for the kept samples (version 0), or nil when a value passes 32 bits.
    static func compositionShift(_ offsets: [Int64], decodeTimes: [Int64], durations: [UInt32]) -> Atom? {
        guard let least = offsets.min(), let greatest = offsets.max() else { return nil }
        let starts = zip(decodeTimes, offsets).map { $0 + $1 }
        let ends = zip(starts, durations).map { $0 + Int64($1) }
        let values = [max(0, -least), least, greatest, starts.min() ?? 0, ends.max() ?? 0]
        guard values.allSatisfy({ Int32(exactly: $0) != nil }) else { return nil }
        var w = ByteWriter()
        w.appendUInt32(0)
        for v in values { w.appendUInt32(UInt32(bitPattern: Int32(v))) }
        return Atom(type: "cslg", data: w.bytes)
    }

    /// An `sbgp` (sample-to-group) box holding only the kept samples' groups.
    static func sampleGroups(_ box: Atom, range: ClosedRange<Int>) throws(FormatError) -> Atom {
        var r = ByteReader(box.data)
        let versionAndFlags = try r.readInteger(UInt32.self, .bigEndian, "sbgp version")
        let headerLength = versionAndFlags >> 24 == 1 ? 12 : 8
        guard box.data.count >= headerLength + 4 else { throw FormatError(.truncated, "'sbgp' ends in its header") }
        let header = Array(box.data[0..<headerLength])
        try r.skip(header.count - 4, "sbgp grouping type")
        let count = try r.readInteger(UInt32.self, .bigEndian, "sbgp entry count")
        try r.checkCount(UInt64(count), elementSize: 8, "sbgp")
        var groups: [UInt32] = []
        groups.reserveCapacity(range.count)
        var sample = 0
        for _ in 0..<count where sample <= range.upperBound {
            let n = Int(clamping: try r.readInteger(UInt32.self, .bigEndian, "sbgp sample count"))
            let group = try r.readInteger(UInt32.self, .bigEndian, "sbgp group")
            let from = max(sample, range.lowerBound), to = min(Int(clamping: Int64(sample) + Int64(n)), range.upperBound + 1)
            if from < to { groups += repeatElement(group, count: to - from) }
            sample = Int(clamping: Int64(sample) + Int64(n))
        }
        // Samples past the table's runs belong to no group (index 0).
        groups += repeatElement(0, count: range.count - groups.count)
        let grouped = Self.runs(groups)
        var w = ByteWriter()
        w.append(header)
        w.appendUInt32(UInt32(grouped.count))
        for run in grouped {
            w.appendUInt32(UInt32(run.count))
            w.appendUInt32(run.value)
        }
        return Atom(type: "sbgp", data: w.bytes)
    }

    /// The kept samples' chunks: each source chunk that holds some of them, its offset moved past the samples dropped
    /// before them, as `stsc` and the chunk offsets.
    static func chunks(_ tables: SampleTables, range: ClosedRange<Int>, trackID: UInt32) throws(FormatError) -> (Atom, [UInt64]) {
        var entries: [(samples: UInt32, description: UInt32)] = []
        var offsets: [UInt64] = []
        var sample = 0
        let chunkCount = tables.chunkOffsets.count
        runs: for (i, run) in tables.sampleToChunk.enumerated() {
            guard run.firstChunk >= 1 else { throw FormatError(.malformed, "track \(trackID)'s 'stsc' names chunk 0") }
            let first = Int(clamping: run.firstChunk) - 1
            let next =
                i + 1 < tables.sampleToChunk.count ? min(Int(clamping: tables.sampleToChunk[i + 1].firstChunk) - 1, chunkCount) : chunkCount
            guard first <= next else { throw FormatError(.malformed, "track \(trackID)'s 'stsc' entries are out of order") }
            for chunk in first..<next {
                guard sample <= range.upperBound else { break runs }
                let n = Int(clamping: run.samplesPerChunk)
                let from = max(sample, range.lowerBound), to = min(Int(clamping: Int64(sample) + Int64(n)), range.upperBound + 1)
                if from < to {
                    var offset = tables.chunkOffsets[chunk]
                    for s in sample..<from { offset &+= tables.sampleSize(s) }
                    offsets.append(offset)
                    entries.append((UInt32(to - from), run.descriptionIndex))
                }
                sample = Int(clamping: Int64(sample) + Int64(n))
            }
        }
        guard entries.reduce(Int64(0), { $0 + Int64($1.samples) }) == Int64(range.count) else {
            throw FormatError(.malformed, "track \(trackID)'s chunks hold fewer samples than its tables describe")
        }
        var w = ByteWriter()
        var stsc: [(first: UInt32, samples: UInt32, description: UInt32)] = []
        for (i, e) in entries.enumerated() where stsc.last.map({ $0.samples != e.samples || $0.description != e.description }) ?? true {
            stsc.append((UInt32(i + 1), e.samples, e.description))
        }
        w.appendUInt32(0)
        w.appendUInt32(UInt32(stsc.count))
        for e in stsc {
            w.appendUInt32(e.first)
            w.appendUInt32(e.samples)
            w.appendUInt32(e.description)
        }
        return (Atom(type: "stsc", data: w.bytes), offsets)
    }
}

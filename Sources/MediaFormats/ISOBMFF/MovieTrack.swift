/// One `trak` of a movie, with the boxes that describe its timing and data parsed.
public struct MovieTrack: Sendable {
    /// The `trak` as read.
    public var atom: Atom
    /// The `tkhd`.
    public var header: TrackHeader
    /// The `mdia/mdhd`.
    public var mediaHeader: MediaHeader
    /// The `mdia/hdlr` handler type: `vide`, `soun`, `meta`...
    public var handlerType: FourCC
    /// The `stsd` entries; empty when the track has no `stsd`.
    public var descriptions: [SampleDescription]
    /// The `minf/stbl` sample tables.
    public var tables: SampleTables
    /// The `edts/elst`, or nil when the track has none.
    public var editList: EditList?

    /// Parses a `trak`.
    /// - Throws: ``FormatError`` when `tkhd`, `mdia/mdhd`, `hdlr`, `minf/stbl` or a required sample table is missing or
    ///   malformed.
    public init(_ trak: Atom) throws(FormatError) {
        atom = trak
        guard let tkhd = trak.child("tkhd") else { throw FormatError(.malformed, "a track has no 'tkhd'") }
        header = try TrackHeader(tkhd)
        guard let mdia = trak.child("mdia"), let mdhd = mdia.child("mdhd") else {
            throw FormatError(.malformed, "track \(header.trackID) has no 'mdia/mdhd'")
        }
        mediaHeader = try MediaHeader(mdhd)
        guard let hdlr = mdia.child("hdlr") else { throw FormatError(.malformed, "track \(header.trackID) has no 'hdlr'") }
        handlerType = try HandlerReference(hdlr).handlerType
        guard let stbl = mdia.find(["minf", "stbl"]) else {
            throw FormatError(.malformed, "track \(header.trackID) has no 'minf/stbl'")
        }
        descriptions = try stbl.child("stsd").map(SampleDescription.entries(of:)) ?? []
        tables = try SampleTables(stbl: stbl)
        editList = try trak.find(["edts", "elst"]).map { (box) throws(FormatError) in try EditList(box) }
    }

    /// The `tkhd` track ID.
    public var trackID: UInt32 { header.trackID }
    /// The first sample entry's format (codec tag), or nil when there is none.
    public var format: FourCC? { descriptions.first?.format }
    /// Whether the `tkhd` enabled flag is set.
    public var isEnabled: Bool { header.flags & TrackHeader.enabled != 0 }
    /// A sound track (handler `soun`).
    public var isAudio: Bool { handlerType == "soun" }
    /// An auxiliary video track (handler `auxv`): pictures that go with another video's frames (depth, mattes), which
    /// players do not show.
    public var isAuxiliaryVideo: Bool { handlerType == "auxv" }
    /// Whether the track's samples are described by a timed-metadata (`mebx`) sample entry.
    public var hasTimedMetadataEntries: Bool { format == "mebx" }
    /// A timed-metadata track (handler `meta`).
    public var isTimedMetadata: Bool { handlerType == "meta" }
    /// The tracks this one's `tref` says it describes (`cdsc`), as a timed-metadata track names its video.
    public var describedTrackIDs: [UInt32] {
        let cdsc = atom.find(["tref", "cdsc"])?.data ?? []
        return stride(from: 0, to: cdsc.count - 3, by: 4).map { cdsc.loadUInt32(at: $0, .bigEndian) }
    }

    /// Every track this one's `tref` names, of any reference type (`cdsc`, `vmap` of an auxiliary video track…).
    public var referencedTrackIDs: [UInt32] {
        (atom.child("tref")?.children ?? []).flatMap { box in
            stride(from: 0, to: box.data.count - 3, by: 4).map { box.data.loadUInt32(at: $0, .bigEndian) }
        }
    }

    /// The keys of a timed-metadata (`mebx`) track, or nil for other tracks.
    public var metadataKeys: TimedMetadataSampleEntry? {
        guard let d = descriptions.first, d.format == "mebx" else { return nil }
        return try? TimedMetadataSampleEntry(entryBytes: d.bytes)
    }

    /// The track's length on the movie timeline, in seconds.
    public func durationSeconds(movieTimescale: UInt32) -> Double {
        if let editList, !editList.entries.isEmpty {
            return Double(editList.totalDuration) / Double(movieTimescale)
        }
        return Double(mediaHeader.duration) / Double(mediaHeader.timescale)
    }

    /// When each sample is shown on the movie timeline, after the edit list.
    ///
    /// Samples that no edit shows are left out. Rates other than 1 are treated as 1.
    /// - Parameters:
    ///   - movieTimescale: the `mvhd` timescale, in which edit durations are counted.
    ///   - limit: refuse tracks with more samples than this.
    /// - Returns: (sample index in decode order, time), sorted by time.
    public func presentationSchedule(movieTimescale: UInt32, limit: Int = 5_000_000) throws(FormatError) -> [(sample: Int, time: TrackTime)]
    {
        let pts = try tables.presentationTimes(limit: limit)
        var result: [(sample: Int, time: TrackTime)] = []
        if let editList, !editList.entries.isEmpty {
            var segmentStart: Int64 = 0
            for edit in editList.entries {
                defer { segmentStart = segmentStart.addingReportingOverflow(Int64(clamping: edit.segmentDuration)).partialValue }
                if edit.isEmpty { continue }
                guard segmentStart >= 0 else { break }
                // Segment length converted to media ticks (rounded up so a frame at the very end still counts).
                let length = (Double(edit.segmentDuration) * Double(mediaHeader.timescale) / Double(movieTimescale)).rounded(.up)
                let (end, overflow) = edit.mediaTime.addingReportingOverflow(length < 9e18 ? Int64(length) : Int64.max)
                let segmentEnd = overflow ? Int64.max : end
                for (i, t) in pts.enumerated() where t >= edit.mediaTime && t < segmentEnd {
                    result.append((i, TrackTime(movieTicks: segmentStart, mediaTicks: t - edit.mediaTime)))
                }
            }
        } else {
            for (i, t) in pts.enumerated() where t >= 0 {
                result.append((i, TrackTime(movieTicks: 0, mediaTicks: t)))
            }
        }
        return result.sorted {
            $0.1.seconds(movieTimescale: movieTimescale, mediaTimescale: mediaHeader.timescale)
                < $1.1.seconds(movieTimescale: movieTimescale, mediaTimescale: mediaHeader.timescale)
        }
    }

    /// The offset of every chunk paired with its size, for checking where the track's data lies.
    public func chunks() throws(FormatError) -> [(offset: UInt64, size: UInt64)] {
        let sizes = try tables.chunkSizes()
        return zip(tables.chunkOffsets, sizes).map { (offset: $0, size: $1) }
    }
}

/// A time on the movie timeline, kept exact as a movie-timescale part (where the edit starts) plus a
/// media-timescale part (how far into the edit).
public struct TrackTime: Sendable, Equatable {
    /// Where the edit starts on the movie timeline, in the movie timescale.
    public var movieTicks: Int64
    /// How far into the edit, in the media timescale.
    public var mediaTicks: Int64

    /// The time `movieTicks` plus `mediaTicks`.
    public init(movieTicks: Int64, mediaTicks: Int64) {
        self.movieTicks = movieTicks
        self.mediaTicks = mediaTicks
    }

    /// The time in seconds, in floating point (inexact; ``ticks(in:movieTimescale:mediaTimescale:)`` is exact).
    public func seconds(movieTimescale: UInt32, mediaTimescale: UInt32) -> Double {
        Double(movieTicks) / Double(movieTimescale) + Double(mediaTicks) / Double(mediaTimescale)
    }

    /// The time in ticks of `timescale`, when it is a whole number of them; nil when a timescale is 0 or the ticks
    /// do not fit 63 bits.
    public func ticks(in timescale: UInt64, movieTimescale: UInt32, mediaTimescale: UInt32) -> Int64? {
        guard movieTimescale > 0, mediaTimescale > 0, let timescale = Int64(exactly: timescale) else { return nil }
        let (a, aOverflow) = Int64(timescale).multipliedReportingOverflow(by: movieTicks)
        let (b, bOverflow) = Int64(timescale).multipliedReportingOverflow(by: mediaTicks)
        guard !aOverflow, !bOverflow, a % Int64(movieTimescale) == 0, b % Int64(mediaTimescale) == 0 else { return nil }
        let (sum, overflow) = (a / Int64(movieTimescale)).addingReportingOverflow(b / Int64(mediaTimescale))
        return overflow ? nil : sum
    }
}

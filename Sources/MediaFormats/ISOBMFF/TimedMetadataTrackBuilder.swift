/// A QuickTime timed-metadata (`mebx`) `trak` as iPhones write them: `mhlr/meta` handler, `gmhd`, `dhlr/alis`
/// data handler, all samples in one chunk, `tkhd` flags 0xF, `tref cdsc` to the video.
public struct TimedMetadataTrackBuilder: Sendable {
    /// The new track's ID.
    public var trackID: UInt32
    /// The video track the metadata describes (`tref cdsc`).
    public var videoTrackID: UInt32
    /// The track's length on the movie timeline (movie ticks).
    public var trackDuration: UInt64
    /// The `elst` entries (movie timescale); empty for a track without `edts`.
    public var edits: [EditList.Entry]
    /// The `mdhd` timescale.
    public var mediaTimescale: UInt32
    /// The whole `mebx` sample entry.
    public var sampleEntry: [UInt8]
    /// Run-length sample durations in media ticks.
    public var timeToSample: [(count: UInt32, delta: UInt32)]
    /// The size in bytes of every sample; all samples have the same size.
    public var sampleSize: Int
    /// The number of samples.
    public var sampleCount: Int
    /// Where the one chunk of samples starts in the file.
    public var chunkOffset: UInt64
    /// Creation time in seconds since 1904-01-01 00:00 UTC (`mdhd` keeps the low 32 bits).
    public var creationTime: UInt64
    /// Modification time in seconds since 1904-01-01 00:00 UTC (`mdhd` keeps the low 32 bits).
    public var modificationTime: UInt64

    /// A track with every field given; ``atom`` builds its `trak`.
    public init(
        trackID: UInt32, videoTrackID: UInt32, trackDuration: UInt64, edits: [EditList.Entry], mediaTimescale: UInt32,
        sampleEntry: [UInt8], timeToSample: [(count: UInt32, delta: UInt32)], sampleSize: Int, sampleCount: Int,
        chunkOffset: UInt64, creationTime: UInt64, modificationTime: UInt64
    ) {
        self.trackID = trackID
        self.videoTrackID = videoTrackID
        self.trackDuration = trackDuration
        self.edits = edits
        self.mediaTimescale = mediaTimescale
        self.sampleEntry = sampleEntry
        self.timeToSample = timeToSample
        self.sampleSize = sampleSize
        self.sampleCount = sampleCount
        self.chunkOffset = chunkOffset
        self.creationTime = creationTime
        self.modificationTime = modificationTime
    }

    // Computed, not stored: a stored static Atom is reported as leaked by LeakSanitizer (its children array sits in
    // an enum payload the leak scanner does not recognise), which stops the fuzzers.
    /// The `gmhd` base media information header Apple writes: `gmin` with graphics mode 0x40 (copy) and grey op colour.
    static var baseMediaHeader: Atom {
        Atom(
            type: "gmhd", children: [Atom(type: "gmin", data: [0, 0, 0, 0, 0, 0x40, 0x80, 0, 0x80, 0, 0x80, 0, 0, 0, 0, 0])])
    }

    /// `dinf` with one self-contained `alis` data reference (flags 1: the data is in this file).
    static var selfContainedDataInformation: Atom {
        Atom(
            type: "dinf", children: [Atom(type: "dref", data: [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0x0C, 0x61, 0x6C, 0x69, 0x73, 0, 0, 0, 1])])
    }

    /// The `trak`.
    public var atom: Atom {
        let header = TrackHeader(
            trackID: trackID, flags: TrackHeader.Flags.all.rawValue, duration: trackDuration, creationTime: creationTime,
            modificationTime: modificationTime)
        var tref = ByteWriter()
        tref.appendUInt32(videoTrackID)
        let mediaDuration = timeToSample.reduce(UInt64(0)) { $0 + UInt64($1.count) * UInt64($1.delta) }

        let stbl = Atom(
            type: "stbl",
            children: [
                SampleDescription.atom([sampleEntry]),
                SampleTables.timeToSampleAtom(timeToSample),
                SampleTables.singleChunkAtom(sampleCount: UInt32(clamping: sampleCount)),
                SampleTables.uniformSampleSizeAtom(sampleSize: UInt32(clamping: sampleSize), sampleCount: UInt32(clamping: sampleCount)),
                SampleTables.chunkOffsetAtom([chunkOffset]),
            ])
        let minf = Atom(
            type: "minf",
            children: [
                Self.baseMediaHeader,
                HandlerReference.quickTime(component: "dhlr", subtype: "alis", name: "Core Media Data Handler"),
                Self.selfContainedDataInformation,
                stbl,
            ])
        let mdia = Atom(
            type: "mdia",
            children: [
                MediaHeader.make(
                    timescale: mediaTimescale, duration: UInt32(clamping: mediaDuration), language: 0x55C4,
                    creationTime: UInt32(truncatingIfNeeded: creationTime), modificationTime: UInt32(truncatingIfNeeded: modificationTime)),
                HandlerReference.quickTime(component: "mhlr", subtype: "meta", name: "Core Media Metadata"),
                minf,
            ])
        var children = [header.atom, Atom(type: "tref", children: [Atom(type: "cdsc", data: tref.bytes)])]
        if !edits.isEmpty { children.append(Atom(type: "edts", children: [EditList(entries: edits).atom])) }
        children.append(mdia)
        return Atom(type: "trak", children: children)
    }
}

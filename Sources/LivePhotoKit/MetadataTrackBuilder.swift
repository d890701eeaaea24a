import MediaFormats

/// A QuickTime timed-metadata (`mebx`) `trak` as iPhones write them: `mhlr/meta` handler, `gmhd`, `dhlr/alis`
/// data handler, all samples in one chunk, `tkhd` flags 0xF, `tref cdsc` to the video.
struct MetadataTrackBuilder {
    var trackID: UInt32
    var videoTrackID: UInt32
    /// The track's length on the movie timeline (movie ticks).
    var trackDuration: UInt64
    var edits: [EditList.Entry]
    var mediaTimescale: UInt32
    var sampleEntry: [UInt8]
    /// Run-length sample durations in media ticks.
    var timeToSample: [(count: UInt32, delta: UInt32)]
    var sampleSize: Int
    var sampleCount: Int
    var chunkOffset: UInt64
    var creationTime: UInt64
    var modificationTime: UInt64

    var atom: Atom {
        let header = TrackHeader(
            trackID: trackID, flags: 0xF, duration: trackDuration, creationTime: creationTime, modificationTime: modificationTime)
        var tref = ByteWriter()
        tref.appendUInt32(videoTrackID)
        var stts = ByteWriter()
        stts.appendUInt32(0)
        stts.appendUInt32(UInt32(timeToSample.count))
        for run in timeToSample {
            stts.appendUInt32(run.count)
            stts.appendUInt32(run.delta)
        }
        var stsc = ByteWriter()
        stsc.appendUInt32(0); stsc.appendUInt32(1); stsc.appendUInt32(1); stsc.appendUInt32(UInt32(sampleCount)); stsc.appendUInt32(1)
        var stsz = ByteWriter()
        stsz.appendUInt32(0); stsz.appendUInt32(UInt32(sampleSize)); stsz.appendUInt32(UInt32(sampleCount))
        let mediaDuration = timeToSample.reduce(UInt64(0)) { $0 + UInt64($1.count) * UInt64($1.delta) }

        let stbl = Atom(
            type: "stbl",
            children: [
                SampleDescription.atom([sampleEntry]),
                Atom(type: "stts", data: stts.bytes),
                Atom(type: "stsc", data: stsc.bytes),
                Atom(type: "stsz", data: stsz.bytes),
                SampleTables.chunkOffsetAtom([chunkOffset]),
            ])
        let minf = Atom(
            type: "minf",
            children: [
                Atom(type: "gmhd", children: [Atom(type: "gmin", data: [0, 0, 0, 0, 0, 0x40, 0x80, 0, 0x80, 0, 0x80, 0, 0, 0, 0, 0])]),
                HandlerReference.quickTime(component: "dhlr", subtype: "alis", name: "Core Media Data Handler"),
                Atom(
                    type: "dinf",
                    children: [Atom(type: "dref", data: [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0x0C, 0x61, 0x6C, 0x69, 0x73, 0, 0, 0, 1])]),
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

import Foundation
import MediaFormats

/// The per-frame `live-photo-info` timed-metadata track that the lock screen's "settling" effect needs
/// (FORMAT.md §10, gates G1, G6, G7, G9): one 144-byte version-3 sample per video frame, at exactly the video's
/// frame times, and a key carrying `setu{cfgv, dims}` and `ctps` as real captures do.
///
/// The values inside the samples are chosen from what real captures hold: version 3, exposure 1/50 s, zoom and gain
/// 1, AF status 4, presence flags 0x00FF, no faces, V3 flags 7 (trajectory homography, presenting and original
/// presenting timestamps), an identity homography (no camera motion to undo), and each frame's presentation time
/// in nanoseconds. The working generators copy one real sample for every frame, so iOS checks presence, version,
/// timing and `setu`, not plausibility.
enum LivePhotoInfoTrack {
    static let key = "com.apple.quicktime.live-photo-info"
    static let dataType = "com.apple.quicktime.com.apple.quicktime.live-photo-info"
    static let sampleSize = 144

    /// True when `track` is a timed-metadata track whose keys include live-photo-info.
    static func matches(_ track: MovieTrack) -> Bool {
        track.isTimedMetadata && track.metadataKeys?.key(named: key) != nil
    }

    /// `cfgv`: a binary property list with the values of a real iOS 18.2 capture, written once with sorted keys so
    /// that every output is byte-identical for the same input (a dictionary serialised at run time is not):
    /// `{FrameworkVersions: {CMCaptureCore: "587.62.18", CoreMedia: "3185.18.1.3", CoreMotion: "2953.0.30"},
    /// LivePhotoMetadataSetupDataVersion: 1, SystemVersion: {ProductBuildVersion: "22C152", ProductName: "iPhone OS",
    /// ProductVersion: "18.2"}}`. The tests decode it with Foundation and check each value.
    static let setupPropertyList: [UInt8] = [
        0x62, 0x70, 0x6c, 0x69, 0x73, 0x74, 0x30, 0x30, 0xd3, 0x01, 0x02, 0x03, 0x04, 0x0b, 0x0c, 0x5f,
        0x10, 0x11, 0x46, 0x72, 0x61, 0x6d, 0x65, 0x77, 0x6f, 0x72, 0x6b, 0x56, 0x65, 0x72, 0x73, 0x69,
        0x6f, 0x6e, 0x73, 0x5f, 0x10, 0x21, 0x4c, 0x69, 0x76, 0x65, 0x50, 0x68, 0x6f, 0x74, 0x6f, 0x4d,
        0x65, 0x74, 0x61, 0x64, 0x61, 0x74, 0x61, 0x53, 0x65, 0x74, 0x75, 0x70, 0x44, 0x61, 0x74, 0x61,
        0x56, 0x65, 0x72, 0x73, 0x69, 0x6f, 0x6e, 0x5d, 0x53, 0x79, 0x73, 0x74, 0x65, 0x6d, 0x56, 0x65,
        0x72, 0x73, 0x69, 0x6f, 0x6e, 0xd3, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x5d, 0x43, 0x4d, 0x43,
        0x61, 0x70, 0x74, 0x75, 0x72, 0x65, 0x43, 0x6f, 0x72, 0x65, 0x59, 0x43, 0x6f, 0x72, 0x65, 0x4d,
        0x65, 0x64, 0x69, 0x61, 0x5a, 0x43, 0x6f, 0x72, 0x65, 0x4d, 0x6f, 0x74, 0x69, 0x6f, 0x6e, 0x59,
        0x35, 0x38, 0x37, 0x2e, 0x36, 0x32, 0x2e, 0x31, 0x38, 0x5b, 0x33, 0x31, 0x38, 0x35, 0x2e, 0x31,
        0x38, 0x2e, 0x31, 0x2e, 0x33, 0x59, 0x32, 0x39, 0x35, 0x33, 0x2e, 0x30, 0x2e, 0x33, 0x30, 0x10,
        0x01, 0xd3, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x5f, 0x10, 0x13, 0x50, 0x72, 0x6f, 0x64, 0x75,
        0x63, 0x74, 0x42, 0x75, 0x69, 0x6c, 0x64, 0x56, 0x65, 0x72, 0x73, 0x69, 0x6f, 0x6e, 0x5b, 0x50,
        0x72, 0x6f, 0x64, 0x75, 0x63, 0x74, 0x4e, 0x61, 0x6d, 0x65, 0x5e, 0x50, 0x72, 0x6f, 0x64, 0x75,
        0x63, 0x74, 0x56, 0x65, 0x72, 0x73, 0x69, 0x6f, 0x6e, 0x56, 0x32, 0x32, 0x43, 0x31, 0x35, 0x32,
        0x59, 0x69, 0x50, 0x68, 0x6f, 0x6e, 0x65, 0x20, 0x4f, 0x53, 0x54, 0x31, 0x38, 0x2e, 0x32, 0x08,
        0x0f, 0x23, 0x47, 0x55, 0x5c, 0x6a, 0x74, 0x7f, 0x89, 0x95, 0x9f, 0xa1, 0xa8, 0xbe, 0xca, 0xd9,
        0xe0, 0xea, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x13, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0xef,
    ]

    /// The `mebx` sample entry: key 1 = live-photo-info, `dtyp` namespace 1, then `sdpd{sdpi}`, `setu{cfgv, dims}`,
    /// `ctps{dtyp 0/0}` in the order real captures write them.
    static func sampleEntry(width: Int, height: Int) -> [UInt8] {
        let setup = TimedMetadataKeySetup(
            configuration: setupPropertyList, dimensions: (UInt32(clamping: width), UInt32(clamping: height)))
        let others = [
            Atom(type: "sdpd", children: [Atom(type: "sdpi", data: [0, 0, 0, 0])]),
            setup.atom,
            Atom(type: "ctps", children: [Atom(type: "dtyp", data: [0, 0, 0, 0, 0, 0, 0, 0])]),
        ]
        return TimedMetadataSampleEntry(keys: [
            .init(localID: 1, name: key, dataTypeNamespace: 1, dataTypeName: dataType, otherAtoms: others)
        ]).entryBytes
    }

    /// One sample: the item header (size 144, key 1), then 136 little-endian bytes.
    static func sample(presentationNanoseconds ns: UInt64) -> [UInt8] {
        var w = ByteWriter()
        w.appendUInt32(UInt32(sampleSize))
        w.appendUInt32(1)
        var p = [UInt8](repeating: 0, count: sampleSize - 8)
        func put32(_ v: UInt32, _ at: Int) { for i in 0..<4 { p[at + i] = UInt8(truncatingIfNeeded: v >> (8 * i)) } }
        func put64(_ v: UInt64, _ at: Int) { for i in 0..<8 { p[at + i] = UInt8(truncatingIfNeeded: v >> (8 * i)) } }
        func putFloat(_ v: Float, _ at: Int) { put32(v.bitPattern, at) }
        put32(3, 0)  // version
        putFloat(0.02, 4)  // exposure time
        putFloat(1, 32)  // total zoom factor
        putFloat(1, 36)  // image gain
        p[40] = 4  // AF status
        p[42] = 0xFF  // presence flags 0x00FF (little-endian)
        put32(7, 64)  // V3 flags: homography, presenting and original presenting timestamps
        for (i, v) in [Float(1), 0, 0, 0, 1, 0, 0, 0, 1].enumerated() { putFloat(v, 68 + 4 * i) }
        put64(ns, 104)
        put64(ns, 112)
        w.append(p)
        return w.bytes
    }

    /// The track for `video`: its frames' presentation times (decode time plus composition offset, in order) become
    /// the samples' times, and the video's edit list is copied, so each sample is shown exactly with its frame.
    /// - Parameters:
    ///   - scale: what the movie timescale was multiplied by (edit durations scale with it).
    /// - Returns: the `trak` and the sample bytes, which go at `chunkOffset`.
    static func make(
        video: MovieTrack, trackID: UInt32, scale: UInt64, chunkOffset: UInt64, creationTime: UInt64, modificationTime: UInt64
    ) throws -> (trak: Atom, samples: [UInt8]) {
        let timescale = video.mediaHeader.timescale
        let times = try video.tables.presentationTimes(limit: 1_000_000).sorted()
        guard let first = times.first, timescale > 0 else { throw FormatError(.malformed, "the video has no frames") }
        // Sample durations: the gaps between frame times; the last keeps the video's last duration.
        var deltas: [UInt32] = []
        for (a, b) in zip(times, times.dropFirst()) { deltas.append(UInt32(clamping: b - a)) }
        deltas.append(video.tables.timeToSample.last?.delta ?? deltas.last ?? 1)
        var runs: [(count: UInt32, delta: UInt32)] = []
        for d in deltas {
            if let last = runs.last, last.delta == d { runs[runs.count - 1].count += 1 } else { runs.append((1, d)) }
        }
        // The video's edits, with media times moved by the first frame's time (the samples start at 0).
        var edits: [EditList.Entry] = []
        for e in video.editList?.entries ?? [] {
            let (duration, overflow) = e.segmentDuration.multipliedReportingOverflow(by: scale)
            guard !overflow else { throw FormatError(.malformed, "an edit is too long to rescale") }
            edits.append(.init(segmentDuration: duration, mediaTime: e.mediaTime < 0 ? e.mediaTime : e.mediaTime - first))
        }
        if edits.isEmpty, first != 0 {
            throw FormatError(.unsupported, "the video's first frame is at \(first) without an edit list")
        }
        var samples: [UInt8] = []
        samples.reserveCapacity(times.count * sampleSize)
        for t in times {
            let ns = UInt64(max(0, t)) * 1_000_000_000 / UInt64(timescale)
            samples += sample(presentationNanoseconds: ns)
        }
        let size = video.descriptions.first?.visualSize ?? (0, 0)
        let (trackDuration, overflow) = video.header.duration.multipliedReportingOverflow(by: scale)
        let trak = TimedMetadataTrackBuilder(
            trackID: trackID, videoTrackID: video.trackID, trackDuration: overflow ? video.header.duration : trackDuration, edits: edits,
            mediaTimescale: timescale, sampleEntry: sampleEntry(width: size.width, height: size.height), timeToSample: runs,
            sampleSize: sampleSize, sampleCount: times.count, chunkOffset: chunkOffset, creationTime: creationTime,
            modificationTime: modificationTime
        ).atom
        return (trak, samples)
    }
}

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
    /// True when `track` is a timed-metadata track whose keys include live-photo-info.
    static func matches(_ track: MovieTrack) -> Bool {
        track.isTimedMetadata && track.metadataKeys?.key(named: AppleTimedMetadata.livePhotoInfoKey) != nil
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
        for (a, b) in zip(times, times.dropFirst()) {
            let (gap, overflow) = b.subtractingReportingOverflow(a)
            deltas.append(overflow ? UInt32.max : UInt32(clamping: gap))
        }
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
            let (moved, movedOverflow) = e.mediaTime.subtractingReportingOverflow(first)
            guard e.mediaTime < 0 || !movedOverflow else { throw FormatError(.malformed, "an edit's media time is out of range") }
            edits.append(.init(segmentDuration: duration, mediaTime: e.mediaTime < 0 ? e.mediaTime : moved))
        }
        if edits.isEmpty, first != 0 {
            throw FormatError(.unsupported, "the video's first frame is at \(first) without an edit list")
        }
        var samples: [UInt8] = []
        samples.reserveCapacity(times.count * AppleTimedMetadata.livePhotoInfoSampleSize)
        for t in times {
            guard let ns = Self.nanoseconds(t, timescale: UInt64(timescale)) else {
                throw FormatError(.malformed, "a frame time of \(t) in timescale \(timescale) is past what nanoseconds can hold")
            }
            samples += AppleTimedMetadata.livePhotoInfoSample(presentationNanoseconds: ns)
        }
        let size = video.descriptions.first?.visualSize ?? (0, 0)
        let (trackDuration, overflow) = video.header.duration.multipliedReportingOverflow(by: scale)
        let trak = TimedMetadataTrackBuilder(
            trackID: trackID, videoTrackID: video.trackID, trackDuration: overflow ? video.header.duration : trackDuration, edits: edits,
            mediaTimescale: timescale, sampleEntry: AppleTimedMetadata.livePhotoInfoSampleEntry(width: size.width, height: size.height),
            timeToSample: runs,
            sampleSize: AppleTimedMetadata.livePhotoInfoSampleSize, sampleCount: times.count, chunkOffset: chunkOffset,
            creationTime: creationTime,
            modificationTime: modificationTime
        ).atom
        return (trak, samples)
    }

    /// `time` ticks of `timescale` in nanoseconds (0 for a negative time), or nil past 2^64 - 1: a header's times
    /// can be any 64-bit value.
    static func nanoseconds(_ time: Int64, timescale: UInt64) -> UInt64? {
        guard timescale > 0 else { return nil }
        let ticks = UInt64(max(0, time))
        let (whole, part) = ticks.quotientAndRemainder(dividingBy: timescale)
        let (wholeNs, overflow) = whole.multipliedReportingOverflow(by: 1_000_000_000)
        // part < timescale <= 2^32 (a 32-bit field), so part * 10^9 fits in 64 bits.
        let (sum, sumOverflow) = wholeNs.addingReportingOverflow(
            part.multipliedReportingOverflow(by: 1_000_000_000).partialValue / timescale)
        return overflow || sumOverflow ? nil : sum
    }
}

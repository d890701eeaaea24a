extension AppleTimedMetadata {
    /// The per-frame `live-photo-info` track for `video` (docs/formats/wallpaper.md#gates): one ``livePhotoInfoSample(presentationNanoseconds:)``
    /// per frame, at exactly the frame's time. Its frames' presentation times (decode time plus composition offset, in order) become
    /// the samples' times, and the video's edit list is copied, so each sample is shown exactly with its frame.
    /// - Parameters:
    ///   - video: the video track the samples follow.
    ///   - trackID: the new track's ID.
    ///   - scale: what the movie timescale was multiplied by (edit durations scale with it).
    ///   - chunkOffset: where the samples will be in the output file, in one chunk.
    ///   - creationTime: the track's creation time, seconds since 1904.
    ///   - modificationTime: the track's modification time, seconds since 1904.
    /// - Returns: the `trak` and the sample bytes, which go at `chunkOffset`.
    public static func livePhotoInfoTrack(
        for video: MovieTrack, trackID: UInt32, scale: UInt64, chunkOffset: UInt64, creationTime: UInt64, modificationTime: UInt64
    ) throws(FormatError) -> (trak: Atom, samples: [UInt8]) {
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
        if edits.isEmpty, first != 0 { throw firstFrameWithoutEditList(first) }
        var samples: [UInt8] = []
        samples.reserveCapacity(times.count * livePhotoInfoSampleSize)
        for t in times {
            guard let ns = Self.nanoseconds(t, timescale: UInt64(timescale)) else {
                throw FormatError(.malformed, "a frame time of \(t) in timescale \(timescale) is past what nanoseconds can hold")
            }
            samples += livePhotoInfoSample(presentationNanoseconds: ns)
        }
        let size = video.descriptions.first?.visualSize ?? (0, 0)
        let (trackDuration, overflow) = video.header.duration.multipliedReportingOverflow(by: scale)
        let trak = TimedMetadataTrackBuilder(
            trackID: trackID, videoTrackID: video.trackID, trackDuration: overflow ? video.header.duration : trackDuration, edits: edits,
            mediaTimescale: timescale, sampleEntry: livePhotoInfoSampleEntry(width: size.width, height: size.height),
            timeToSample: runs,
            sampleSize: livePhotoInfoSampleSize, sampleCount: times.count, chunkOffset: chunkOffset,
            creationTime: creationTime,
            modificationTime: modificationTime
        ).atom
        return (trak, samples)
    }

    /// Throws the ``FormatError/Kind/unsupported`` error ``livePhotoInfoTrack(for:trackID:scale:chunkOffset:creationTime:modificationTime:)``
    /// throws for `video` (a first frame after 0 without an edit list to place it), without building the track.
    public static func checkLivePhotoInfoPlacement(_ video: MovieTrack) throws(FormatError) {
        guard video.editList?.entries.isEmpty ?? true, video.mediaHeader.timescale > 0,
            let first = try? video.tables.presentationTimes(limit: 1_000_000).min(), first != 0
        else { return }
        throw firstFrameWithoutEditList(first)
    }

    static func firstFrameWithoutEditList(_ first: Int64) -> FormatError {
        FormatError(.unsupported, "the video's first frame is at \(first) without an edit list")
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

extension AppleTimedMetadata {
    /// A complete `still-image-time` `trak` in the iPhone's form (docs/formats/live-photo.md#still-image-time-track): one sample at media time 0,
    /// placed at `stillTime` by an empty edit (none when the still is at 0).
    /// - Parameters:
    ///   - trackID: the new track's ID.
    ///   - videoTrackID: the track the still belongs to (`tref cdsc`).
    ///   - stillTime: when the still is shown, in movie ticks.
    ///   - sampleDuration: how long the sample is shown, in movie ticks.
    ///   - chunkOffset: where the sample is in the output file.
    ///   - sampleSize: the sample's size in bytes.
    ///   - mediaTimescale: ``iPhoneStillImageTimeTimescale`` as on iPhones, or the video's when 600 cannot express the still time (readers
    ///     such as ffmpeg round the edit to the track's timescale).
    ///   - creationTime: the track's creation time, seconds since 1904.
    ///   - modificationTime: the track's modification time, seconds since 1904.
    /// - Returns: the `trak` box.
    public static func stillImageTimeTrack(
        trackID: UInt32, videoTrackID: UInt32, stillTime: UInt64, sampleDuration: UInt64,
        chunkOffset: UInt64, sampleSize: Int, mediaTimescale: UInt32, creationTime: UInt64, modificationTime: UInt64
    ) -> Atom {
        var edits: [EditList.Entry] = []
        if stillTime > 0 { edits.append(.init(segmentDuration: stillTime, mediaTime: -1)) }
        edits.append(.init(segmentDuration: sampleDuration, mediaTime: 0))
        return TimedMetadataTrackBuilder(
            trackID: trackID, videoTrackID: videoTrackID, trackDuration: stillTime + sampleDuration, edits: edits,
            mediaTimescale: mediaTimescale, sampleEntry: stillImageTimeSampleEntry, timeToSample: [(1, 1)],
            sampleSize: sampleSize, sampleCount: 1,
            chunkOffset: chunkOffset, creationTime: creationTime, modificationTime: modificationTime
        ).atom
    }
}

import MediaFormats

/// The timed-metadata track that tells Photos where the still sits in the movie (FORMAT.md §2.3), written
/// the way an iPhone writes it: one 1-tick `mebx` sample at media time 0, value -1, placed by an empty edit.
enum StillImageTimeTrack {
    /// The one sample: value -1 (as iPhones write it), an identity transform, and the video's coded size.
    static func sample(width: Int, height: Int) -> [UInt8] {
        AppleTimedMetadata.stillImageTimeSample(value: -1, width: width, height: height)
    }

    /// True when `track` is a timed-metadata track whose keys include still-image-time.
    static func matches(_ track: MovieTrack) -> Bool {
        track.isTimedMetadata && track.metadataKeys?.key(named: AppleTimedMetadata.stillImageTimeKey) != nil
    }

    /// A complete `trak`.
    /// - Parameters:
    ///   - trackID: the new track's ID.
    ///   - videoTrackID: the track the still belongs to (`tref cdsc`).
    ///   - stillTime: when the still is shown, in movie ticks.
    ///   - sampleDuration: how long the sample is shown, in movie ticks.
    ///   - chunkOffset: where the sample is in the output file.
    ///   - sampleSize: the sample's size in bytes.
    ///   - mediaTimescale: 600 as on iPhones, or the video's when 600 cannot express the still time (readers
    ///     such as ffmpeg round the edit to the track's timescale).
    static func trak(
        trackID: UInt32, videoTrackID: UInt32, stillTime: UInt64, sampleDuration: UInt64,
        chunkOffset: UInt64, sampleSize: Int, mediaTimescale: UInt32, creationTime: UInt64, modificationTime: UInt64
    ) -> Atom {
        var edits: [EditList.Entry] = []
        if stillTime > 0 { edits.append(.init(segmentDuration: stillTime, mediaTime: -1)) }
        edits.append(.init(segmentDuration: sampleDuration, mediaTime: 0))
        return TimedMetadataTrackBuilder(
            trackID: trackID, videoTrackID: videoTrackID, trackDuration: stillTime + sampleDuration, edits: edits,
            mediaTimescale: mediaTimescale, sampleEntry: AppleTimedMetadata.stillImageTimeSampleEntry, timeToSample: [(1, 1)],
            sampleSize: sampleSize, sampleCount: 1,
            chunkOffset: chunkOffset, creationTime: creationTime, modificationTime: modificationTime
        ).atom
    }
}

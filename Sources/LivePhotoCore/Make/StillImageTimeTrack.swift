import MediaFormats

/// The timed-metadata track that tells Photos where the still sits in the movie (docs/formats/live-photo.md#still-image-time-track), written
/// the way an iPhone writes it: one 1-tick `mebx` sample at media time 0, value -1, placed by an empty edit.
package enum StillImageTimeTrack {
    /// The one sample: value -1 (as iPhones write it), an identity transform, and the video's coded size.
    package static func sample(width: Int, height: Int) -> [UInt8] {
        AppleTimedMetadata.stillImageTimeSample(value: -1, width: width, height: height)
    }

    /// True when `track` is a timed-metadata track whose keys include still-image-time.
    package static func matches(_ track: MovieTrack) -> Bool {
        track.isTimedMetadata && track.metadataKeys?.key(named: AppleTimedMetadata.stillImageTimeKey) != nil
    }
}

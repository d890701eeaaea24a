import MediaFormats

/// The timed-metadata track that tells Photos where the still sits in the movie (FORMAT.md §2.3), written
/// the way an iPhone writes it: one 1-tick `mebx` sample at media time 0, value -1, placed by an empty edit.
enum StillImageTimeTrack {
    static let stillImageTimeKey = "com.apple.quicktime.still-image-time"
    static let transformKey = "com.apple.quicktime.live-photo-still-image-transform"
    static let referenceDimensionsKey = "com.apple.quicktime.live-photo-still-image-transform-reference-dimensions"
    /// The media timescale iPhones use for these tracks.
    static let iPhoneMediaTimescale: UInt32 = 600

    /// The sample entry: the three keys of a real capture, with their well-known data types
    /// (65 int8, 83 3×3 float64 transform, 71 float32 dimensions).
    static var sampleEntry: [UInt8] {
        TimedMetadataSampleEntry(keys: [
            .init(localID: 1, name: stillImageTimeKey, wellKnownType: 65),
            .init(localID: 2, name: transformKey, wellKnownType: 83),
            .init(localID: 3, name: referenceDimensionsKey, wellKnownType: 71),
        ]).entryBytes
    }

    /// The 105-byte sample: still-image-time -1, an identity transform, and the video's coded size.
    static func sample(width: Int, height: Int) -> [UInt8] {
        var w = ByteWriter()
        w.appendUInt32(9); w.appendUInt32(1); w.appendUInt8(0xFF)
        w.appendUInt32(80); w.appendUInt32(2)
        for v: Double in [1, 0, 0, 0, 1, 0, 0, 0, 1] { w.appendUInt64(v.bitPattern) }
        w.appendUInt32(16); w.appendUInt32(3)
        w.appendUInt32(Float(width).bitPattern)
        w.appendUInt32(Float(height).bitPattern)
        return w.bytes
    }

    /// True when `track` is a timed-metadata track whose keys include still-image-time.
    static func matches(_ track: MovieTrack) -> Bool {
        track.isTimedMetadata && track.metadataKeys?.key(named: stillImageTimeKey) != nil
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
            mediaTimescale: mediaTimescale, sampleEntry: sampleEntry, timeToSample: [(1, 1)], sampleSize: sampleSize, sampleCount: 1,
            chunkOffset: chunkOffset, creationTime: creationTime, modificationTime: modificationTime
        ).atom
    }
}

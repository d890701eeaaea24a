import MediaFormats

/// The per-frame `live-photo-info` timed-metadata track that the lock screen's "settling" effect needs
/// (docs/formats/wallpaper.md#gates): one 144-byte version-3 sample per video frame, at exactly the video's
/// frame times, and a key carrying `setu{cfgv, dims}` and `ctps` as real captures do.
///
/// The values inside the samples are chosen from what real captures hold: version 3, exposure 1/50 s, zoom and gain
/// 1, AF status 4, presence flags 0x00FF, no faces, V3 flags 7 (trajectory homography, presenting and original
/// presenting timestamps), an identity homography (no camera motion to undo), and each frame's presentation time
/// in nanoseconds. The working generators copy one real sample for every frame, so iOS checks presence, version,
/// timing and `setu`, not plausibility.
package enum LivePhotoInfoTrack {
    /// True when `track` is a timed-metadata track whose keys include live-photo-info.
    package static func matches(_ track: MovieTrack) -> Bool {
        track.isTimedMetadata && track.metadataKeys?.key(named: AppleTimedMetadata.livePhotoInfoKey) != nil
    }
}

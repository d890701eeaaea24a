import FuzzSupport

@testable import MediaFormats

/// ISO-BMFF and QuickTime boxes: the box dump (`inspect --boxes`), the movie, its tracks' sample tables, edit lists,
/// timed-metadata keys, sound descriptions rewritten for MP4, a range of it cut out as `edit --trim` does, and the
/// movie rewritten as `make`, `split` and `convert` rewrite one (``MovieRewrite``), read back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let file = FuzzFile.with(data, size) else { return 0 }
    _ = try? BoxWalker.walk(file, maxBoxes: 2000)
    guard let movie = try? Movie(file: file) else { return 0 }
    _ = movie.durationSeconds
    _ = movie.videoTrack?.descriptions.first?.visualSize
    for track in movie.tracks {
        _ = track.editList?.entries.count
        _ = track.metadataKeys?.keys.count
        // The sound description in its MP4 form (QuickTime's 'wave' and version-2 layouts read).
        if track.isAudio { _ = try? ISOAudioSampleEntry.isoTrack(track.atom) }
        if let schedule = try? track.presentationSchedule(movieTimescale: movie.header.timescale, limit: 10_000) {
            for entry in schedule.prefix(64) {
                if let location = try? track.tables.sampleLocation(entry.sample), location.size <= 4096,
                    let offset = Int64(exactly: location.offset), let bytes = try? file.read(at: offset, count: Int(location.size))
                {
                    _ = try? TimedMetadataSampleEntry.items(inSample: bytes)
                }
            }
        }
    }
    if let meta = movie.metadata {
        _ = meta.value(for: "com.apple.quicktime.content.identifier")
        _ = OpenHarmonyMovieMetadata.coverTimeMilliseconds(in: meta)
    }
    // edit's cut: the tables of a range of samples, and the bytes they need.
    if let (cut, _) = try? movie.cut(from: 0.1, to: 0.6, droppingTracks: Set(movie.tracks.filter(\.isAudio).map(\.trackID))) {
        _ = try? cut.chunkOffsetsCopyingUsedChunks(at: FileTypeBox.quickTime.quickTimePayloadOffset)
        _ = cut.moov.serialized()
    }
    // edit's mute: the sound tracks removed, the rest read back.
    let sound = Set(movie.tracks.filter(\.isAudio).map(\.trackID))
    if !sound.isEmpty, let muted = try? movie.removingTracks(sound), muted.tracks.contains(where: \.isAudio) {
        fatalError("removing the sound tracks left one")
    }
    // The start make and split write before the samples: its length is the payload offset they plan with.
    let start = FileTypeBox.quickTime.movieStart(payloadSize: UInt64(file.size))
    guard Int64(start.count) == FileTypeBox.quickTime.quickTimePayloadOffset else { fatalError("a QuickTime movie's start moved") }
    // A large movie's media data put at its input's place in a page: the start's length is that offset, the gap a box.
    if let payload = movie.mediaDataBoxes.first?.payloadOffset {
        let offset = FileTypeBox.quickTime.quickTimePayloadOffset(aligningWith: payload)
        let padded = FileTypeBox.quickTime.movieStart(payloadSize: UInt64(file.size), payloadOffset: offset)
        guard Int64(padded.count) == offset, offset % 4096 == payload % 4096 || offset == FileTypeBox.quickTime.quickTimePayloadOffset
        else { fatalError("an aligned start of \(padded.count) bytes for a payload at \(payload)") }
    }
    fuzzRewrites(movie, file: file)
    _ = movie.moov.serialized()
    return 0
}

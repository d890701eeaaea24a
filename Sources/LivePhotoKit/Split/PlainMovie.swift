import MediaFormats

/// A movie with its Live Photo parts taken out (the content identifier and the still-image-time track), or
/// the same samples in an MP4 for a Motion Photo. Media data is copied byte for byte; only `moov` is rewritten.
struct PlainMovie {
    enum Container {
        /// The input's own brands (QuickTime: `ftyp qt` · `wide` · `mdat` · `moov`).
        case sameAsInput
        /// MP4 for Android (`ftyp mp42`, `isom`): video and audio only, without Apple's timed metadata.
        case mp4
    }

    let source: RandomAccessFile
    let prefix: [UInt8]
    let payloads: [(offset: Int64, length: Int64)]
    let moov: [UInt8]
    /// The still's time in the movie, when it had one.
    var coverSeconds: Double?
    /// The cover's frame, counted from 0 in presentation order, when the movie had a still time.
    var coverFrameIndex: Int?
    /// The video's length in seconds.
    var videoDuration: Double = 0
    /// MP4: audio formats no MP4 player decodes (QuickTime's LPCM), which must be encoded before the movie can be one.
    var audioNeedingEncoding: [String] = []
    /// The movie's `com.apple.quicktime.content.identifier`, if any.
    let identifier: String?
    /// The video's codec (`h264`, `hevc`, …).
    let videoCodec: String
    var removed: [String]

    var copiedBytes: Int64 { payloads.reduce(0) { $0 + $1.length } }
    var size: Int64 { Int64(prefix.count) + copiedBytes + Int64(moov.count) }

    /// - Parameter keepsIdentifier: leave the content identifier in the movie's metadata (a Motion Photo keeps it, so
    ///   that it can become the same Live Photo again); a plain movie never does.
    /// - Parameter settingKeys: movie-level `mdta` values to write (a maker's cover time), added to the movie's
    ///   metadata or in a new `meta` box.
    static func plan(
        source: RandomAccessFile, container: Container, keepsIdentifier: Bool = false, settingKeys: [String: QuickTimeMetadata.Value] = [:],
        coverSeconds: Double? = nil
    ) throws(LivePhotoError) -> PlainMovie {
        let path = source.path
        let movie = try naming(path) { try Movie(file: source) }
        let facts = MovieFacts(movie: movie)
        guard facts.video != nil else { throw .unsupported(file: path, reason: "the movie has no video track") }
        let cover = coverSeconds ?? facts.stillImageTimeTracks.first.flatMap { facts.stillImageTime($0, file: source) }?.seconds
        var removed: [String] = []
        let dropped = Set(
            movie.tracks.filter { track in
                container == .mp4 ? track.hasTimedMetadataEntries : StillImageTimeTrack.matches(track)
            }.map(\.trackID))
        if !facts.stillImageTimeTracks.isEmpty { removed.append("still-image-time track") }
        if container == .mp4, dropped.count > facts.stillImageTimeTracks.count { removed.append("Apple timed-metadata tracks") }

        let mdats = movie.mediaDataBoxes
        guard !mdats.isEmpty else { throw .badInput(file: path, reason: "the movie has no media data ('mdat')") }
        let total = mdats.reduce(Int64(0)) { $0 + $1.payloadSize }
        // A plain movie keeps the input's brands (an MP4 stays an MP4); a Motion Photo's is an MP4.
        let ftyp = container == .sameAsInput ? movie.fileType ?? .quickTime : .mp4
        var w = ByteWriter()
        w.append(ftyp.movieStart(payloadSize: UInt64(total)))
        let (offsets, _) = try naming(path) { try movie.chunkOffsetsJoiningMediaData(at: Int64(w.bytes.count), dropping: dropped) }

        var parts: [MovieBoxPart] = []
        var audioNeedingEncoding: [String] = []
        for part in movie.movieBoxParts {
            switch part {
            case .track(let trak, let track?):
                guard !dropped.contains(track.trackID) else { continue }
                let chunkOffsets = offsets[track.trackID] ?? []
                var rewritten = try naming(path) { try MovieTrack.rewritten(trak, chunkOffsets: chunkOffsets, timescaleFactor: 1) }
                if container == .mp4, track.isAudio {
                    // QuickTime's sound descriptions as ISO ones: MP4 players drop AAC whose 'esds' sits in a 'wave' box.
                    let (iso, needs) = try naming(path) { try ISOAudioSampleEntry.isoTrack(rewritten) }
                    rewritten = iso
                    audioNeedingEncoding += needs.map(\.description)
                }
                parts.append(.track(rewritten, track))
            case .metadata(let meta) where QuickTimeMetadata.isQuickTimeMetadata(meta) && (!keepsIdentifier || !settingKeys.isEmpty):
                var metadata = try naming(path) { try QuickTimeMetadata(meta: meta) }
                var changed = false
                if !keepsIdentifier, metadata.removeKey(AppleMovieMetadata.contentIdentifierKey) {
                    removed.append("content identifier")
                    changed = true
                }
                for (key, value) in settingKeys.sorted(by: { $0.key < $1.key }) {
                    metadata.set(value, for: key)
                    changed = true
                }
                parts.append(changed ? .metadata(metadata.replacingKeysAndItems(in: meta)) : part)
            default:
                parts.append(part)
            }
        }
        if !settingKeys.isEmpty, !parts.contains(where: { if case .metadata = $0 { true } else { false } }) {
            parts = try naming(path) { try MovieBoxPart.settingUserDataKeys(settingKeys, in: parts) }
        }
        let moov = movie.movieBox(parts)
        let coverFrame = cover.flatMap { cover in
            ((try? facts.frameTimes()) ?? []).map(facts.seconds).sorted().lastIndex { $0 <= cover + 1e-6 }
        }
        return PlainMovie(
            source: source, prefix: w.bytes, payloads: mdats.map { ($0.payloadOffset, $0.payloadSize) }, moov: moov.serialized(),
            coverSeconds: cover, coverFrameIndex: coverFrame, videoDuration: facts.videoDuration,
            audioNeedingEncoding: audioNeedingEncoding,
            identifier: facts.contentIdentifier, videoCodec: facts.video.map { CodecName.of($0.format) } ?? "",
            removed: removed)
    }

    func write(to out: StagedFile, progress: (Int64) -> Void) throws(LivePhotoError) {
        try out.write(prefix)
        for p in payloads { try out.copy(from: source, offset: p.offset, length: p.length, progress: progress) }
        try out.write(moov)
    }
}

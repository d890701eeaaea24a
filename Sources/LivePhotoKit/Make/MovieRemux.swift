import MediaFormats

/// A Live Photo movie made from an H.264 or HEVC movie without decoding anything: the media data is
/// copied verbatim, the header is rewritten (docs/formats/live-photo.md#the-movie).
///
/// Output layout, as iPhones write it: `ftyp qt` · `wide` · `mdat` (every input `mdat` payload in order,
/// then the still-image-time sample) · `moov` · any other top-level boxes of the input, verbatim.
struct MovieRemux {

    let source: RandomAccessFile
    let prefix: [UInt8]
    let payloads: [(offset: Int64, length: Int64)]
    let appended: [UInt8]
    let moov: [UInt8]
    let trailing: [BoxHeader]
    /// Where the still is, in seconds on the movie timeline.
    let coverSeconds: Double
    /// True when the input's own still-image-time track was kept unchanged.
    let keptExistingStillTime: Bool
    /// Where to seek to decode exactly the cover frame (see ``StillPlacement/seekTime(for:facts:)``).
    let coverSeekSeconds: Double
    /// The video's length on the movie timeline, its keyframe times and its codec, for trimming.
    let videoDuration: Double
    let keyframeTimes: [Double]
    /// Every video frame's time on the movie timeline, in order (for the wallpaper gates).
    let frameTimes: [Double]
    let videoCodec: String
    let frameCount: Int
    /// What an edit's cut kept, on the input's timeline, when the movie was cut.
    var cut: MovieCutReport?

    /// The typical gap between frames, in seconds.
    var frameInterval: Double {
        keyframeTimes.count > 0 && videoDuration > 0 ? max(0.001, videoDuration / Double(max(1, frameCount))) : 1.0 / 30
    }

    /// Bytes copied from the input (what progress counts).
    var copiedBytes: Int64 { payloads.reduce(0) { $0 + $1.length } + trailing.reduce(0) { $0 + $1.size } }

    /// The media data from which a page-aligned copy is worth a `free` box of up to 4 KB.
    static let alignedCopyMinimum: Int64 = 16 << 20

    /// Plans the output for `source`.
    /// - Parameters:
    ///   - identifier: the content identifier to store.
    ///   - cover: the cover time; without one, an existing still-image-time is kept, else the middle frame is taken.
    /// - Parameter wallpaper: add a `live-photo-info` track when the movie has none (docs/formats/wallpaper.md#gates).
    /// - Parameter edit: the range to keep and whether the sound goes; the cover is then a time on the input's
    ///   timeline, and only the bytes of the samples kept are copied.
    static func plan(
        source: RandomAccessFile, identifier: ContentIdentifier, cover: CoverRequest, wallpaper: Bool = true, edit: MovieEdit? = nil
    )
        throws(LivePhotoError) -> MovieRemux
    {
        let path = source.path
        var movie = try naming(path) { try Movie(file: source) }
        var cover = cover
        var cut: MovieCutReport?
        if let edit {
            (movie, cut) = try edit.apply(to: movie, file: path)
            if let cut, let seconds = cover.seconds {
                let shifted = seconds - cut.startSeconds
                guard shifted > -0.0005, shifted < cut.durationSeconds else {
                    throw .invalidArgument(
                        "the key photo at \(CoverTime.format(seconds)) s lies outside the range kept (\(CoverTime.format(cut.startSeconds)) "
                            + "to \(CoverTime.format(cut.startSeconds + cut.durationSeconds)) s); give --key-photo inside it")
                }
                cover.seconds = max(0, shifted)
            }
        }
        let facts = MovieFacts(movie: movie)
        guard let video = facts.video else { throw .unsupported(file: path, reason: "the movie has no video track") }
        guard CodecName.isH264OrHEVC(video.format) else {
            throw .unsupported(
                file: path,
                reason:
                    "the video codec is '\(CodecName.of(video.format))'; only H.264 and HEVC can become a Live Photo without re-encoding"
            )
        }
        let mdats = movie.mediaDataBoxes
        guard !mdats.isEmpty else { throw .badInput(file: path, reason: "the movie has no media data ('mdat')") }

        let placement = try StillPlacement.decide(cover: cover, facts: facts, video: video, file: source)
        let newOffsets: [UInt32: [UInt64]], payloadTotal: Int64
        var payloads = mdats.map { (offset: $0.payloadOffset, length: $0.payloadSize) }
        // Where the media data starts: after `ftyp qt` and the `mdat` header, as an iPhone lays it out; for a large
        // movie, after a `free` box that puts it at the input's place in a page too, so that the copy moves whole
        // pages (a third faster). An edit's copy starts at a chunk: no such gain.
        let aligns = edit == nil && mdats.reduce(Int64(0)) { $0 + $1.payloadSize } >= alignedCopyMinimum
        let payloadStart =
            aligns
            ? FileTypeBox.quickTime.quickTimePayloadOffset(aligningWith: source.fileOffset(mdats[0].payloadOffset))
            : FileTypeBox.quickTime.quickTimePayloadOffset
        if edit == nil {
            (newOffsets, payloadTotal) = try naming(path) {
                try movie.chunkOffsetsJoiningMediaData(at: payloadStart, dropping: placement.removedTrackIDs)
            }
        } else {
            (newOffsets, payloads, payloadTotal) = try naming(path) {
                try movie.chunkOffsetsCopyingUsedChunks(at: payloadStart, dropping: placement.removedTrackIDs)
            }
        }
        var header = movie.header
        let (keepExisting, stillTicks, scale) = (placement.keepsExisting, placement.stillTicks, placement.scale)
        let removedIDs = placement.removedTrackIDs

        // The new track and its sample.
        var appended: [UInt8] = []
        var newTrack: Atom?
        let sampleDuration = max(1, UInt64(header.timescale) * scale / UInt64(placement.trackTimescale))
        let (stillEnd, endOverflow) = stillTicks.addingReportingOverflow(sampleDuration)
        guard !endOverflow else { throw .badInput(file: path, reason: "the still time is out of range") }
        let maxID = movie.tracks.map(\.trackID).max() ?? 0
        guard maxID < UInt32.max - 1 else { throw .badInput(file: path, reason: "track IDs are exhausted") }
        let candidateID = max(header.nextTrackID, maxID + 1)
        let newTrackID = candidateID < UInt32.max ? candidateID : maxID + 1
        if !keepExisting {
            let size = video.descriptions.first?.visualSize ?? (0, 0)
            appended = StillImageTimeTrack.sample(width: size.width, height: size.height)
            newTrack = AppleTimedMetadata.stillImageTimeTrack(
                trackID: newTrackID, videoTrackID: video.trackID, stillTime: stillTicks, sampleDuration: sampleDuration,
                chunkOffset: UInt64(payloadStart + payloadTotal), sampleSize: appended.count, mediaTimescale: placement.trackTimescale,
                creationTime: header.creationTime, modificationTime: header.modificationTime)
        }

        // The per-frame live-photo-info track, when the movie has none: its samples follow the still's.
        var infoTrack: Atom?
        let hasInfoTrack = movie.tracks.contains { LivePhotoInfoTrack.matches($0) && !removedIDs.contains($0.trackID) }
        let infoTrackID = newTrack == nil ? newTrackID : newTrackID + 1
        if wallpaper, !hasInfoTrack, infoTrackID < UInt32.max {
            let offset = UInt64(payloadStart + payloadTotal) + UInt64(appended.count)
            let (trak, samples) = try naming(path) {
                try AppleTimedMetadata.livePhotoInfoTrack(
                    for: video, trackID: infoTrackID, scale: scale, chunkOffset: offset, creationTime: header.creationTime,
                    modificationTime: header.modificationTime)
            }
            infoTrack = trak
            appended += samples
        }

        // The new moov.
        var parts: [MovieBoxPart] = []
        for part in movie.movieBoxParts {
            switch part {
            case .header:
                continue
            case .track(let trak, let track?):
                guard !removedIDs.contains(track.trackID) else { continue }
                let offsets = newOffsets[track.trackID] ?? []
                parts.append(
                    .track(try naming(path) { try MovieTrack.rewritten(trak, chunkOffsets: offsets, timescaleFactor: scale) }, track))
            default:
                parts.append(part)
            }
        }
        for (track, id) in [(infoTrack, infoTrackID), (newTrack, newTrackID)] {
            guard let track else { continue }
            parts = Movie.inserting(tracks: [track], into: parts)
            header.nextTrackID = max(header.nextTrackID, id + 1)
        }
        header.timescale = UInt32(UInt64(header.timescale) * scale)
        header.duration = max(try naming(path) { try scaled(header.duration, scale) }, keepExisting ? 0 : stillEnd)
        parts.insert(.header(header.atom), at: 0)
        parts = try setIdentifier(identifier, in: parts, file: path)
        let moov = movie.movieBox(parts)

        // ftyp and the mdat header.
        let prefix = FileTypeBox.quickTime.movieStart(
            payloadSize: UInt64(payloadTotal) + UInt64(appended.count), payloadOffset: payloadStart)

        return MovieRemux(
            source: source, prefix: prefix, payloads: payloads, appended: appended,
            moov: moov.serialized(), trailing: movie.otherTopLevelBoxes,
            coverSeconds: placement.coverSeconds, keptExistingStillTime: keepExisting,
            coverSeekSeconds: StillPlacement.seekTime(for: placement.coverSeconds, facts: facts),
            videoDuration: facts.videoDuration, keyframeTimes: keyframes(video, facts: facts),
            frameTimes: ((try? facts.frameTimes()) ?? []).map(facts.seconds),
            videoCodec: CodecName.of(video.format),
            frameCount: Int(video.tables.sampleCount), cut: cut)
    }

    /// Streams the output into `out`.
    func write(to out: StagedFile, progress: (Int64) -> Void) throws(LivePhotoError) {
        try out.write(prefix)
        for p in payloads { try out.copy(from: source, offset: p.offset, length: p.length, progress: progress) }
        try out.write(appended)
        try out.write(moov)
        for box in trailing { try out.copy(from: source, offset: box.offset, length: box.size, progress: progress) }
    }

    /// Stores the identifier in the movie-level `meta` (creating it, QuickTime-style, when absent), and the
    /// vitality keys when the movie has none. Real iOS 18 and 26 captures carry these two (docs/formats/live-photo.md#movie-metadata), and so
    /// do the tools whose Live Photos work as wallpapers: a score of 1.0 and scoring version 4, unless the movie
    /// has its own.
    static func setIdentifier(_ id: ContentIdentifier, in parts: [MovieBoxPart], file: String) throws(LivePhotoError) -> [MovieBoxPart] {
        var parts = parts
        func tag(_ metadata: inout QuickTimeMetadata) {
            metadata.setString(id.rawValue, for: AppleMovieMetadata.contentIdentifierKey)
            for (key, value) in AppleMovieMetadata.capturedVitality where metadata.value(for: key) == nil { metadata.set(value, for: key) }
        }
        guard let i = parts.firstIndex(where: { if case .metadata = $0 { true } else { false } }) else {
            var metadata = QuickTimeMetadata()
            tag(&metadata)
            parts.append(.metadata(metadata.metaAtom))
            return parts
        }
        let meta = parts[i].atom
        guard QuickTimeMetadata.isQuickTimeMetadata(meta) else {
            throw .unsupported(file: file, reason: "the movie-level 'meta' box is not QuickTime 'mdta' metadata")
        }
        var metadata = try naming(file) { try QuickTimeMetadata(meta: meta) }
        tag(&metadata)
        parts[i] = .metadata(metadata.replacingKeysAndItems(in: meta))
        return parts
    }

    /// Presentation times of the video's sync samples, sorted.
    static func keyframes(_ video: MovieTrack, facts: MovieFacts) -> [Double] {
        guard let schedule = try? video.presentationSchedule(movieTimescale: facts.movie.header.timescale) else { return [] }
        let sync = video.tables.syncSamples.map { Set($0.map { Int($0) - 1 }) }
        return schedule.filter { sync?.contains($0.sample) ?? true }.map { facts.seconds($0.time) }.sorted()
    }

    /// `value × scale`, or an error when a duration is too large to rescale.
    static func scaled(_ value: UInt64, _ scale: UInt64) throws -> UInt64 {
        let (product, overflow) = value.multipliedReportingOverflow(by: scale)
        guard !overflow else { throw FormatError(.malformed, "a duration of \(value) is too large to rescale") }
        return product
    }

    static func lcm(_ a: UInt64, _ b: UInt64) -> UInt64 {
        func gcd(_ x: UInt64, _ y: UInt64) -> UInt64 { y == 0 ? x : gcd(y, x % y) }
        guard a > 0, b > 0 else { return max(a, b) }
        let (product, overflow) = (a / gcd(a, b)).multipliedReportingOverflow(by: b)
        return overflow ? UInt64.max : product
    }
}

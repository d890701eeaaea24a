import LivePhotoMedia
import MediaFormats
internal import PortableFoundation

/// A Live Photo movie with its still-image-time track (every camera's) turned upright in place
/// (docs/guide/repair.md#turning-movies-upright): its video, and the auxiliary `auxv` tracks of its pictures, are
/// encoded again with their frames turned upright and take the old tracks' places (their IDs, flags, references,
/// track-level metadata and edit lists); every other track (the sound, the timed metadata), the movie's metadata and
/// the still time are copied as they are; the still-image transform and the video orientation are turned with the
/// frames. The camera's per-frame `live-photo-info` samples are kept as recorded: their layout is not known for every
/// iOS version, so their numbers stay in the stored frames' orientation.
enum RepairRotationSplice {
    /// The tracks a bake encodes again, read from the movie as the writer reads them.
    struct Turned {
        /// The video shown turned by its matrix.
        var video: MovieTrack
        /// The auxiliary `auxv` video tracks of its pictures (depth, mattes: a recent iPhone writes four), stored as its
        /// frames are and turned with them.
        var auxiliaries: [MovieTrack]
        /// Clockwise quarter turns from the stored frames to the upright ones.
        var clockwiseQuarterTurns: Int
        /// Whether the movie has a `live-photo-info` track, kept as recorded.
        var hasLivePhotoInfo: Bool

        /// What the repair writes, in words.
        var summary: String {
            var text = "encode the video again with its frames upright (lossy)"
            if !auxiliaries.isEmpty {
                let ids = auxiliaries.map { String($0.trackID) }.joined(separator: ", ")
                text += ", and its \(auxiliaries.count) auxiliary video track\(auxiliaries.count == 1 ? "" : "s") (\(ids)) with it"
            }
            text += "; every other track, the sound, the metadata and the still time kept as they are, "
            text += "the still-image transform and the video orientation turned with the frames"
            if hasLivePhotoInfo { text += ", the camera's live-photo-info samples as recorded" }
            return text
        }
    }

    /// What a bake turns in `movie`: nil when its video is not shown turned a quarter, a half or three quarters.
    static func turned(_ movie: Movie) -> Turned? {
        guard let video = movie.videoTrack, let degrees = video.header.rotationDegrees, degrees % 360 != 0 else { return nil }
        // An auxiliary track holds pictures of the video that names it (`tref vmap`), or of the movie's one video.
        let auxiliaries = movie.tracks.filter { track in
            guard track.isAuxiliaryVideo else { return false }
            let named = track.referencedTrackIDs
            return named.isEmpty || named.contains(video.trackID)
        }
        let hasInfo = movie.tracks.contains { $0.metadataKeys?.key(named: AppleTimedMetadata.livePhotoInfoKey) != nil }
        return Turned(video: video, auxiliaries: auxiliaries, clockwiseQuarterTurns: degrees / 90, hasLivePhotoInfo: hasInfo)
    }

    /// Writes the movie turned upright into `out`, with the identifier of `changes` when it sets one.
    static func write(_ input: InputFile, _ changes: RepairEdit.MovieChanges, ffmpegPath: String?, to out: StagedFile)
        async throws(LivePhotoError)
    {
        let path = input.path
        let movie: Movie
        do throws(FormatError) { movie = try Movie(file: input.file) } catch { throw LivePhotoError.wrap(error, file: path) }
        guard let turned = turned(movie) else {
            throw .unsupported(file: path, reason: "its video is no longer shown turned by its track's matrix")
        }
        let folder = try RepairWorkFolder(ffmpegPath: ffmpegPath)
        defer { folder.remove() }
        let (work, tool) = (folder.path, folder.ffmpeg)

        var replacements: [UInt32: MovieRewrite.TrackReplacement] = [:]
        for track in [turned.video] + turned.auxiliaries {
            let encoded = "\(work)/track-\(track.trackID).mov"
            let name = track.trackID == turned.video.trackID ? "the video made upright" : "auxiliary track \(track.trackID) made upright"
            do {
                try await tool.encodeTrack(
                    path, trackID: track.trackID, turnedClockwise: turned.clockwiseQuarterTurns,
                    codec: CodecName.of(track.format) == "hevc" ? .hevc : .h264, timescale: track.mediaHeader.timescale,
                    to: encoded, duration: track.durationSeconds(movieTimescale: movie.header.timescale),
                    shouldStop: { InterruptHandling.requested })
            } catch {
                throw MediaSteps.wrap(error, file: path).renamingFile(encoded, as: name)
            }
            replacements[track.trackID] = try naming(name) { () throws -> MovieRewrite.TrackReplacement in
                let file = try RandomAccessFile(path: encoded)
                guard let video = try Movie(file: file).videoTrack else { throw FormatError(.malformed, "ffmpeg wrote no video track") }
                return try MovieRewrite.TrackReplacement(track: video, in: file, clockwiseQuarterTurns: turned.clockwiseQuarterTurns)
            }
        }

        let file = input.file
        let layout = try naming(path) { () throws -> MovieLayout in
            var rewrite = try MovieRewrite(movie: movie, fileType: movie.fileType.flatMap { $0.isQuickTime ? $0 : nil } ?? .quickTime)
            rewrite.mediaData = .usedChunks
            rewrite.keepsOtherTopLevelBoxes = true
            rewrite.replacedTracks = replacements
            if let identifier = changes.identifier {
                rewrite.metadata = MovieRewrite.MetadataEdit(
                    setting: [(AppleMovieMetadata.contentIdentifierKey, .utf8(identifier.rawValue))], newMetadataPlace: .movieBox,
                    refusesOtherMetadata: true)
            }
            // The lock screen's track, as a baked movie always gets one: made for the new frames when the movie had none.
            if !turned.hasLivePhotoInfo, (try? AppleTimedMetadata.checkLivePhotoInfoPlacement(turned.video)) != nil {
                rewrite.livePhotoInfoVideo = turned.video
                rewrite.updatesHeader = true
            }
            try rewrite.checkSupported()
            let overlays = try turnedSamples(movie, in: file, turns: turned.clockwiseQuarterTurns, frames: turned.video)
            return try rewrite.layout(sourceOffset: file.fileOffset(0)).overlaying(overlays)
        }
        try out.write(layout.pieces, from: file)
    }

    /// The samples of the timed-metadata tracks that describe the frames (the still-image transform and its reference
    /// dimensions, the video orientation), turned with them.
    static func turnedSamples(_ movie: Movie, in file: RandomAccessFile, turns: Int, frames video: MovieTrack) throws -> [MovieLayout
        .Overlay]
    {
        let turnedKeys = [
            AppleTimedMetadata.transformKey, AppleTimedMetadata.referenceDimensionsKey, AppleTimedMetadata.videoOrientationKey,
        ]
        let size = video.descriptions.first?.visualSize ?? (0, 0)
        var overlays: [MovieLayout.Overlay] = []
        for track in movie.tracks {
            guard let keys = track.metadataKeys, turnedKeys.contains(where: { keys.key(named: $0) != nil }) else { continue }
            // These tracks hold a sample or a few; a per-frame track of another kind is not among them.
            let count = min(Int(track.tables.sampleCount), 10_000)
            for index in 0..<count {
                let location = try track.tables.sampleLocation(index)
                guard location.size <= 65536, let offset = Int64(exactly: location.offset) else {
                    throw FormatError(.malformed, "track \(track.trackID) has a sample of \(location.size) bytes")
                }
                let sample = try file.read(at: offset, length: location.size)
                let turned = try AppleTimedMetadata.turning(sample, keys: keys, clockwiseQuarterTurns: turns, frameSize: size)
                if turned != sample { overlays.append(MovieLayout.Overlay(sourceOffset: offset, bytes: turned)) }
            }
        }
        return overlays
    }
}

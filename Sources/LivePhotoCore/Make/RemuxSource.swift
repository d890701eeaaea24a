import MediaFormats

/// A movie read for `make` before any byte of the output is planned: what the cover, a trim and the wallpaper gates
/// are decided from. One is read for each file the movie comes from (the input, or the copy ffmpeg made of it, which
/// is another movie with frames of its own); ``MovieRemux/plan(_:placement:)`` then plans the output once, from the
/// last, with the cover decided.
package struct RemuxSource {
    package let file: RandomAccessFile
    /// The movie, with the edit made (its chunk offsets still pointing into `file`).
    package let movie: Movie
    package let facts: MovieFacts
    package let video: MovieTrack
    /// The rewrite of `movie` that changes nothing yet (made once the movie is known to have media data).
    package let unchanged: MovieRewrite
    /// `edit`'s changes, and what its cut kept, on the input's timeline.
    package let edit: MovieEdit?
    package let cut: MovieCutReport?
    package let identifier: ContentIdentifier
    /// Add a `live-photo-info` track when the movie has none (docs/formats/wallpaper.md#gates).
    package let wallpaper: Bool
    /// The cover asked for, on this movie's timeline (after an edit's cut), and where it puts the still.
    package let cover: CoverRequest
    package let placement: StillPlacement
    /// The video's length on the movie timeline, its keyframe times and its codec, for trimming.
    package let videoDuration: Double
    package let keyframeTimes: [Double]
    /// Every video frame's time on the movie timeline, in order (for the wallpaper gates).
    package let frameTimes: [Double]
    package let videoCodec: String
    package let frameCount: Int

    /// The typical gap between frames, in seconds.
    package var frameInterval: Double {
        keyframeTimes.count > 0 && videoDuration > 0 ? max(0.001, videoDuration / Double(max(1, frameCount))) : 1.0 / 30
    }

    /// Reads `file` and places the still for `cover`.
    /// - Parameters:
    ///   - cover: the cover time; without one, an existing still-image-time is kept, else the middle frame is taken.
    ///   - edit: the range to keep and whether the sound goes; the cover is then a time on the input's timeline.
    /// - Throws: ``LivePhotoError/unsupported(file:reason:)`` for a movie the remux cannot take as it is (ffmpeg can
    ///   make it one), whatever the plan would refuse included; other errors for a damaged movie or a cover outside it.
    package static func read(
        _ file: RandomAccessFile, cover: CoverRequest, edit: MovieEdit? = nil, identifier: ContentIdentifier, wallpaper: Bool
    ) throws(LivePhotoError) -> RemuxSource {
        let path = file.path
        var movie = try naming(path, try Movie(file: file))
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
        let unchanged = try naming(path, try MovieRewrite(movie: movie, fileType: .quickTime))
        let placement = try StillPlacement.decide(cover: cover, facts: facts, video: video, file: file)
        let source = RemuxSource(
            file: file, movie: movie, facts: facts, video: video, unchanged: unchanged, edit: edit, cut: cut, identifier: identifier,
            wallpaper: wallpaper,
            cover: cover, placement: placement, videoDuration: facts.videoDuration, keyframeTimes: keyframes(video, facts: facts),
            frameTimes: ((try? facts.frameTimes()) ?? []).map(facts.seconds), videoCodec: CodecName.of(video.format),
            frameCount: Int(clamping: video.tables.sampleCount))
        // What the plan would refuse, refused now: ffmpeg's copy is then made before anything is decided from this one.
        try naming(path, try source.rewrite(placement).checkSupported())
        return source
    }

    /// Where the still goes for `cover`, a time on this movie's timeline.
    package func placement(for cover: CoverRequest) throws(LivePhotoError) -> StillPlacement {
        try StillPlacement.decide(cover: cover, facts: facts, video: video, file: file)
    }

    /// Where to seek to decode exactly the frame at `cover` (see ``StillPlacement/seekTime(for:facts:)``).
    package func seekTime(for cover: Double) -> Double { StillPlacement.seekTime(for: cover, facts: facts) }

    /// The new movie, described (laid out as iPhones lay theirs out, see ``MovieRewrite``): the still-image-time track
    /// and (for the wallpaper) the live-photo-info track added, the identifier and the vitality keys in the movie's
    /// metadata (docs/formats/live-photo.md#movie-metadata), the input's other top-level boxes kept. A large movie's
    /// media data starts at its input's place in a page, so that the copy moves whole pages, a third faster; an
    /// edit's copy starts at a chunk: no such gain.
    package func rewrite(_ placement: StillPlacement) -> MovieRewrite {
        var rewrite = unchanged
        rewrite.mediaData = edit == nil ? .whole : .usedChunks
        rewrite.pageAlignmentMinimum = edit == nil ? MovieRemux.alignedCopyMinimum : nil
        rewrite.droppedTrackIDs = placement.removedTrackIDs
        rewrite.timescaleFactor = placement.scale
        rewrite.updatesHeader = true
        rewrite.keepsOtherTopLevelBoxes = true
        if !placement.keepsExisting {
            let size = video.descriptions.first?.visualSize ?? (0, 0)
            rewrite.stillImageTime = MovieRewrite.StillImageTime(
                videoTrackID: video.trackID, stillTime: placement.stillTicks, mediaTimescale: placement.trackTimescale,
                sample: StillImageTimeTrack.sample(width: size.width, height: size.height))
        }
        let hasInfoTrack = movie.tracks.contains { LivePhotoInfoTrack.matches($0) && !placement.removedTrackIDs.contains($0.trackID) }
        if wallpaper, !hasInfoTrack { rewrite.livePhotoInfoVideo = video }
        // The identifier, and the vitality keys real iOS 18 and 26 captures carry (a score of 1.0, scoring version 4)
        // as the tools whose Live Photos work as wallpapers write them, unless the movie has its own.
        rewrite.metadata = MovieRewrite.MetadataEdit(
            setting: [(AppleMovieMetadata.contentIdentifierKey, .utf8(identifier.rawValue))],
            settingWhereAbsent: AppleMovieMetadata.capturedVitality, newMetadataPlace: .movieBox, refusesOtherMetadata: true)
        return rewrite
    }

    /// Presentation times of the video's sync samples, sorted.
    package static func keyframes(_ video: MovieTrack, facts: MovieFacts) -> [Double] {
        guard let schedule = try? video.presentationSchedule(movieTimescale: facts.movie.header.timescale) else { return [] }
        let sync = video.tables.syncSamples.map { Set($0.map { Int(clamping: $0) - 1 }) }
        return schedule.filter { sync?.contains($0.sample) ?? true }.map { facts.seconds($0.time) }.sorted()
    }
}

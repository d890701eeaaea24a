import MediaFormats
internal import PortableFoundation

/// A Live Photo movie without the still-image-time track that tells Photos where the still sits
/// (docs/formats/live-photo.md#still-image-time-track), as tools that set only the identifiers leave it: it gets one
/// as `make` writes it, through `make`'s own lossless remux (``MovieRemux``), at the frame that looks like the still
/// (as `make` finds it), else the middle frame; with `--wallpaper`, the lock screen's `live-photo-info` track too.
/// The media data is copied as it is.
enum RepairStillImageTime {
    /// What adding the track needs: the still whose frame it marks.
    struct Mend: Sendable {
        var still: String
    }

    /// Whether the track can be added to a movie, and what the repair then writes.
    enum Decision {
        case add(Mend, repair: String)
        case cannot(String)
    }

    /// Whether `movie`, whose still is `still`, can take the track, read as the writer will read it.
    /// - Parameter identifier: the identifier the repair writes into the movie, when it writes one.
    static func plan(still: String, movie: String, identifier: ContentIdentifier?) -> Decision {
        do throws(LivePhotoError) {
            let source = try read(try InputFile(path: movie), identifier: identifier, wallpaper: false)
            return .add(
                Mend(still: still),
                repair:
                    "add a still-image-time track as make writes it, at the frame that looks like the photo, else the middle one "
                    + "(\(CoverTime.format(source.placement.coverSeconds)) s); the media data copied")
        } catch {
            return .cannot(error.reason)
        }
    }

    /// The movie read for `make`'s remux, the still in the middle for now.
    static func read(_ input: InputFile, identifier: ContentIdentifier?, wallpaper: Bool) throws(LivePhotoError) -> RemuxSource {
        let kept = try? Movie(file: input.file)
        guard let identifier = identifier ?? kept.flatMap({ MovieFacts(movie: $0).contentIdentifier }).flatMap(ContentIdentifier.init)
        else { throw .unsupported(file: input.path, reason: "the movie carries no content identifier to keep") }
        return try RemuxSource.read(input.file, cover: CoverRequest(), identifier: identifier, wallpaper: wallpaper)
    }

    /// Writes the movie with the track into `out`: its header made anew by `make`'s remux, its media data copied.
    static func write(_ input: InputFile, _ changes: RepairEdit.MovieChanges, mend: Mend, ffmpegPath: String?, to out: StagedFile)
        async throws(LivePhotoError)
    {
        let source = try read(input, identifier: changes.identifier, wallpaper: changes.addsLivePhotoInfo)
        var placement = source.placement
        if let matched = await frameLikeStill(mend.still, movie: input.path, source: source, ffmpegPath: ffmpegPath),
            abs(matched - placement.coverSeconds) > 0.0005
        {
            placement = try source.placement(for: CoverRequest(seconds: matched))
        }
        let remux = try MovieRemux.plan(source, placement: placement)
        try out.write(remux.layout.pieces, from: input.file)
    }

    /// The time of the frame that looks like the still, found as `make` finds it over the whole video; nil when
    /// none stands out, or ffmpeg is not there to tell.
    static func frameLikeStill(_ still: String, movie: String, source: RemuxSource, ffmpegPath: String?) async -> Double? {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("livephoto-repair-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: work) }
        guard (try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)) != nil else { return nil }
        let defaults = MakeOptions()
        let media = MediaSteps(ffmpegPath: ffmpegPath, work: work, quality: defaults.quality, codec: defaults.codec, progress: nil)
        return await media.coverMatching(
            photo: still, video: movie, movie: source, cover: source.placement.coverSeconds, within: max(source.videoDuration, 0.001))
    }
}

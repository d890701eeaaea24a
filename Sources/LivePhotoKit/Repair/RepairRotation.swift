import LivePhotoMedia
import MediaFormats
internal import PortableFoundation

/// `repair --bake-rotation`, the one lossy repair (docs/guide/repair.md#turning-movies-upright): a Live Photo movie
/// whose frames are shown turned by its track's rotation matrix (front-camera and portrait movies), which some
/// players ignore, is encoded again with its frames upright. A movie with its still-image-time track (a camera's) is
/// turned in place, every other track kept (``RepairRotationSplice``); one without it is made a Live Photo movie again
/// as `make` makes one, the still put at the frame that looks like it: the same identifier, the wallpaper track, its
/// video and sound only. The still is not touched. A movie without its still is baked alone, the still time kept from
/// its own still-image-time track.
enum RepairRotation {
    /// What baking needs: the still (nil for a movie without its still), and the still's time in the movie (nil
    /// when the movie has no still-image-time track: the frame that looks like the still, else the middle one).
    struct Bake: Sendable {
        var still: String?
        var stillTime: Double?
        /// The video's length, in seconds: how far from the middle the frame that looks like the still is looked for.
        var videoDuration: Double
        /// Whether the movie is turned in place (``RepairRotationSplice``), rather than made again as `make` makes one.
        var inPlace = false
    }

    static func check(still: String?, movie: String, into plan: inout RepairDiagnosis.Plan) {
        guard let input = try? InputFile(path: movie), input.kind.isMovie, let parsed = try? Movie(file: input.file) else { return }
        let facts = MovieFacts(movie: parsed)
        guard let video = facts.video, let degrees = video.header.rotationDegrees, degrees % 360 != 0 else { return }
        let detail = "the frames are shown turned \(degrees)° by the track's matrix, which some players ignore"
        let time = facts.stillImageTimeTracks.first.flatMap({ facts.stillImageTime($0, file: input.file) })?.seconds
        let unbakeable =
            still != nil
            ? nil
            : time == nil
                ? "without its still or a still-image-time track, the still time is unknown"
                : facts.contentIdentifier == nil ? "without its still, it carries no content identifier to keep" : nil
        if let unbakeable {
            plan.problems.append(
                LibraryRepair.Problem(kind: .rotation, file: movie, detail: "\(detail); it is not baked: \(unbakeable)", repair: nil))
            return
        }
        let inPlace = time != nil ? RepairRotationSplice.turned(parsed) : nil
        let repair =
            inPlace?.summary
            ?? "encode the video again with its frames upright (lossy), keeping the identifier and the sound, the still put at "
            + "the frame that looks like the photo; made again as make makes a movie" + notKept(parsed, video: video)
        plan.problems.append(
            LibraryRepair.Problem(
                kind: .rotation, file: movie, detail: detail, repair: repair + (still == nil ? "; the movie alone, without its still" : ""))
        )
        plan.changeMovie(movie) {
            $0.bake = Bake(still: still, stillTime: time, videoDuration: facts.videoDuration, inPlace: inPlace != nil)
        }
    }

    /// What a movie made again as `make` makes one loses, in words: every track but the video and the first sound,
    /// and a sound other than AAC encoded again.
    static func notKept(_ movie: Movie, video: MovieTrack) -> String {
        let sound = movie.tracks.first { $0.isAudio }
        let dropped = movie.tracks.filter { $0.trackID != video.trackID && $0.trackID != sound?.trackID }
        var text = ""
        if !dropped.isEmpty {
            text +=
                "; its other tracks are not kept: "
                + dropped.map { "\($0.trackID) (\($0.handlerType.description))" }.joined(separator: ", ")
        }
        if let sound, CodecName.of(sound.format) != "aac" { text += "; its sound is encoded again as AAC" }
        return text
    }

    /// Writes the baked movie into `out`.
    static func write(_ input: InputFile, _ changes: RepairEdit.MovieChanges, bake: Bake, ffmpegPath: String?, to out: StagedFile)
        async throws(LivePhotoError)
    {
        if bake.inPlace {
            try await RepairRotationSplice.write(input, changes, ffmpegPath: ffmpegPath, to: out)
            return
        }
        let movie = input.path
        let identifier: ContentIdentifier
        if let given = changes.identifier {
            identifier = given
        } else if let parsed = try? Movie(file: input.file),
            let existing = MovieFacts(movie: parsed).contentIdentifier.flatMap(ContentIdentifier.init)
        {
            identifier = existing
        } else {
            throw .unsupported(file: movie, reason: "the movie carries no content identifier to keep")
        }
        let folder = try RepairWorkFolder(ffmpegPath: ffmpegPath)
        defer { folder.remove() }
        let (work, tool) = (folder.path, folder.ffmpeg)
        let upright = "\(work)/upright.mp4"
        let codec: LivePhotoCore.VideoCodec
        do {
            let info = try await tool.probe(movie)
            codec = info.video?.codec == "hevc" ? .hevc : .h264
            try await tool.reencodeVideo(
                movie, to: upright, info: info, codec: codec.media, keepingKeys: false, shouldStop: { InterruptHandling.requested })
        } catch {
            throw MediaSteps.wrap(error, file: movie).renamingFile(upright, as: "the movie made upright")
        }
        do throws(LivePhotoError) {
            let made = try await LivePhotoMaker.make(
                photo: bake.still, video: upright,
                options: MakeOptions(
                    outputDirectory: work, name: "upright", coverTime: bake.stillTime, identifier: identifier, codec: codec,
                    coverMatchesPhotoWithin: bake.stillTime == nil && bake.still != nil ? bake.videoDuration : nil, wallpaper: .auto))
            guard let path = made.movie else { throw LivePhotoError.writeFailed(path: movie, reason: "no movie was made") }
            let file: RandomAccessFile
            do throws(FileError) { file = try RandomAccessFile(path: path) } catch {
                throw LivePhotoError.io(path: path, reason: error.reason)
            }
            try out.copy(from: file, offset: 0, length: file.size, progress: { _ in })
        } catch {
            throw error.renamingFiles(in: work) { name in name.isEmpty ? "a temporary folder" : "the movie made upright" }
        }
    }
}

import LivePhotoMedia
import MediaFormats
internal import PortableFoundation

/// The steps of `make` that change pixels: any video to H.264 or HEVC in a QuickTime movie, any photo to a
/// JPEG, and the cover frame taken from the video. ffmpeg is looked for only when one of them runs, so the
/// lossless path never needs it.
struct MediaSteps {
    let ffmpegPath: String?
    /// A hidden folder for intermediate files, removed when make ends.
    let work: String
    let quality: Int
    let codec: LivePhotoCore.VideoCodec
    let progress: ProgressHandler?

    func ffmpeg() throws(LivePhotoError) -> FFmpeg {
        do { return try FFmpeg.locate(explicitPath: ffmpegPath) } catch { throw Self.wrap(error, file: nil) }
    }

    /// A QuickTime movie with H.264 or HEVC video made from `path`, and whether it was remuxed or transcoded.
    func normalizeVideo(_ path: String) async throws(LivePhotoError) -> (String, MakeResult.VideoSource) {
        let tool = try ffmpeg()
        let info: MediaInfo
        do { info = try await tool.probe(path) } catch { throw Self.wrap(error, file: path) }
        guard let video = info.video, (video.frameCount ?? 2) != 0 else {
            throw .badInput(file: path, reason: "there is no video stream in it")
        }
        if let duration = info.duration ?? video.duration, duration <= 0 {
            throw .badInput(file: path, reason: "the video is empty (zero length)")
        }
        let output = "\(work)/video.mov"
        let handler = progress
        let phase: OperationProgress.Phase = video.codec == "h264" || video.codec == "hevc" ? .remux : .transcode
        do {
            let done = try await tool.normalizeVideo(
                path, to: output, info: info, codec: codec.media,
                progress: { fraction in handler?(OperationProgress(fraction: fraction, phase: phase)) },
                shouldStop: { InterruptHandling.requested })
            return (output, done == .remuxed ? .remuxed : .transcoded)
        } catch {
            throw Self.wrap(error, file: path)
        }
    }

    /// `duration` seconds of the movie at `path` from `start` (``TrimWindow`` decides them): its samples copied when
    /// `reencode` is nil, else encoded to it, the frames put on `steadyRate` when it is given.
    func cut(
        _ path: String, start: Double, duration: Double, reencode: LivePhotoCore.VideoCodec?, steadyRate: Double?, gridOffset: Double
    ) async throws(LivePhotoError) -> String {
        let output = "\(work)/trimmed.mov"
        let tool = try ffmpeg()
        let handler = progress
        let phase: OperationProgress.Phase = reencode == nil ? .trim : .trimAndEncode
        do {
            try await tool.cut(
                path, to: output, start: start, duration: duration, reencode: reencode?.media, steadyRate: steadyRate,
                gridOffset: gridOffset, progress: { handler?(OperationProgress(fraction: $0, phase: phase)) },
                shouldStop: { InterruptHandling.requested })
        } catch {
            throw Self.wrap(error, file: path)
        }
        return output
    }

    /// A JPEG made from any image ffmpeg reads.
    func convertPhoto(_ path: String) async throws(LivePhotoError) -> String {
        let output = "\(work)/photo.jpg"
        let tool = try ffmpeg()
        do { try await tool.convertToJPEG(path, to: output, quality: quality) } catch { throw Self.wrap(error, file: path) }
        return output
    }

    /// The movie as an MP4 in the work folder, for players without the original codec: its video re-encoded to
    /// `codec`, or copied when `codec` is nil; its sound AAC (copied when it is, encoded when not, as an iPhone's LPCM);
    /// its metadata and frame times kept, QuickTime's keys (the content identifier) only with `keepingKeys`.
    func reencode(_ path: String, to codec: LivePhotoCore.VideoCodec?, keepingKeys: Bool) async throws(LivePhotoError) -> String {
        let tool = try ffmpeg()
        let info: MediaInfo
        do { info = try await tool.probe(path) } catch { throw Self.wrap(error, file: path) }
        let output = "\(work)/\(codec == nil ? "sound-encoded" : "reencoded").mp4"
        let handler = progress
        do {
            try await tool.reencodeVideo(
                path, to: output, info: info, codec: codec?.media, keepingKeys: keepingKeys,
                progress: { handler?(OperationProgress(fraction: $0, phase: .transcode)) }, shouldStop: { InterruptHandling.requested })
        } catch {
            throw Self.wrap(error, file: path)
        }
        return output
    }

    /// The cover time of the frame within `within` seconds of the cover at `cover` that looks most like `photo` (a
    /// camera's still and the moment its shutter was pressed may be a frame or two apart); among frames that look
    /// the same (a still scene), the one nearest the cover. Nil when nothing could be compared or no frame looks like
    /// the photo: the cover then stays where it was asked.
    func coverMatching(photo: String, video: String, movie: RemuxSource, cover: Double, within: Double) async -> Double? {
        guard within > 0, let tool = try? ffmpeg() else { return nil }
        let coverSeekSeconds = movie.seekTime(for: cover)
        do {
            let still = try await tool.thumbnail(ofImage: photo, work: work)
            let frames = try await tool.thumbnails(video, start: coverSeekSeconds - within, duration: 2 * within, work: work)
            let scores = frames.map { $0.difference(from: still) ?? .infinity }
            LivePhotoMaker.logger.debug(
                "frames near the cover against the photo: \(zip(frames, scores).map { String(cFormat: "%.3f s: %.2f", $0.seconds, $1) })")
            // A photo that looks like none of the frames more than the others (another view, another moment) moves
            // nothing: the best must stand out from the typical frame.
            guard !scores.isEmpty else { return nil }
            let typical = scores.sorted()[scores.count / 2]
            guard let best = scores.min(), best < Self.sameSceneDifference, best <= 0.6 * typical || typical - best < 0.01,
                let atCover = Self.coverFrameIndex(frameSeconds: frames.map(\.seconds), seekSeconds: coverSeekSeconds)
            else { return nil }
            // Frames that look the same (a still scene): the one nearest the cover.
            let alike = frames.indices.filter { scores[$0] <= best + 0.01 }
            guard let chosen = alike.min(by: { abs($0 - atCover) < abs($1 - atCover) }) else { return nil }
            // Counted in frames from the cover's, on the movie's own frame times: ffmpeg's clock and the movie's can
            // differ by an edit list's offset.
            let times = movie.frameTimes.sorted()
            guard let coverIndex = times.indices.min(by: { abs(times[$0] - cover) < abs(times[$1] - cover) })
            else { return nil }
            return times[min(max(0, coverIndex + chosen - atCover), times.count - 1)]
        } catch {
            LivePhotoMaker.logger.info("\(photo): not compared with the video's frames: \(error)")
            return nil
        }
    }

    /// Which of a run of decoded frames (ffmpeg's times, in order) is the cover: the first at or after the seek time.
    /// The seek time lies halfway between the cover and the frame before it, so the frame *nearest* it is either of
    /// the two by a clock's jitter (a camera's variable rate moves each frame by a millisecond or two): taking the
    /// nearest put the cover one frame late about every other time.
    static func coverFrameIndex(frameSeconds: [Double], seekSeconds: Double) -> Int? {
        guard !frameSeconds.isEmpty else { return nil }
        return frameSeconds.firstIndex { $0 >= seekSeconds } ?? frameSeconds.count - 1
    }

    /// A mean difference (of 255) past which a frame is not the photo's scene at all.
    static let sameSceneDifference = 24.0

    /// The frame shown at the cover time, as a JPEG.
    func coverFrame(from video: String, seekSeconds: Double) async throws(LivePhotoError) -> String {
        let output = "\(work)/cover.jpg"
        progress?(OperationProgress(fraction: 0, phase: .coverFrame))
        let tool = try ffmpeg()
        do {
            try await tool.extractFrame(
                from: video, seekSeconds: seekSeconds, to: output, quality: quality, shouldStop: { InterruptHandling.requested })
        } catch {
            throw Self.wrap(error, file: video)
        }
        guard FileManager.default.fileExists(atPath: output) else {
            throw .badInput(file: video, reason: "ffmpeg produced no frame at \(seekSeconds) s")
        }
        progress?(OperationProgress(fraction: 1, phase: .coverFrame))
        return output
    }

    /// The tagged JPEG encoded as HEIC by heif-enc, which keeps its Exif and so the identifier.
    func encodeHEIC(_ still: TaggedStill) async throws(LivePhotoError) -> RandomAccessFile {
        let jpeg = try StagedFile(destination: "\(work)/tagged.jpg")
        try jpeg.write(still.output, progress: { _ in })
        let jpegPath = try jpeg.commit()
        PendingOutputs.shared.finish([jpegPath])
        let output = "\(work)/still.heic"
        progress?(OperationProgress(fraction: 0, phase: .heic))
        do {
            try await HEIFEncoder.locate().encode(jpegPath, to: output, quality: quality)
        } catch {
            throw Self.wrap(error, file: still.source.path)
        }
        progress?(OperationProgress(fraction: 1, phase: .heic))
        return try InputFile(path: output).file
    }

    static func wrap(_ error: MediaToolError, file: String?) -> LivePhotoError {
        if InterruptHandling.requested { return .interrupted }
        switch error {
        case .missing(let tool, _): return .missingTool(tool: tool, message: error.description)
        case .stopped: return .interrupted
        case .failed(let tool, let f, let message): return .badInput(file: file ?? f, reason: "\(tool) cannot use it: \(message)")
        case .unreadableOutput(_, let f, let reason): return .badInput(file: file ?? f, reason: reason)
        }
    }
}

import LivePhotoMedia
import MediaFormats
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Captures Live Photos from a camera or stream the way an iPhone does: it records all the time (into a ring of
/// short segments on disk, so memory stays flat however long it runs), and each press keeps the movie from
/// `before` seconds before it to `after` seconds after, with the still at the press.
///
/// An H.264 or HEVC stream is copied, never re-encoded (every video packet is the stream's own): a movie keeps the
/// keyframe at or before its window, and an edit list makes it play from the window's start. Any other stream is
/// encoded once, with a keyframe every half second. Each Live Photo is then made by ``LivePhotoMaker`` from its movie alone (the still is the frame at the
/// press), so it is a valid, wallpaper-ready Live Photo.
public enum LivePhotoCapture {
    /// What the recorder does with the stream's video.
    struct Recording: Sendable {
        /// The packets are the stream's own (H.264 or HEVC), not encoded here.
        var copied: Bool
        /// ffmpeg's name of the recorded video codec.
        var videoCodec: String?
    }

    /// Half-second segments: a window starts at most that far after the keyframe its movie starts at (encoded
    /// streams; a copied stream splits at its own keyframes).
    static let segmentSeconds = 0.5

    /// Records `options.input` and writes a Live Photo for each press `shutter` sends, handing each to `written` as
    /// it is written. Ends when the input ends, when `shutter` sends ``ShutterEvent/stop``, or when `shutter`
    /// finishes and every press so far is written; presses whose post-roll was not recorded by then are written
    /// with what was, and say so.
    /// - Returns: every Live Photo written.
    /// - Throws: `LivePhotoError` when ffmpeg is missing, the input cannot be opened or has no video, or a Live
    ///   Photo cannot be written.
    public static func run(
        options: CaptureOptions, shutter: AsyncStream<ShutterEvent>, written: @escaping @Sendable (CapturedLivePhoto) -> Void = { _ in }
    ) async throws(LivePhotoError) -> [CapturedLivePhoto] {
        let ffmpeg: FFmpeg
        do { ffmpeg = try FFmpeg.locate(explicitPath: options.ffmpegPath) } catch { throw MediaSteps.wrap(error, file: nil) }
        let input = CaptureInput(input: options.input, format: options.inputFormat, realtime: options.realtime)
        let codecs: (video: String?, audio: String?)
        do { codecs = try await ffmpeg.probeCapture(input) } catch { throw MediaSteps.wrap(error, file: options.input) }
        guard codecs.video != nil else { throw .badInput(file: options.input, reason: "there is no video stream in it") }
        let copy = codecs.video == "h264" || codecs.video == "hevc"
        let recording = Recording(copied: copy, videoCodec: copy ? codecs.video : options.codec.rawValue)
        let audio: CaptureAudio = !options.audio || codecs.audio == nil ? .none : (codecs.audio == "aac" ? .copy : .aac)

        let ring = try privateFolder()
        defer { try? FileManager.default.removeItem(atPath: ring) }
        let state = CaptureState()
        let started = Date()
        let recorder = Task {
            defer { state.recorderEnded() }
            do throws(MediaToolError) {
                try await ffmpeg.recordSegments(
                    input, into: ring, copyVideo: copy, codec: options.codec.media, audio: audio, segmentSeconds: segmentSeconds,
                    shouldStop: { state.stopRecording })
            } catch {
                state.recorderFailed(error)
            }
        }
        let listener = Task {
            for await event in shutter { state.receive(event) }
            state.shutterFinished()
        }
        let result: Result<[CapturedLivePhoto], LivePhotoError>
        do throws(LivePhotoError) {
            result = .success(
                try await capture(
                    options: options, state: state, ring: ring, started: started, recording: recording, ffmpeg: ffmpeg, written: written))
        } catch {
            result = .failure(error)
        }
        state.stop()
        listener.cancel()
        await recorder.value
        return try result.get()
    }

    /// The capture loop: writes each press's Live Photo once its post-roll is recorded, until the recorder ends
    /// and no press waits.
    private static func capture(
        options: CaptureOptions, state: CaptureState, ring: String, started: Date, recording: Recording, ffmpeg: FFmpeg,
        written: @Sendable (CapturedLivePhoto) -> Void
    ) async throws(LivePhotoError) -> [CapturedLivePhoto] {
        var list = SegmentList(folder: ring)
        var done: [CapturedLivePhoto] = []
        var count = 0
        while true {
            list.refresh()
            let snapshot = state.take { moment in list.streamTime(at: moment, started: started) }
            // Everything recorded is in the list once the recorder has ended.
            let ended = snapshot.recorderEnded
            if ended { list.refresh() }
            // Once the second segment is listed, the first is repaired for the movies that reach into it.
            do throws(MediaToolError) {
                try await FirstSegment.repair(&list, ring: ring, ffmpeg: ffmpeg)
            } catch {
                throw MediaSteps.wrap(error, file: options.input)
            }
            let recorded = list.recordedEnd
            while let press = state.pendingPresses.first, ended || recorded >= press + options.after {
                state.removeFirstPress()
                // A press past the end of a recording that has ended has nothing to keep.
                if press > recorded { continue }
                count += 1
                let captured = try await write(
                    press: press, list: list, count: count, recording: recording, options: options, ffmpeg: ffmpeg, ring: ring,
                    complete: recorded >= press + options.after)
                guard var captured else { continue }
                captured.latency = list.moment(of: captured.end).map { Date().timeIntervalSince($0) }
                done.append(captured)
                written(captured)
            }
            if let failure = snapshot.recorderFailure, list.segments.isEmpty {
                throw MediaSteps.wrap(failure, file: options.input)
            }
            if ended { return done }
            // Keep what a waiting press, or the next one, can still need.
            let firstNeeded = state.pendingPresses.first.map { $0 - options.before } ?? .infinity
            list.prune(before: min(firstNeeded, recorded - options.before - 1))
            if snapshot.shutterFinished && !state.expectsPresses { state.stop() }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Writes the Live Photo of a press at `press` seconds: its movie joined from the segments by stream copy,
    /// the still the frame at the press. Nil when nothing of it was recorded.
    static func write(
        press pressed: Double, list: SegmentList, count: Int, recording: Recording, options: CaptureOptions, ffmpeg: FFmpeg, ring: String,
        complete: Bool
    ) async throws(LivePhotoError) -> CapturedLivePhoto? {
        var notes: [String] = []
        let wantedStart = pressed - options.before
        let end = min(pressed + options.after, list.recordedEnd)
        let segments = list.covering(max(0, wantedStart), end)
        guard let first = segments.first, end > first.start, pressed <= end else { return nil }
        // A press before what a movie can use (the first segment's keyframe, when the stream starts without one) is
        // moved to its first moment.
        let press = max(pressed, first.start)
        if press > pressed + 0.0005 {
            notes.append(
                String(cFormat: "the press at %.3f s came before the recording could keep it: the still is at %.3f s", pressed, press))
        }
        if first.start > wantedStart + 0.001 {
            notes.append(String(cFormat: "only %.2f s were recorded before the press", press - first.start))
        }
        if !complete { notes.append(String(cFormat: "stopped %.2f s after the press: the movie ends there", end - pressed)) }
        let work = ring + "/work-\(count)"
        defer { try? FileManager.default.removeItem(atPath: work) }
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        } catch {
            throw .io(path: "a capture's work folder", reason: "\(error)")
        }
        let joined = work + "/joined.mov", movie = work + "/clip.mov"
        let windowStart = max(wantedStart, first.start)
        // Stream time s is movie time s - first.start + shown, where `shown` is where the movie shows (or would
        // show, before its edit list starts) the first video sample: the segments' keyframe at `first.start`. It
        // is read from each movie as our parser reads it, not assumed from what ffmpeg was asked.
        let shown: Double
        do {
            try await ffmpeg.joinSegments(
                segments.map { ring + "/" + $0.name }, videoCodec: recording.videoCodec, duration: nil, to: joined)
            // The window cut by stream copy: the movie keeps the keyframe before the window, and its edit list
            // starts the movie at the window.
            let atWindow = windowStart - first.start + (try firstSampleTime(joined))
            try await ffmpeg.cut(joined, to: movie, start: atWindow, duration: end - windowStart, reencode: nil)
            shown = try firstSampleTime(movie)
        } catch let error as MediaToolError {
            throw MediaSteps.wrap(error, file: options.input)
        } catch {
            throw .badInput(file: options.input, reason: "the recorded movie cannot be read: \(error)")
        }
        let made: MakeResult
        do throws(LivePhotoError) {
            made = try await LivePhotoMaker.make(
                photo: nil, video: movie,
                options: MakeOptions(
                    outputDirectory: options.outputDirectory, name: name(count: count), coverTime: press - first.start + shown,
                    force: options.force, codec: options.codec, ffmpegPath: options.ffmpegPath, photoFormat: options.photoFormat))
        } catch {
            // The work folder is the capture's own: the user knows the input and the press.
            throw error.renamingFiles(in: work) { _ in "the movie of \(options.input) at \(String(cFormat: "%.3f", pressed)) s" }
        }
        return CapturedLivePhoto(
            pressTime: pressed, start: max(0, first.start - shown), end: end, coverTime: made.coverTime, copied: recording.copied,
            identifier: made.identifier, photo: made.photo, movie: made.movie, notes: notes + made.notes + made.wallpaperWarnings)
    }

    /// Where the movie shows its first video sample (the keyframe it starts with, in decoding order), in seconds:
    /// negative when its edit list starts the movie after that sample.
    static func firstSampleTime(_ path: String) throws -> Double {
        let movie = try Movie(file: InputFile(path: path).file)
        guard let video = movie.videoTrack, let first = try video.tables.presentationTimes(limit: 5_000_000).first else {
            throw LivePhotoError.badInput(file: path, reason: "there is no video frame in it")
        }
        let movieScale = Double(max(1, movie.header.timescale)), mediaScale = Double(max(1, video.mediaHeader.timescale))
        var emptyBefore: UInt64 = 0
        for edit in video.editList?.entries ?? [] {
            if edit.isEmpty {
                emptyBefore = emptyBefore.addingReportingOverflow(edit.segmentDuration).partialValue
                continue
            }
            let (offset, overflow) = first.subtractingReportingOverflow(edit.mediaTime)
            guard !overflow else { throw LivePhotoError.badInput(file: path, reason: "its edit list starts out of range") }
            return Double(emptyBefore) / movieScale + Double(offset) / mediaScale
        }
        return Double(first) / mediaScale
    }

    /// `LIVE_20261125_013512_001`: the local date and time, and the press's number in this capture.
    static func name(count: Int) -> String {
        "LIVE_" + String(localStampOf: Date()) + String(cFormat: "_%03d", count)
    }

    /// A new folder only this user can read, for the ring of segments.
    static func privateFolder() throws(LivePhotoError) -> String {
        let temporary = FileManager.default.temporaryDirectory
        var template = Array(temporary.appendingPathComponent("livephoto-capture-XXXXXX").path.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw .io(path: temporary.path, reason: "cannot make a folder for the recording")
        }
        return String(cString: made)
    }
}

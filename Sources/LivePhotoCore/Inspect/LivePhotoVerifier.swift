import MediaFormats

/// Checks a still and a movie against what Photos needs to pair them as a Live Photo (docs/formats/live-photo.md#what-photos-requires).
///
/// The rule for every check: no required or recommended check fails a camera original. Where real iPhones differ
/// among themselves (older ones put the still between two frames; iOS 18 writes no `tref`), the check is
/// informational: it says how the file compares and never fails.
public enum LivePhotoVerifier {
    /// Runs every check on a still and a movie already read (`photo` and `movie` name them in the report); never throws
    /// (an unreadable file fails the checks that need it).
    package static func verify(photo: String, movie: String, still: FileAnalysis, video: FileAnalysis) -> VerificationReport {
        var checks: [VerificationReport.Check] = []
        func add(_ id: String, _ requirement: VerificationReport.Check.Requirement, _ passed: Bool, _ detail: String) {
            checks.append(VerificationReport.Check(id: id, requirement: requirement, passed: passed, detail: detail))
        }

        // The still.
        let stillOK = still.report.error == nil && still.report.format.isStill
        add(
            "photo-readable", .required, stillOK,
            stillOK
                ? "\(still.report.format.rawValue.uppercased()) image"
                : (still.report.error ?? "not a JPEG or HEIC image (\(still.report.format.rawValue))"))
        let stillID = still.report.contentIdentifier
        add(
            "photo-identifier", .required, stillID.flatMap(ContentIdentifier.init) != nil,
            stillID.map { ContentIdentifier($0) != nil ? "Apple MakerNote 0x0011 = \($0)" : "Apple MakerNote 0x0011 is not a UUID: \($0)" }
                ?? "no content identifier in an Apple MakerNote (tag 0x0011)")

        // The movie.
        let facts = video.movieFacts
        let movieOK = video.report.error == nil && facts != nil
        add(
            "movie-readable", .required, movieOK,
            movieOK
                ? "\(video.report.format == .quicktime ? "QuickTime" : "MP4") movie"
                : (video.report.error ?? "not a QuickTime or MP4 movie"))
        let movieID = video.report.contentIdentifier
        add(
            "movie-identifier", .required, movieID.flatMap(ContentIdentifier.init) != nil,
            movieID.map {
                ContentIdentifier($0) != nil
                    ? "\(AppleMovieMetadata.contentIdentifierKey) = \($0)" : "content identifier is not a UUID: \($0)"
            }
                ?? "no \(AppleMovieMetadata.contentIdentifierKey) in the movie-level metadata")
        if let a = stillID, let b = movieID {
            add("identifiers-match", .required, a == b, a == b ? "both are \(a)" : "photo has \(a), movie has \(b)")
        } else {
            add("identifiers-match", .required, false, "an identifier is missing")
        }

        guard let facts, let file = video.file else {
            return VerificationReport(photo: photo, movie: movie, passed: false, checks: checks)
        }
        let codec = CodecName.of(facts.video?.format)
        add(
            "video-codec", .required, CodecName.isH264OrHEVC(facts.video?.format),
            facts.video == nil ? "no video track" : "video is \(codec == "h264" ? "H.264" : codec == "hevc" ? "HEVC" : codec)")

        let stillTracks = facts.stillImageTimeTracks
        add(
            "still-image-time-track", .required, stillTracks.count == 1,
            stillTracks.count == 1
                ? "one still-image-time track (track \(stillTracks[0].trackID))"
                : "\(stillTracks.count) still-image-time tracks; exactly one is needed")

        if stillTracks.count == 1, let time = facts.stillImageTime(stillTracks[0], file: file) {
            let duration = facts.videoDuration
            add(
                "still-time-inside-video", .required, time.seconds >= 0 && time.seconds <= duration,
                "still at \(seconds(time.seconds)) s in a video of \(seconds(duration)) s")
            let frames = ((try? facts.frameTimes()) ?? []).map(facts.seconds).sorted()
            let (onFrame, placement) = framePlacement(of: time.seconds, among: frames)
            add("still-time-on-frame", .informational, onFrame, placement)
            // At time 0 the iPhone form needs no empty edit: the 1-tick sample at media time 0 is already at the start.
            let iPhoneForm = time.value == -1 && (time.form == .emptyEdit || time.seconds < 0.0005)
            let form =
                time.form == .emptyEdit
                ? "placed by an empty edit"
                : time.seconds < 0.0005 ? "at the movie's start" : "placed by the sample time (AVAssetWriter form)"
            add(
                "still-image-time-form", .recommended, iPhoneForm,
                "\(form), value \(time.value.map(String.init) ?? "unreadable")"
                    + (iPhoneForm ? ", as iPhones write" : "; iPhones write -1 after an empty edit (none is needed at time 0)"))
            let allFlags = TrackHeader.Flags(rawValue: time.trackFlags).isSuperset(of: .all)
            add(
                "still-image-time-track-flags", .recommended, allFlags,
                "tkhd flags 0x\(DecimalText.hex(time.trackFlags))"
                    + (allFlags
                        ? " (enabled, in movie, preview, poster)" : "; iPhones write 0x\(DecimalText.hex(TrackHeader.Flags.all.rawValue))")
            )
            add(
                "still-image-time-reference", .informational, time.referencesVideo,
                time.referencesVideo
                    ? "tref cdsc names the video track" : "no tref cdsc to the video track (iOS 26 captures have one, iOS 18 ones do not)")
            let videoScale = facts.video?.mediaHeader.timescale
            let iPhoneScale = AppleTimedMetadata.iPhoneStillImageTimeTimescale
            add(
                "still-image-time-timescale", .recommended, time.mediaTimescale == iPhoneScale || time.mediaTimescale == videoScale,
                time.mediaTimescale == iPhoneScale
                    ? "media timescale 600, as iPhones write"
                    : time.mediaTimescale == videoScale
                        ? "media timescale \(time.mediaTimescale), the video's (600 cannot express this still time)"
                        : "media timescale \(time.mediaTimescale); iPhones write 600")
        }
        let fileType = facts.movie.fileType
        add(
            "quicktime-brand", .recommended, fileType?.isQuickTime ?? true,
            fileType.map { $0.isQuickTime ? "ftyp qt" : "ftyp '\($0.majorBrand)'; iPhones write 'qt  '" }
                ?? "no ftyp, like some iPhone transfers")

        let passed = checks.allSatisfy { $0.passed || $0.requirement != .required }
        return VerificationReport(
            photo: photo, movie: movie, passed: passed, checks: checks, wallpaper: WallpaperReadiness.check(facts: facts, file: file))
    }

    package static func seconds(_ s: Double) -> String { DecimalText.fixed(s, digits: 3) }

    /// Whether `time` is a frame's time (within 0.5 ms), and in words where it lies among `frames` (sorted seconds).
    package static func framePlacement(of time: Double, among frames: [Double]) -> (onFrame: Bool, detail: String) {
        guard let nearest = frames.min(by: { abs($0 - time) < abs($1 - time) }) else { return (false, "the video has no frames") }
        if abs(nearest - time) < 0.0005 { return (true, "the still time is the frame at \(seconds(nearest)) s") }
        let before = frames.last { $0 < time }, after = frames.first { $0 > time }
        let between: String
        switch (before, after) {
        case (let b?, let a?): between = "lies between the frames at \(seconds(b)) and \(seconds(a)) s"
        case (let b?, nil): between = "lies after the last frame, at \(seconds(b)) s"
        case (nil, let a?): between = "lies before the first frame, at \(seconds(a)) s"
        case (nil, nil): between = "lies on no frame"
        }
        return (
            false,
            "the still time \(seconds(time)) s \(between); camera originals do this too and Photos accepts it "
                + "(the lock-screen wallpaper wants a frame: G2)"
        )
    }
}

import MediaFormats
internal import PortableFoundation

/// What one file written to the landing folder is, read from its bytes: what pairs it, what it holds, when it was
/// taken by its own account (`docs/guide/takeout.md#live-photos-and-motion-photos`).
struct TakeoutFileFacts: Sendable {
    enum Kind: Sendable, Equatable {
        case still
        case movie
        /// A Motion Photo whose embedded video is there and readable.
        case motionPhoto
        /// A still whose metadata says it holds a video that is missing, cut short or not where its XMP says.
        case brokenMotionPhoto(String)
        /// Neither a photo nor a movie livephoto reads (PNG, GIF, RAW…), or damaged: written as it is.
        case other
    }

    var kind: Kind
    var format: FileKind
    /// A Live Photo half's content identifier.
    var identifier: String?
    /// A movie with Apple's still-image-time track.
    var hasStillImageTime = false
    /// A movie's length in seconds.
    var duration: Double?
    /// The capture time the file itself records.
    var ownCaptureTime: Date?
    /// A Motion Photo's embedded video.
    var embeddedVideo: MotionPhotoFile.Span?
    /// Whose live photo it is, for a Motion Photo.
    var family: PhotoFamily?

    var isStill: Bool { format.isStill }
    var isMovie: Bool { format.isMovie }

    /// Reads `path`; never throws: a file that cannot be read is ``Kind/other``.
    init(path: String) {
        let input: InputFile
        do { input = try InputFile(path: path) } catch {
            kind = .other
            format = .unknown
            return
        }
        format = input.kind
        let report = FileAnalysis(input, depth: .identity).report
        identifier = report.contentIdentifier
        ownCaptureTime = TakeoutStamp.captureTime(of: path)
        if format.isMovie {
            kind = report.error == nil ? .movie : .other
            hasStillImageTime = (report.movie?.stillImageTimeTrackCount ?? 0) > 0
            duration = report.movie?.durationSeconds
            return
        }
        guard format.isStill, report.error == nil else {
            kind = .other
            return
        }
        kind = .still
        if let motion = try? input.motionPhoto(), motion.isMotionPhoto, let video = motion.video {
            family = input.motionFamily ?? .google
            embeddedVideo = video
            kind = Self.videoProblem(input.file, video).map { .brokenMotionPhoto($0) } ?? .motionPhoto
        } else if let problem = report.problems.first(where: { $0.hasPrefix("the Motion Photo data") }) {
            kind = .brokenMotionPhoto(problem)
        }
    }

    /// Why an embedded video cannot be played, or nil when it can: it must read as a movie whose video track has
    /// frames.
    static func videoProblem(_ file: RandomAccessFile, _ video: MotionPhotoFile.Span) -> String? {
        do {
            let movie = try Movie(file: try file.slice(at: video.offset, length: video.length))
            guard let track = movie.videoTrack else { return "the embedded video has no video track" }
            guard track.tables.sampleCount > 0 else { return "the embedded video has no frames (cut short?)" }
            return nil
        } catch {
            return "the embedded video is not readable: \(error)"
        }
    }
}

import MediaFormats

/// What one media file of an export is, read from its bytes: what pairs it, what it holds, when it was taken by its
/// own account (`docs/guide/takeout.md#live-photos-and-motion-photos`).
package struct ImportFileFacts: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case still
        case movie
        /// A Motion Photo whose embedded video is there and readable.
        case motionPhoto
        /// A still whose metadata says it holds a video that is missing, cut short or not where its XMP says.
        case brokenMotionPhoto(String)
        /// Neither a photo nor a movie livephoto reads (PNG, GIF, RAW…), or damaged: written as it is.
        case other
    }

    package var kind: Kind
    package var format: FileKind
    /// A Live Photo half's content identifier.
    package var identifier: String?
    /// A movie with Apple's still-image-time track.
    package var hasStillImageTime = false
    /// A movie's length in seconds.
    package var duration: Double?
    /// The capture time the file itself records (``ImportCaptureTime/own(_:)``), seconds since 1970.
    package var ownCaptureSeconds: Int64?
    /// A Motion Photo's embedded video.
    package var embeddedVideo: MotionPhotoFile.Span?
    /// Whose live photo it is, for a Motion Photo.
    package var family: PhotoFamily?

    package var isStill: Bool { format.isStill }
    package var isMovie: Bool { format.isMovie }

    /// Facts given one by one: a file that could not be opened is ``Kind/other`` of an unknown format.
    package init(kind: Kind = .other, format: FileKind = .unknown) {
        self.kind = kind
        self.format = format
    }

    /// Reads `input`; never throws: a file that does not read is ``Kind/other``.
    package init(_ input: InputFile) {
        format = input.kind
        kind = .other
        let report = FileAnalysis(input, depth: .identity).report
        identifier = report.contentIdentifier
        ownCaptureSeconds = ImportCaptureTime.own(input)
        if format.isMovie {
            kind = report.error == nil ? .movie : .other
            hasStillImageTime = (report.movie?.stillImageTimeTrackCount ?? 0) > 0
            duration = report.movie?.durationSeconds
            return
        }
        guard format.isStill, report.error == nil else { return }
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

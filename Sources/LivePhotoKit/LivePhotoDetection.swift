import MediaFormats

/// Whether a still (with the movie of the same name, if there is one) is a Live Photo or a Motion Photo, read from
/// their headers. A quicker look than ``LivePhotoInspector/inspect(_:)``, and synchronous, for listings such as a
/// folder's gallery.
public struct LivePhotoDetection: Sendable, Equatable {
    /// The two kinds a still with motion comes in.
    public enum Kind: String, Sendable, Codable {
        /// The still and the movie carry the same content identifier.
        case livePhoto = "live-photo"
        /// The still holds its movie (Google or Samsung Motion Photo, MicroVideo).
        case motionPhoto = "motion-photo"
    }

    /// What the still is.
    public var kind: Kind
    /// Where the still sits in the movie, when the files say.
    public var coverTimeSeconds: Double?

    /// - Parameters:
    ///   - still: a JPEG or HEIC.
    ///   - movie: the movie found beside it, if any.
    /// - Returns: a Live Photo when the two pair (as `inspect` judges a pair), else a Motion Photo when the still
    ///   holds a video, else nil.
    public static func detect(still: String, movie: String?) -> LivePhotoDetection? {
        if let movie {
            let reports = [FileAnalysis(path: still).report, FileAnalysis(path: movie).report]
            let stills = reports.filter { $0.format.isStill && $0.error == nil }
            let movies = reports.filter { $0.format.isMovie && $0.error == nil }
            if stills.count == 1, movies.count == 1, LivePhotoInspector.pairing(still: stills[0], movie: movies[0]).paired {
                return LivePhotoDetection(kind: .livePhoto, coverTimeSeconds: reports[1].movie?.coverTimeSeconds)
            }
        }
        guard let file = try? RandomAccessFile(path: still), let motion = try? MotionPhotoFile(file: file), motion.isMotionPhoto else {
            return nil
        }
        return LivePhotoDetection(kind: .motionPhoto, coverTimeSeconds: motion.coverTimeUs.map { Double($0) / 1_000_000 })
    }
}

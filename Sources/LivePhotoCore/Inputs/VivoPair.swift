import MediaFormats

/// vivo's two-file live photo (its phones up to the X200): `STEM.jpg` and `STEM.mp4` in one folder, each ending with
/// vivo's footer, joined by the footers' pairing id as an Apple pair is by its content identifier (docs/formats/makers.md#vivo-two-file-live-photos).
package struct VivoPair {
    /// The movie's path.
    package let movie: String
    package let pairingID: String
    /// The movie's frame times in seconds, in presentation order.
    package let frameTimes: [Double]
    /// The cover's frame, from the movie's `com.android.camera.imageTime`, when it names one inside the movie.
    package let coverFrameIndex: Int?

    /// The cover's time in the movie, when the movie names its frame.
    package var coverSeconds: Double? { coverFrameIndex.map { frameTimes[$0] } }

    /// The movie's footer (the last top-level box, a `uuid` of vivo's user type), when it has one.
    package static func movieFooter(_ file: RandomAccessFile) -> VivoFooter? {
        guard let movie = try? Movie(file: file) else { return nil }
        return try? VivoFooter.inMovie(file, topLevel: movie.topLevel)
    }

    /// `file` (named `path`) as the movie of a pair whose id is `pairingID`; nil when its footer carries another id, or
    /// none.
    package static func pair(movie file: RandomAccessFile, path: String, pairingID: String) -> VivoPair? {
        guard let movie = try? Movie(file: file), let footer = try? VivoFooter.inMovie(file, topLevel: movie.topLevel),
            footer.pairingID == pairingID
        else { return nil }
        let facts = MovieFacts(movie: movie)
        let times = ((try? facts.frameTimes()) ?? []).map(facts.seconds).sorted()
        let index = footer.imageTimeFrameIndex.flatMap { times.indices.contains($0) ? $0 : nil }
        return VivoPair(movie: path, pairingID: pairingID, frameTimes: times, coverFrameIndex: index)
    }

    /// The pair of a photo and a movie given together, when both footers carry one id.
    package static func pair(photo: InputFile, movie: InputFile) -> VivoPair? {
        photo.vivoPairingID.flatMap { pair(movie: movie.file, path: movie.path, pairingID: $0) }
    }
}

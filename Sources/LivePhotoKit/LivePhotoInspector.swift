/// Reads stills and movies and says what they are.
public enum LivePhotoInspector {
    /// Inspects each file; given exactly one still and one movie, also says whether they pair.
    ///
    /// Never throws: a file that cannot be read gets an ``FileReport/error``.
    public static func inspect(_ paths: [String]) async -> InspectionReport {
        let reports = paths.map { FileAnalysis(path: $0).report }
        var pair: PairReport?
        let stills = reports.filter { $0.format.isStill && $0.error == nil }
        let movies = reports.filter { $0.format.isMovie && $0.error == nil }
        if reports.count == 2, stills.count == 1, movies.count == 1 {
            pair = pairing(still: stills[0], movie: movies[0])
        }
        return InspectionReport(files: reports, pair: pair)
    }

    static func pairing(still: FileReport, movie: FileReport) -> PairReport {
        let paired: Bool
        let reason: String
        switch (still.contentIdentifier, movie.contentIdentifier) {
        case (nil, _): (paired, reason) = (false, "the photo has no content identifier (Apple MakerNote tag 0x0011)")
        case (_, nil): (paired, reason) = (false, "the movie has no com.apple.quicktime.content.identifier")
        case (let a?, let b?) where a == b: (paired, reason) = (true, "both carry \(a)")
        case (let a?, let b?): (paired, reason) = (false, "the identifiers differ: photo \(a), movie \(b)")
        }
        return PairReport(photo: still.path, movie: movie.path, paired: paired, reason: reason)
    }
}

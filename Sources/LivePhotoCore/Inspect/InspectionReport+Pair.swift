import MediaFormats

extension InspectionReport {
    /// Whether the files say they pair: given exactly one readable still and one readable movie (a bundle's members, or
    /// the files given), the pair they make; nil for any other set.
    package static func pair(of candidates: [FileReport]) -> PairReport? {
        let stills = candidates.filter { $0.format.isStill && $0.error == nil }
        let movies = candidates.filter { $0.format.isMovie && $0.error == nil }
        guard candidates.count == 2, stills.count == 1, movies.count == 1 else { return nil }
        return pairing(still: stills[0], movie: movies[0])
    }

    static func pairing(still: InspectionReport.FileReport, movie: InspectionReport.FileReport) -> InspectionReport.PairReport {
        let paired: Bool
        let reason: String
        switch (still.contentIdentifier, movie.contentIdentifier) {
        case (nil, _) where still.pairingIdentifier != nil && still.pairingIdentifier == movie.pairingIdentifier:
            (paired, reason) = (
                false,
                "a vivo live photo (both carry vivo's pairing id \(still.pairingIdentifier ?? "")), not an Apple one: "
                    + "convert --to live makes it one"
            )
        case (nil, _): (paired, reason) = (false, "the photo has no content identifier (Apple MakerNote tag 0x0011)")
        case (_, nil): (paired, reason) = (false, "the movie has no \(AppleMovieMetadata.contentIdentifierKey)")
        case (let a?, let b?) where a == b: (paired, reason) = (true, "both carry \(a)")
        case (let a?, let b?): (paired, reason) = (false, "the identifiers differ: photo \(a), movie \(b)")
        }
        return InspectionReport.PairReport(photo: still.path, movie: movie.path, paired: paired, reason: reason)
    }
}

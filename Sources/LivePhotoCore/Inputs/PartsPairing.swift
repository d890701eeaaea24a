/// What the content identifiers of a photo and a movie given together say about them: the parts of one Live
/// Photo, of two different ones, or plain files.
package struct PartsPairing {
    /// The photo's Apple MakerNote 0x0011, if any.
    package let photoIdentifier: String?
    /// The movie's `com.apple.quicktime.content.identifier`, if any.
    package let movieIdentifier: String?
    /// True when the movie has a still-image-time track (a Live Photo's movie that lost its identifier).
    package var movieHasStillImageTime: Bool = false
    /// vivo's pairing id, when both carry it in their footers (a vivo pair, which needs no Apple identifier).
    package var vivoPairingID: String?

    package init(
        photoIdentifier: String? = nil, movieIdentifier: String? = nil, movieHasStillImageTime: Bool = false, vivoPairingID: String? = nil
    ) {
        self.photoIdentifier = photoIdentifier
        self.movieIdentifier = movieIdentifier
        self.movieHasStillImageTime = movieHasStillImageTime
        self.vivoPairingID = vivoPairingID
    }

    /// True when both are Live Photo parts, of different Live Photos.
    package var differ: Bool {
        guard let a = photoIdentifier, let b = movieIdentifier else { return false }
        return a != b
    }

    /// The error for parts of different Live Photos, naming both files and both identifiers.
    package func mismatch(photo: String, movie: String) -> LivePhotoError {
        .refused(
            file: photo,
            reason: "this photo (identifier \(photoIdentifier ?? "none")) and \(movie) (identifier \(movieIdentifier ?? "none")) "
                + "belong to different Live Photos",
            remedy: .takeMismatchedPartsTogether)
    }

    /// Says which of the two were not Live Photo parts, when not both were.
    package var note: String? {
        if let vivoPairingID, photoIdentifier == nil || movieIdentifier == nil {
            return "a vivo live photo: both carry vivo's pairing id \(vivoPairingID)"
        }
        switch (photoIdentifier, movieIdentifier) {
        case (nil, nil) where movieHasStillImageTime:
            return
                "neither the photo nor the movie carries a content identifier; only the movie's still-image-time track marks it as a Live Photo's"
        case (nil, nil): return "neither the photo nor the movie was part of a Live Photo (no content identifier in either)"
        case (nil, _): return "the photo was not part of a Live Photo (no content identifier); the movie was"
        case (_, nil): return "the movie was not part of a Live Photo (no content identifier); the photo was"
        default: return differ ? "the photo and the movie belong to different Live Photos (taken together, as asked)" : nil
        }
    }
}

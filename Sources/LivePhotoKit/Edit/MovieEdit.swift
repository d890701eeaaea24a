import MediaFormats

/// What `edit` changes in a Live Photo's movie without re-encoding: the range of its timeline kept, and the sound.
struct MovieEdit: Sendable, Equatable {
    /// Seconds on the input's timeline; nil keeps its start (its end).
    var start: Double?
    var end: Double?
    /// Leave every sound track out.
    var mute = false

    var trims: Bool { start != nil || end != nil }

    /// `movie` with the edit made (its chunk offsets still pointing into the input), and what a cut kept.
    func apply(to movie: Movie, file: String) throws(LivePhotoError) -> (Movie, MovieCutReport?) {
        let sound = mute ? Set(movie.tracks.filter(\.isAudio).map(\.trackID)) : []
        if trims {
            let (cut, report) = try naming(file) { try movie.cut(from: start, to: end, droppingTracks: sound) }
            return (cut, report)
        }
        guard !sound.isEmpty else { return (movie, nil) }
        return (try naming(file) { try movie.removingTracks(sound) }, nil)
    }
}

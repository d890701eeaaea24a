import MediaFormats

/// What `edit` changes in a Live Photo's movie without re-encoding: the range of its timeline kept, and the sound.
package struct MovieEdit: Sendable, Equatable {
    /// Seconds on the input's timeline; nil keeps its start (its end).
    package var start: Double?
    package var end: Double?

    /// Leave every sound track out.
    package var mute: Bool = false

    package init(start: Double? = nil, end: Double? = nil, mute: Bool = false) {
        self.start = start
        self.end = end
        self.mute = mute
    }

    package var trims: Bool { start != nil || end != nil }

    /// `movie` with the edit made (its chunk offsets still pointing into the input), and what a cut kept.
    package func apply(to movie: Movie, file: String) throws(LivePhotoError) -> (Movie, MovieCutReport?) {
        let sound = mute ? Set(movie.tracks.filter { $0.isAudio }.map { $0.trackID }) : []
        if trims {
            let (cut, report) = try naming(file, try movie.cut(from: start, to: end, droppingTracks: sound))
            return (cut, report)
        }
        guard !sound.isEmpty else { return (movie, nil) }
        return (try naming(file, try movie.removingTracks(sound)), nil)
    }
}

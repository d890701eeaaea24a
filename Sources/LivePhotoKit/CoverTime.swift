import MediaFormats

/// Picks the video frame the still belongs to.
enum CoverTime {
    /// The frame nearest `requested` seconds, or nearest the middle of the video when nil.
    ///
    /// - Throws: ``LivePhotoError/invalidArgument(_:)`` when `requested` lies outside the video.
    static func snap(_ requested: Double?, facts: MovieFacts, file: String) throws(LivePhotoError) -> TrackTime {
        let frames = try naming(file) { try facts.frameTimes() }
        guard !frames.isEmpty else { throw .badInput(file: file, reason: "the video track has no frames on the movie timeline") }
        let duration = facts.videoDuration
        let target: Double
        if let requested {
            guard requested.isFinite, requested >= 0, requested <= duration + 1e-9 else {
                throw .invalidArgument(
                    "cover time \(format(requested)) s is outside the video of \(format(duration)) s (\(file))")
            }
            target = requested
        } else {
            target = duration / 2
        }
        var best = frames[0]
        var bestDistance = abs(facts.seconds(best) - target)
        for f in frames.dropFirst() {
            let d = abs(facts.seconds(f) - target)
            if d < bestDistance {
                best = f
                bestDistance = d
            }
        }
        return best
    }

    static func format(_ s: Double) -> String {
        let ms = (s * 1000).rounded() / 1000
        return String(ms)
    }
}

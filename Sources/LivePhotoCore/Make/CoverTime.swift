import MediaFormats

/// The cover time asked for, and how strictly it is held to the video.
package struct CoverRequest: Sendable {
    /// Seconds; nil keeps the movie's own still-image-time, or takes the frame nearest the middle.
    package var seconds: Double?

    /// True for a time an input suggests (a Motion Photo's timestamp, which real phones put past the last frame):
    /// outside the video it snaps to the nearest frame. False for a time the user gave: outside is an error.
    package var snapsOutside: Bool = false

    package init(seconds: Double? = nil, snapsOutside: Bool = false) {
        self.seconds = seconds
        self.snapsOutside = snapsOutside
    }
}

/// Picks the video frame the still belongs to.
package enum CoverTime {
    /// The frame nearest `requested` seconds, or nearest the middle of the video when nil.
    ///
    /// - Parameter snapsOutside: take the nearest frame even when `requested` lies outside the video.
    /// - Throws: ``LivePhotoError/invalidArgument(_:)`` when `requested` lies outside the video and `snapsOutside` is false.
    package static func snap(_ requested: Double?, snapsOutside: Bool = false, facts: MovieFacts, file: String) throws(LivePhotoError)
        -> TrackTime
    {
        let frames = try naming(file, try facts.frameTimes())
        guard !frames.isEmpty else { throw .badInput(file: file, reason: "the video track has no frames on the movie timeline") }
        let duration = facts.videoDuration
        let target: Double
        if let requested, snapsOutside, requested.isFinite {
            target = requested
        } else if let requested {
            guard !isOutside(requested, duration: duration) else {
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

    /// True when `seconds` is no time within a video of `duration` seconds.
    package static func isOutside(_ seconds: Double, duration: Double) -> Bool {
        !(seconds.isFinite && seconds >= 0 && seconds <= duration + 1e-9)
    }

    package static func format(_ s: Double) -> String {
        let ms = (s * 1000).rounded() / 1000
        return String(ms)
    }
}

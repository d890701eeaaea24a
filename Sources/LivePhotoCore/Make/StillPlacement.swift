import MediaFormats

/// Where the still goes in the movie, and in which timescales it can be named exactly.
package struct StillPlacement {
    /// True when the movie's own single still-image-time track is kept as it is.
    package var keepsExisting: Bool
    /// The still-image-time tracks to replace (none when kept).
    package var removedTrackIDs: Set<UInt32>
    package var coverSeconds: Double
    /// The still time in the output's movie timescale (the input's × ``scale``).
    package var stillTicks: UInt64
    /// Every movie-timescale value is multiplied by this (1 unless the input's timescale cannot name the frame).
    package var scale: UInt64
    /// The new track's media timescale: 600 as on iPhones, or the video's when 600 cannot express the time.
    package var trackTimescale: UInt32

    /// A time between the cover frame and the frame before it: seeking there makes a decoder stop exactly on
    /// the cover frame, whatever its rounding.
    package static func seekTime(for cover: Double, facts: MovieFacts) -> Double {
        let times = ((try? facts.frameTimes()) ?? []).map(facts.seconds).sorted()
        guard let index = times.firstIndex(where: { $0 >= cover - 1e-6 }) else { return max(0, cover - 0.001) }
        return index == 0 ? 0 : (times[index - 1] + times[index]) / 2
    }

    /// - Parameter cover: the time asked for; without one, a single existing still-image-time is kept, else the
    ///   middle frame is taken.
    package static func decide(cover: CoverRequest, facts: MovieFacts, video: MovieTrack, file: RandomAccessFile) throws(LivePhotoError)
        -> StillPlacement
    {
        let existing = facts.stillImageTimeTracks
        if cover.seconds == nil, existing.count == 1 {
            return StillPlacement(
                keepsExisting: true, removedTrackIDs: [], coverSeconds: facts.stillImageTime(existing[0], file: file)?.seconds ?? 0,
                stillTicks: 0, scale: 1, trackTimescale: AppleTimedMetadata.iPhoneStillImageTimeTimescale)
        }
        let inherited = existing.first.flatMap { facts.stillImageTime($0, file: file)?.seconds }
        let frame = try CoverTime.snap(
            cover.seconds ?? inherited, snapsOutside: cover.seconds == nil || cover.snapsOutside, facts: facts, file: file.path)
        let coverSeconds = facts.seconds(frame)
        let movieScale = facts.movie.header.timescale, mediaScale = video.mediaHeader.timescale
        func ticks(in timescale: UInt64) -> UInt64? {
            frame.ticks(in: timescale, movieTimescale: movieScale, mediaTimescale: mediaScale).flatMap { $0 >= 0 ? UInt64($0) : nil }
        }
        var placement = StillPlacement(
            keepsExisting: false, removedTrackIDs: Set(existing.map { $0.trackID }), coverSeconds: coverSeconds, stillTicks: 0, scale: 1,
            trackTimescale: AppleTimedMetadata.iPhoneStillImageTimeTimescale)
        if ticks(in: UInt64(placement.trackTimescale)) == nil, ticks(in: UInt64(mediaScale)) != nil {
            placement.trackTimescale = mediaScale
        }
        if let t = ticks(in: UInt64(movieScale)) {
            placement.stillTicks = t
            return placement
        }
        // The movie timescale cannot name the frame: move to a common multiple with the video's, which only
        // multiplies every movie-timescale value by a whole number.
        let common = MovieRemux.lcm(UInt64(movieScale), UInt64(mediaScale))
        if common <= UInt64(UInt32.max), let t = ticks(in: common) {
            placement.scale = common / UInt64(movieScale)
            placement.stillTicks = t
            return placement
        }
        let rounded = (coverSeconds * Double(movieScale)).rounded()
        guard rounded.isFinite, rounded >= 0, rounded < 1.8e19 else {
            throw .badInput(file: file.path, reason: "the movie's timing cannot place a still at \(coverSeconds) s")
        }
        placement.stillTicks = UInt64(rounded)
        return placement
    }
}

/// Where `make --duration` cuts a movie: `duration` seconds around the cover, copied from a keyframe at the window's
/// start when one lies within a frame of it (and not after the cover), else encoded anew from the time asked; a camera's
/// recording whose frames are off its steady rate is encoded too, its frames put on that rate (``CameraRate``).
package struct TrimWindow {
    package let start: Double
    package let duration: Double
    /// The codec the cut is encoded to; nil when its samples are copied.
    package let reencode: VideoCodec?
    /// The camera's rate the frames are put on, with the ticks' place from the first frame.
    package let steadyRate: Double?
    package let gridOffset: Double

    /// The report of the cut, once made.
    package var report: MakeResult.TrimReport {
        MakeResult.TrimReport(start: start, duration: duration, method: reencode == nil ? .copied : .reencoded)
    }

    /// - Parameters:
    ///   - cover: the cover's time in `movie`.
    ///   - before: the seconds kept before the cover; nil centres the window on it.
    ///   - snapsToCameraRate: the movie is a camera's recording whose frame times carry the recorder's jitter.
    /// - Returns: nil when the movie is no longer than `duration`: nothing to cut.
    package static func plan(_ movie: RemuxSource, cover: Double, duration: Double, before: Double?, snapsToCameraRate: Bool)
        -> TrimWindow?
    {
        guard duration < movie.videoDuration - 0.0005 else { return nil }
        let wanted = min(max(0, cover - min(before ?? duration / 2, duration)), movie.videoDuration - duration)
        let keyframe = movie.keyframeTimes.min { abs($0 - wanted) < abs($1 - wanted) }
        // Frames put on a steady rate get new times: a copy keeps the recorder's (unless they are on it already).
        let rate = snapsToCameraRate ? CameraRate.steady(movie.frameTimes) : nil
        let snap = rate.flatMap { CameraRate.isOnGrid(movie.frameTimes, rate: $0) ? nil : $0 }
        let lossless = snap == nil && (keyframe.map { abs($0 - wanted) <= movie.frameInterval && $0 <= cover } ?? false)
        let start = lossless ? (keyframe ?? wanted) : wanted
        return TrimWindow(
            start: start, duration: duration, reencode: lossless ? nil : (movie.videoCodec == "hevc" ? .hevc : .h264), steadyRate: snap,
            gridOffset: snap.map { CameraRate.offset(movie.frameTimes, from: start, duration: duration, rate: $0) } ?? 0)
    }
}

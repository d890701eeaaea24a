/// The steady rate a camera delivered its frames at, read back from a recording's frame times. A browser's
/// MediaRecorder stamps each frame with the moment it arrived, a few milliseconds either side of the camera's clock:
/// over a 3 s cut that jitter alone can put a steady 20 fps camera at 19.99 fps, under the lock screen's 20 (G4 of
/// docs/formats/wallpaper.md#gates). Put back on the camera's rate, the same frames make exactly 20.
package enum CameraRate {
    /// The rates cameras deliver at.
    package static let known: [Double] = [15, 20, 24, 25, 30, 48, 50, 60, 24000.0 / 1001, 30000.0 / 1001, 60000.0 / 1001]

    /// The known rate whose frame interval is the recording's typical one (its median, within 3 %); nil when the
    /// frames keep no steady rate (a variable-rate phone video, too few frames).
    package static func steady(_ times: [Double]) -> Double? {
        guard times.count >= 10 else { return nil }
        let intervals = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
        let median = intervals[intervals.count / 2]
        guard median > 0 else { return nil }
        let measured = 1 / median
        guard let nearest = known.min(by: { abs($0 - measured) < abs($1 - measured) }), abs(nearest - measured) <= nearest * 0.03
        else { return nil }
        return nearest
    }

    /// Where the camera's ticks lie from the first frame at or after `start`, within half a frame either side: of the
    /// places the frames of `duration` seconds from there suggest, the one that leaves the frame farthest from its
    /// tick nearest to it. Counted from the first frame alone, a frame as late as that one was early would round onto
    /// its neighbour's tick.
    package static func offset(_ times: [Double], from start: Double, duration: Double, rate: Double) -> Double {
        let kept = times.filter { $0 >= start && $0 < start + duration }
        guard let first = kept.first, kept.count > 1, rate > 0 else { return 0 }
        // Each frame's place between two ticks, in turns of a frame (-0.5 to 0.5).
        func wrapped(_ turn: Double) -> Double { turn - turn.rounded() }
        let places = kept.map { wrapped(($0 - first) * rate) }
        let best = places.min { a, b in
            places.map { abs(wrapped($0 - a)) }.max() ?? 0 < places.map { abs(wrapped($0 - b)) }.max() ?? 0
        }
        return (best ?? 0) / rate
    }

    /// True when every frame already sits on a tick of `rate` counted from the first (within a tenth of a millisecond):
    /// nothing to put right.
    package static func isOnGrid(_ times: [Double], rate: Double) -> Bool {
        guard let first = times.first else { return true }
        return times.allSatisfy { time in
            let ticks = (time - first) * rate
            return abs(ticks - ticks.rounded()) / rate < 0.0001
        }
    }
}

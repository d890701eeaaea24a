import LivePhotoMedia
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The recording's first segment, made fit for a movie. ffmpeg (5.1) gives the first group of pictures it copies
/// video times that are late: by the frames decoded before time 0 when the stream has B-frames (measured: 2 frames
/// at 30 fps), by the audio's priming when only that starts before 0 (0.023 s). Those frames then overlap the
/// second segment's, and a movie that holds them shows its pre-roll out of order and its still off the press. The
/// segment is kept, with its video moved back by what it overlaps; what then falls before time 0 is left out by
/// the cut (a movie's window never starts before 0).
enum FirstSegment {
    /// The first segment's file once repaired, in the ring.
    static let repairedName = "first-retimed.ts"

    /// Repairs `list`'s first segment once the one after it is listed (until then there is nothing it overlaps).
    static func repair(_ list: inout SegmentList, ring: String, ffmpeg: FFmpeg) async throws(MediaToolError) {
        guard let (first, next) = list.unrepairedFirst, let next else { return }
        let packets = try await ffmpeg.videoPackets(ring + "/" + first.name)
        let following = try await ffmpeg.videoPackets(ring + "/" + next.name)
        guard let lateBy = lateness(packets, nextKeyframe: following.first { $0.keyframe }?.time) else {
            list.replaceFirst(with: first)
            return
        }
        let repaired = ring + "/" + repairedName
        try await ffmpeg.shiftVideo(ring + "/" + first.name, earlierBy: lateBy, to: repaired)
        unlink(ring + "/" + first.name)
        list.replaceFirst(with: SegmentList.Segment(name: repairedName, start: first.start, end: first.end))
    }

    /// How late the first segment's video is, in seconds: how far its last frame, plus a frame's time, runs past
    /// the next segment's keyframe; nil when it does not (or cannot be told).
    static func lateness(_ packets: [SegmentPacket], nextKeyframe: Double?) -> Double? {
        let times = packets.map(\.time).sorted()
        guard let nextKeyframe, let last = times.last, times.count >= 2 else { return nil }
        let steps = zip(times.dropFirst(), times).map { $0 - $1 }.filter { $0 > 0 }.sorted()
        guard !steps.isEmpty else { return nil }
        let frame = steps[steps.count / 2]
        let late = last + frame - nextKeyframe
        // Less than a millisecond is rounding; more than the segment is not a shift this explains.
        return late > 0.001 && late < last - times[0] + frame ? late : nil
    }
}

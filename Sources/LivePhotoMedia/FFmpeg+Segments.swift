internal import PortableFoundation

/// One video packet of a recorded segment, as ffprobe reads it.
public struct SegmentPacket: Sendable, Equatable {
    /// Presentation time, in the segment's own seconds (MPEG-TS: the stream's time plus the muxer's delay).
    public var time: Double
    public var keyframe: Bool

    public init(time: Double, keyframe: Bool) {
        self.time = time
        self.keyframe = keyframe
    }
}

extension FFmpeg {
    /// The video packets of `segment` (one of ``recordSegments(_:into:copyVideo:codec:audio:segmentSeconds:shouldStop:)``'s
    /// files), in decoding order; packets without a presentation time are left out.
    public func videoPackets(_ segment: String) async throws(MediaToolError) -> [SegmentPacket] {
        let text = try await probeOutput(
            ["-select_streams", "v:0", "-show_entries", "packet=pts_time,flags", "-of", "csv=p=0", segment], file: segment)
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard let first = fields.first, let time = Double(first) else { return nil }
            return SegmentPacket(time: time, keyframe: fields.count > 1 && fields[1].hasPrefix("K"))
        }
    }

    /// Copies the MPEG-TS `segment` to `output` with its video `seconds` earlier (presentation and decoding times
    /// alike; the audio as it is), every packet's bytes unchanged.
    public func shiftVideo(_ segment: String, earlierBy seconds: Double, to output: String) async throws(MediaToolError) {
        // MPEG-TS counts in 90 kHz ticks; -copyts and no muxer delay keep every other time as it was.
        let ticks = Int((seconds * 90_000).rounded())
        try await run(
            [
                "-copyts", "-i", segment, "-map", "0", "-c", "copy", "-bsf:v", "setts=pts=PTS-\(ticks):dts=DTS-\(ticks)",
                "-muxdelay", "0", "-muxpreload", "0", "-avoid_negative_ts", "disabled", "-f", "mpegts", output,
            ], file: segment, duration: nil)
    }
}

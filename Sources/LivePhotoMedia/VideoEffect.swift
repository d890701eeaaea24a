/// What iOS Photos makes of a Live Photo's movie, as ffmpeg filters.
public enum VideoEffect: String, Sendable, Codable, CaseIterable {
    /// A clip that loops without a jump: its last moments cross-fade into its first.
    case loop
    /// Forward, then backward, no frame shown twice at the turns, so that it loops.
    case bounce

    /// The filter graph from the first video stream to `[fx]`.
    /// - Parameters:
    ///   - duration: the video's length in seconds.
    ///   - frameCount: its frames.
    func graph(duration: Double, frameCount: Int) -> String {
        switch self {
        case .loop:
            // The clip from F on, its last F seconds blended into its first F seconds, which end on the frame at F,
            // where it starts again: D - F seconds that loop seamlessly.
            let fade = max(0.1, min(0.5, duration / 4))
            let offset = max(0, duration - 2 * fade)
            return "[0:v:0]split[body][head];[head]trim=end=\(fade),setpts=PTS-STARTPTS[h];"
                + "[body]trim=start=\(fade),setpts=PTS-STARTPTS[b];[b][h]xfade=transition=fade:duration=\(fade):offset=\(offset)[fx]"
        case .bounce:
            // Frames 0 … N-1, then N-2 … 1: the loop starts again at 0, so neither end is shown twice.
            let back = frameCount > 2 ? "trim=start_frame=1:end_frame=\(frameCount - 1)," : "trim=start_frame=1,"
            return "[0:v:0]split[f][r];[r]reverse,\(back)setpts=PTS-STARTPTS[rv];[f]setpts=PTS-STARTPTS[fw];[fw][rv]concat=n=2:v=1:a=0[fx]"
        }
    }
}

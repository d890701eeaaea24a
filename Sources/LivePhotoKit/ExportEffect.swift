import LivePhotoMedia

/// The effects iOS Photos offers for a Live Photo, made by `export`.
public enum ExportEffect: String, Sendable, Codable, CaseIterable {
    /// The clip looping without a jump: its end cross-fades into its start.
    case loop
    /// Forward then backward, looping, no frame shown twice at the turns.
    case bounce

    /// The same effect, as the ffmpeg layer names it.
    var media: VideoEffect {
        switch self {
        case .loop: .loop
        case .bounce: .bounce
        }
    }
}

import LivePhotoMedia

/// The effects iOS Photos offers for a Live Photo, made by `export`.
public enum ExportEffect: String, Sendable, Codable, CaseIterable {
    /// The clip looping without a jump: its end cross-fades into its start.
    case loop
    /// Forward then backward, looping, no frame shown twice at the turns.
    case bounce
    /// One still: the mean of every frame, after stabilisation; a photo, not a Live Photo.
    case longExposure = "long-exposure"

    /// The same effect, as the ffmpeg layer names it; nil for a still.
    var media: VideoEffect? {
        switch self {
        case .loop: .loop
        case .bounce: .bounce
        case .longExposure: nil
        }
    }
}

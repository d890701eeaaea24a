/// Apple's movie-level QuickTime metadata keys (`mdta` namespace, in the `moov` `meta`) that Live Photo movies
/// carry (docs/formats/live-photo.md#movie-metadata), and the values real captures hold for the ones a writer adds. Timed-metadata keys are
/// ``AppleTimedMetadata``'s.
public enum AppleMovieMetadata {
    /// The UUID (UTF-8) that a Live Photo's still and movie share; the still holds it in MakerNote tag 0x0011.
    public static let contentIdentifierKey = "com.apple.quicktime.content.identifier"
    /// How lively the capture is judged (float32).
    public static let vitalityScoreKey = "com.apple.quicktime.live-photo.vitality-score"
    /// The version of the vitality scoring (an 8-byte signed integer).
    public static let vitalityScoringVersionKey = "com.apple.quicktime.live-photo.vitality-scoring-version"
    /// A vitality score of 1.0, as real iOS 18 and 26 captures carry.
    public static let capturedVitalityScore = QuickTimeMetadata.Value.float32(1.0)
    /// Vitality scoring version 4, as real iOS 18 and 26 captures carry.
    public static let capturedVitalityScoringVersion = QuickTimeMetadata.Value.signedInteger(4)
    /// Both vitality keys with the values real captures hold, in the order they are written.
    public static let capturedVitality: [(key: String, value: QuickTimeMetadata.Value)] = [
        (vitalityScoreKey, capturedVitalityScore), (vitalityScoringVersionKey, capturedVitalityScoringVersion),
    ]
}

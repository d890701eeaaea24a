/// Whether `make` prepares the movie for the lock screen's animated wallpaper (docs/formats/wallpaper.md#gates).
public enum WallpaperMode: String, Sendable, Codable, CaseIterable {
    /// Write the `live-photo-info` track; say so when the cover or frame rate keeps the wallpaper still.
    case auto
    /// The same, but a cover or frame rate that keeps the wallpaper still is an error.
    case required
    /// Leave the track out.
    case off
}

/// What `verify` found. The JSON form is stable: fields may be added, never renamed; check IDs never change meaning.
public struct VerificationReport: Sendable, Codable, Equatable {
    public var photo: String
    public var movie: String
    /// True when every required check passed.
    public var passed: Bool
    public var checks: [VerificationCheck]
    /// Whether the movie can animate as a lock-screen wallpaper, gate by gate (apart from pairing: `passed` does
    /// not depend on it). Nil when the movie cannot be read.
    public var wallpaper: WallpaperReport?
}

public struct VerificationCheck: Sendable, Codable, Equatable {
    public enum Requirement: String, Sendable, Codable {
        /// Photos does not pair the files without it.
        case required
        /// Real iPhones write it; Photos is known to work without it, but some features may not.
        case recommended
    }

    /// A stable name, e.g. `identifiers-match`.
    public var id: String
    public var requirement: Requirement
    public var passed: Bool
    /// Why it passed or failed, in words.
    public var detail: String
}

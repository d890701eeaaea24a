/// What `verify` found. The JSON form is stable: fields may be added, never renamed; check IDs never change meaning.
public struct VerificationReport: Sendable, Codable, Equatable {
    public var photo: String
    public var movie: String
    /// True when every required check passed (recommended and informational ones never decide it).
    public var passed: Bool
    public var checks: [VerificationReport.Check]
    /// Whether the movie can animate as a lock-screen wallpaper, gate by gate (apart from pairing: `passed` does
    /// not depend on it). Nil when the movie cannot be read.
    public var wallpaper: WallpaperReport?
}

extension VerificationReport {
    public struct Check: Sendable, Codable, Equatable {
        public enum Requirement: String, Sendable, Codable {
            /// Photos does not pair the files without it.
            case required
            /// Real iPhones write it; Photos is known to work without it, but some features may not.
            case recommended
            /// How the file compares with some iPhones' output, where camera originals differ among themselves (a still
            /// between frames, no `tref`): reported, never a failure.
            case informational
        }

        /// A stable name, e.g. `identifiers-match`.
        public var id: String
        public var requirement: Requirement
        public var passed: Bool
        /// Why it passed or failed, in words.
        public var detail: String
    }
}

extension LibraryImport {
    /// A file of the Takeout that is not a photo or video, and is not the sidecar a media file took its date from
    /// (that one is named by the media file's ``Entry/sidecar``): what it is, and why it was not imported
    /// (`docs/guide/takeout.md#what-becomes-of-each-file`).
    public struct NonMediaFile: Sendable, Codable, Equatable {
        /// What the file is.
        public enum Kind: String, Sendable, Codable, CaseIterable {
            /// The export's own data (a Takeout's, Apple's data copy's, a folder's): its HTML index and text, memory
            /// titles, print orders, shared albums' comments, any JSON that is neither a sidecar nor an album's metadata.
            case takeoutData = "takeout-data"
            /// An album's metadata: the album's title is read from it, and albums are kept as `--albums` says.
            case albumMetadata = "album-metadata"
            /// A media file's sidecar that matched no photo or video of its folder (or could belong to two).
            case unusedSidecar = "unused-sidecar"
            /// A file that could not be read (a JSON file that is not JSON, a path outside the tree); it is a problem
            /// of the report too.
            case notRead = "not-read"
        }

        /// The part it came from (its file name), or the folder given.
        public var part: String
        /// Its path inside the part.
        public var member: String
        /// What it is.
        public var kind: Kind
        /// Why it was not imported.
        public var reason: String

        /// A non-media file, its fields given one by one.
        public init(part: String, member: String, kind: Kind, reason: String) {
            self.part = part
            self.member = member
            self.kind = kind
            self.reason = reason
        }
    }
}

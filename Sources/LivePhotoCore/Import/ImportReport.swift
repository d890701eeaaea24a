/// What an import did with every file of the export, and what it could not (`docs/guide/takeout.md#what-becomes-of-each-file`):
/// the lines of `import --json`.
package struct ImportReport: Sendable, Equatable {
    /// What became of one media file.
    package struct Entry: Sendable, Equatable {
        package enum Outcome: String, Sendable, CaseIterable {
            case written
            case pairedLivePhoto = "paired-live-photo"
            case mergedIntoMotionPhoto = "merged-into-motion-photo"
            case duplicate
            case alreadyWritten = "already-written"
            case skipped
            case failed
        }

        /// The part it came from (its file name), or the folder given.
        package var part: String
        /// Its path inside the part.
        package var member: String
        package var outcome: Outcome
        /// The file written for it, relative to the output folder.
        package var output: String?
        /// `PART: MEMBER` of the copy that was written, for a duplicate.
        package var duplicateOf: String?
        /// Why it was skipped or failed.
        package var reason: String?
        /// The sidecar its date and place came from (its path in the part).
        package var sidecar: String?
        /// What was written into the file.
        package var wrote: [String] = []
        /// The albums it is in, by title.
        package var albums: [String] = []
        package var notes: [String] = []

        package init(part: String, member: String, outcome: Outcome) {
            self.part = part
            self.member = member
            self.outcome = outcome
        }
    }

    /// A file of the export that is not media, and not a sidecar a media file took its date from.
    package struct NonMediaFile: Sendable, Equatable {
        package enum Kind: String, Sendable, CaseIterable {
            case takeoutData = "takeout-data"
            case albumMetadata = "album-metadata"
            case unusedSidecar = "unused-sidecar"
            case notRead = "not-read"
        }

        package var part: String
        package var member: String
        package var kind: Kind
        /// Why it was not imported.
        package var reason: String

        package init(part: String, member: String, kind: Kind, reason: String) {
            self.part = part
            self.member = member
            self.kind = kind
            self.reason = reason
        }
    }

    /// Every media file, in the parts' order.
    package var entries: [Entry] = []
    /// Every other file but the sidecars media files took their dates from, in the parts' order.
    package var nonMediaFiles: [NonMediaFile] = []
    /// How many files are sidecars a media file took its date and place from.
    package var sidecarFiles = 0
    /// `PART: MEMBER` of the export's own data and albums' metadata among ``nonMediaFiles``.
    package var otherFiles: [String] = []
    /// `PART: MEMBER` of the sidecars that matched no media file, sorted.
    package var unusedSidecars: [String] = []
    /// Problems with a whole part or a member that is not media: `PART: MEMBER: REASON`.
    package var problems: [String] = []

    package init() {}
}

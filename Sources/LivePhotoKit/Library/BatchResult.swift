extension LibraryBatch {
    /// What a batch did with one item: one JSON line of `--json`.
    public struct ItemResult: Sendable, Codable, Equatable {
        public enum Status: String, Sendable, Codable {
            /// Written (or, for verify, passed).
            case done
            /// Its outputs were already there and hold: left as they are.
            case skipped
            /// It failed; `reason` says why. The other items go on.
            case failed
            /// `--dry-run`: what would be written.
            case planned
            /// A file of the folders that could not be read at all (`reason` says why, as `scan` does): left alone,
            /// and listed so that no input goes unmentioned.
            case damaged
        }

        /// The first file's path relative to its root: what the item is called in reports and shares.
        public var item: String
        public var kind: LibraryItem.Kind
        public var status: Status
        /// The item's files, absolute.
        public var inputs: [String]
        /// What was written, or would be (`planned`), or is already there (`skipped`).
        public var outputs: [String]
        public var reason: String?
        public var notes: [String]
        /// The bytes of the item's files.
        public var bytes: Int64
    }
}

extension LibraryBatch {
    /// How far a batch has come, for a progress bar.
    public struct Progress: Sendable, Equatable {
        /// Items finished (done, skipped or failed), of `totalItems`.
        public var finishedItems: Int
        public var totalItems: Int
        public var failedItems: Int
        public var skippedItems: Int
        /// Bytes of the finished items' files, of `totalBytes`.
        public var finishedBytes: Int64
        public var totalBytes: Int64
    }
}

extension LibraryBatch {
    /// What a batch did, in counts.
    public struct Summary: Sendable, Codable, Equatable {
        /// Items the action takes (in this share).
        public var items: Int
        public var done: Int
        public var skipped: Int
        public var failed: Int
        public var planned: Int
        /// Items of other kinds, or of other shares, left alone.
        public var leftAlone: Int
        /// Of those, the damaged files (of this share), each reported with its reason.
        public var damaged: Int = 0
        /// True when an interrupt stopped the batch before every item was finished.
        public var interrupted: Bool
    }
}

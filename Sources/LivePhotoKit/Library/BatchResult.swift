extension LibraryBatch {
    /// What a batch did with one item: one JSON line of `--json` (the core's, which the browser writes too).
    public typealias ItemResult = LibraryItem.BatchResult
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

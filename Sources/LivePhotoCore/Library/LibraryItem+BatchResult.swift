extension LibraryItem {
    /// What a batch did with one item: one JSON line of `--json` (docs/reference/json.md#batches), from the command line
    /// and from the browser alike.
    public struct BatchResult: Sendable, Codable, Equatable {
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
        /// The item's files (absolute on the command line; in a browser, relative to the folder chosen).
        public var inputs: [String]
        /// What was written, or would be (`planned`), or is already there (`skipped`).
        public var outputs: [String]
        public var reason: String?
        public var notes: [String]
        /// The bytes of the item's files.
        public var bytes: Int64

        public init(
            item: String, kind: LibraryItem.Kind, status: Status, inputs: [String], outputs: [String], reason: String?, notes: [String],
            bytes: Int64
        ) {
            self.item = item
            self.kind = kind
            self.status = status
            self.inputs = inputs
            self.outputs = outputs
            self.reason = reason
            self.notes = notes
            self.bytes = bytes
        }
    }
}

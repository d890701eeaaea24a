/// Why bytes could not be read as the format they claim to be.
///
/// Errors carry the absolute offset where the problem was found, so a message can point at the byte.
/// They never name a file: the layer that opened the file adds its path.
public struct FormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad class of problem.
    public enum Kind: Sendable, Equatable {
        /// The data ends before a structure does.
        case truncated
        /// A structure is present but its fields contradict each other or the file.
        case malformed
        /// A valid structure this project does not handle (yet).
        case unsupported
        /// The bytes are not the format at all.
        case notRecognized
        /// The bytes could not be read: the system's error (its message), not the data's.
        case unreadable
    }

    /// What class of problem this is.
    public var kind: Kind
    /// What went wrong, for a person to read; it names the structure, never the file.
    public var message: String
    /// Absolute byte offset where the problem was seen, when known.
    public var offset: Int64?

    /// An error of `kind` with `message`, seen at absolute byte `offset` when known.
    public init(_ kind: Kind, _ message: String, at offset: Int64? = nil) {
        self.kind = kind
        self.message = message
        self.offset = offset
    }

    /// The message, followed by the offset when known.
    public var description: String {
        if let offset { return "\(message) (at byte \(offset))" }
        return message
    }

    static func truncated(_ what: String, at offset: Int64) -> FormatError {
        FormatError(.truncated, "\(what) runs past the end of the data", at: offset)
    }
}

/// Why the server cannot start.
public enum ServerError: Error, Sendable, CustomStringConvertible {
    /// The TLS certificate or key cannot be read, made or used.
    case tls(String)

    public var description: String {
        switch self {
        case .tls(let message): "TLS: \(message)"
        }
    }
}

/// The still's file format.
public enum PhotoFormat: String, Sendable, Codable, CaseIterable {
    case jpeg
    case heic
}

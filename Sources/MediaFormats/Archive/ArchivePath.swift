/// A member's or entry's name in an archive, judged before anything is written for it: whether it stays under the
/// folder it is extracted into, and its components.
///
/// Both separators count: `/`, and `\` as zips written on Windows use it, so `a\..\b` is as unsafe as `a/../b`.
public struct ArchivePath: Sendable, Equatable {
    /// The name as the archive holds it.
    public let name: String
    /// The name's components, empty ones and `.` left out (`a//./b/` is `a`, `b`).
    public let components: [String]
    /// Why the name must not be written under a folder, or nil when it may.
    public let problem: String?

    /// Whether the name stays under the folder it is written into: not absolute, no `..` component, no NUL, no drive
    /// letter, and at least one component.
    public var isSafe: Bool { problem == nil }

    /// Judges `name`.
    /// - Parameter name: a member's or entry's name, as the archive holds it.
    public init(_ name: String) {
        self.name = name
        let parts = name.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }.map(String.init)
        components = parts.filter { !$0.isEmpty && $0 != "." }
        if name.utf8.contains(0) {
            problem = "'\(name)' holds a NUL byte"
        } else if name.hasPrefix("/") || name.hasPrefix("\\") {
            problem = "'\(name)' is an absolute path"
        } else if let first = name.unicodeScalars.first, first.properties.isAlphabetic,
            name.unicodeScalars.dropFirst().first == ":"
        {
            problem = "'\(name)' starts with a drive letter"
        } else if parts.contains("..") {
            problem = "'\(name)' climbs out of its folder ('..')"
        } else if components.isEmpty {
            problem = "'\(name)' names no file"
        } else {
            problem = nil
        }
    }

    /// The name checked.
    /// - Throws: ``FormatError`` naming the entry and the problem when it is not safe to write under a folder.
    /// - Returns: the name's components.
    public func safeComponents() throws(FormatError) -> [String] {
        if let problem { throw FormatError(.malformed, "unsafe entry name: \(problem)") }
        return components
    }
}

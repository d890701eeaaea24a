internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One folder of the server's machine, as the Import view lists it to pick a Takeout from.
struct FolderListing: Sendable, Encodable {
    /// A folder, or a file that may be a Takeout part.
    struct Entry: Sendable, Encodable, Equatable {
        enum Kind: String, Sendable, Encodable {
            case folder, part
        }

        var name: String
        var kind: Kind
        /// A part's size in bytes; nil for a folder.
        var size: Int64?
    }

    /// The folder listed, as an absolute path without `.` or `..`.
    var path: String
    /// The folder above it; nil at `/`.
    var parent: String?
    /// The user's home folder, where a listing starts.
    var home: String
    /// Folders first, then parts, each sorted by name.
    var entries: [Entry]
    /// True when the folder held more than ``FolderBrowser/maxEntries`` entries to show, and the rest were left out.
    var truncated: Bool
}

/// Lists a folder of the server's machine for the Import view: its folders and the files that may be a Takeout's parts
/// (`.zip`, `.tgz`, `.tar.gz`, `.tar`), with their sizes. This is the only place a path from a request is read, and
/// it reads only names and sizes: what this user can read, never a hidden name (nor a path through one), never the
/// server's own work folder.
struct FolderBrowser: Sendable {
    /// Why a folder cannot be listed, in words that name only the path the user gave.
    struct Refusal: Error, Sendable {
        enum Kind: Sendable { case badRequest, notFound, forbidden }
        var kind: Kind
        var message: String
    }

    /// The most entries a listing sends.
    static let maxEntries = 5_000
    static let partSuffixes = [".zip", ".tgz", ".tar.gz", ".tar"]

    /// Folders the listing never enters nor shows: the shared folder of the servers' work folders (and so every
    /// server's).
    let privateFolders: [String]
    let home: String

    init(workDirectory: String, home: String = FolderBrowser.homeFolder) {
        let work = Self.normalized(workDirectory) ?? workDirectory
        let parent = URL(fileURLWithPath: work).deletingLastPathComponent().path
        // Servers share `livephoto-serve-UID/`: that folder and all under it stay private.
        privateFolders = URL(fileURLWithPath: parent).lastPathComponent.hasPrefix("livephoto-serve-") ? [parent] : [work]
        self.home = home
    }

    /// This user's home folder: `$HOME`, else what the system says.
    static var homeFolder: String {
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        return normalized(home ?? FileManager.default.homeDirectoryForCurrentUser.path) ?? "/"
    }

    /// Lists `requested` (absolute, or starting with `~`), or the home folder when nil or empty.
    func list(_ requested: String?) throws(Refusal) -> FolderListing {
        let path = try resolve(requested)
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errno
            if reason == EACCES { throw Refusal(kind: .forbidden, message: "\(path) cannot be read by the server's user.") }
            throw Refusal(kind: .notFound, message: "No such folder: \(path).")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw Refusal(kind: .badRequest, message: "\(path) is a file, not a folder.") }
        guard access(path, R_OK | X_OK) == 0, let directory = opendir(path) else {
            throw Refusal(kind: .forbidden, message: "\(path) cannot be read by the server's user.")
        }
        defer { closedir(directory) }
        var folders: [FolderListing.Entry] = [], parts: [FolderListing.Entry] = []
        var truncated = false
        let descriptor = dirfd(directory)
        while let record = readdir(directory) {
            let name = withUnsafeBytes(of: record.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix("."), !name.isEmpty else { continue }
            let full = path == "/" ? "/\(name)" : "\(path)/\(name)"
            guard !isPrivate(full) else { continue }
            // Links are followed, as the import would follow them; what this user cannot read is left out.
            var entry = stat()
            guard fstatat(descriptor, name, &entry, 0) == 0 else { continue }
            if folders.count + parts.count >= Self.maxEntries {
                truncated = true
                break
            }
            switch entry.st_mode & S_IFMT {
            case S_IFDIR where faccessat(descriptor, name, R_OK | X_OK, 0) == 0:
                folders.append(.init(name: name, kind: .folder, size: nil))
            case S_IFREG where Self.isPart(name) && faccessat(descriptor, name, R_OK, 0) == 0:
                parts.append(.init(name: name, kind: .part, size: Int64(entry.st_size)))
            default: continue
            }
        }
        let byName: (FolderListing.Entry, FolderListing.Entry) -> Bool = {
            ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name)
        }
        let parent = path == "/" ? nil : URL(fileURLWithPath: path).deletingLastPathComponent().path
        return FolderListing(
            path: path, parent: parent, home: home, entries: folders.sorted(by: byName) + parts.sorted(by: byName),
            truncated: truncated)
    }

    /// The absolute, normalised path of a request, refused when it is relative, hidden or private.
    func resolve(_ requested: String?) throws(Refusal) -> String {
        let text = (requested ?? "").trimmingWhitespace()
        if text.isEmpty { return home }
        guard !text.contains("\0") else { throw Refusal(kind: .badRequest, message: "That is not a path.") }
        let expanded = text == "~" ? home : text.hasPrefix("~/") ? home + String(text.dropFirst()) : text
        guard let path = Self.normalized(expanded) else {
            throw Refusal(kind: .badRequest, message: "Give a full path (starting with / or ~/): \(text) is not one.")
        }
        guard !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
            throw Refusal(kind: .forbidden, message: "Hidden folders are not listed: \(text).")
        }
        guard !isPrivate(path) else { throw Refusal(kind: .forbidden, message: "That folder is the server's own; it is not listed.") }
        return path
    }

    /// True for the server's private folders and what lies inside them.
    func isPrivate(_ path: String) -> Bool {
        privateFolders.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// Whether a file's name is one of a Takeout part's.
    static func isPart(_ name: String) -> Bool {
        let lower = name.lowercased()
        return partSuffixes.contains { lower.hasSuffix($0) }
    }

    /// `path` without `.`, `..` or repeated slashes; nil when it is not absolute.
    static func normalized(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return nil }
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}

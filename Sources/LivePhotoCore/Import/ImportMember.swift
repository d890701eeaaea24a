import MediaFormats

/// One file of an export's tree: a member of a part (a zip), or a file of a folder
/// (`docs/guide/takeout.md#what-becomes-of-each-file`).
package struct ImportMember: Sendable, Equatable {
    /// What a file is for, judged by its name's extension before its bytes are read: media are judged again by their
    /// bytes once written.
    package enum Role: Sendable, Equatable {
        case media
        /// A sidecar: Google's or osxphotos' JSON, or an XMP file (icloudpd, osxphotos, Photos).
        case sidecar
        /// A CSV table: an Apple data copy's photo details, albums and memories.
        case table
        /// A zip inside the export (an Apple data copy's shared albums): read as a part of its own.
        case archive
        case other
    }

    /// Which part it is in (an index into the run's parts).
    package let part: Int
    /// Its path in the part, `/`-separated, as the archive or folder has it.
    package let path: String
    package let size: Int64
    package let role: Role
    /// Why its name as the part holds it could not be read as it is (not valid UTF-8), when it could not.
    package var nameProblem: String?

    package init(part: Int, path: String, size: Int64, nameProblem: String? = nil) {
        self.part = part
        self.path = path
        self.size = size
        self.nameProblem = nameProblem
        role = Self.role(of: path)
    }

    /// The name after the last `/`.
    package var name: String { path.split(separator: "/").last.map(String.init) ?? path }
    /// The folder it is in, `/`-separated ("" at the top).
    package var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The extensions of the files an export holds that are not media: a Takeout's HTML index and text, the `.AAE`
    /// edit files of Apple's exports.
    package static let otherExtensions: Set<String> = ["html", "htm", "txt", "xml", "css", "js", "pdf", "md", "aae", "plist"]

    /// Sidecars, tables and nested zips by their extension; the few kinds of text an export holds, a Mac's `.DS_Store`
    /// and resource forks (`._X`, `__MACOSX/`) are other; everything else is media, whatever its extension says
    /// (Google Photos keeps `.mod`, `.mpo`, RAW files and more): it is judged by its bytes once written, and written as
    /// it is when livephoto does not read it, so that no photo is left out for its name.
    package static func role(of path: String) -> Role {
        let name = path.split(separator: "/").last ?? Substring(path)
        let inResourceFolder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().contains("__MACOSX")
        if name.hasPrefix("._") || name == ".DS_Store" || inResourceFolder { return .other }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .media }
        let ext = name[name.index(after: dot)...].lowercased()
        switch ext {
        case "json", "xmp": return .sidecar
        case "csv": return .table
        case "zip": return .archive
        default: break
        }
        return otherExtensions.contains(ext) ? .other : .media
    }
}

extension ImportMember {
    /// A member by its part and path: one file of the input.
    package struct Place: Hashable, Sendable {
        package let part: Int
        package let path: String

        package init(_ member: ImportMember) {
            part = member.part
            path = member.path
        }
    }
}

extension ImportMember {
    /// Whether the file at `a` is read before the one at `b` when a folder is walked, both relative to it: a folder's
    /// files first, by name, then its subfolders, by name, each walked whole before the next.
    package static func walkPrecedes(_ a: String, _ b: String) -> Bool {
        let first = a.split(separator: "/", omittingEmptySubsequences: false)
        let second = b.split(separator: "/", omittingEmptySubsequences: false)
        let shared = min(first.count, second.count) - 1
        for level in 0..<max(0, shared) where first[level] != second[level] {
            return first[level] < second[level]
        }
        if first.count != second.count { return first.count < second.count }
        return first[first.count - 1] < second[second.count - 1]
    }
}

import MediaFormats

/// One file of a Takeout's tree: a member of a part, or a file of an extracted folder
/// (`docs/guide/takeout.md#what-becomes-of-each-file`).
struct TakeoutMember: Sendable {
    /// What a file is for, judged by its name's extension before its bytes are read: media are judged again by their
    /// bytes once written.
    enum Role: Sendable, Equatable {
        case media
        case json
        case other
    }

    /// Which part it is in (an index into the run's parts).
    let part: Int
    /// Its path in the part, `/`-separated, as the archive or folder has it.
    let path: String
    let size: Int64
    let role: Role
    /// Why its name as the part holds it could not be read as it is (not valid UTF-8), when it could not.
    var nameProblem: String?

    init(part: Int, path: String, size: Int64, nameProblem: String? = nil) {
        self.part = part
        self.path = path
        self.size = size
        self.nameProblem = nameProblem
        role = Self.role(of: path)
    }

    /// The name after the last `/`.
    var name: String { path.split(separator: "/").last.map(String.init) ?? path }
    /// The folder it is in, `/`-separated ("" at the top).
    var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The extensions of the photos and videos Google Photos keeps, in lower case; `mp` and `mv` are the videos of
    /// Pixel and older Motion Photos (`X.MP.jpg` beside `X.MP`).
    static let mediaExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "jfif", "heic", "heif", "hif", "avif", "png", "gif", "webp", "bmp", "tif", "tiff", "dng", "cr2",
        "cr3", "nef", "arw", "orf", "rw2", "raf", "raw", "srw", "mov", "qt", "mp4", "m4v", "3gp", "3g2", "mkv", "avi", "wmv",
        "mpg", "mpeg", "mts", "m2ts", "webm", "mp", "mv",
    ]

    static func role(of path: String) -> Role {
        let name = path.split(separator: "/").last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .other }
        let ext = name[name.index(after: dot)...].lowercased()
        if ext == "json" { return .json }
        return mediaExtensions.contains(ext) ? .media : .other
    }
}

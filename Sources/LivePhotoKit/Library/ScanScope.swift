internal import PortableFoundation

/// The roots of one scan, as the index sees them: folders (every path below them) and single files. Overlapping roots
/// (a folder and its subfolder, one folder twice, a file inside a folder given) are taken once.
struct ScanScope {
    enum Root: Equatable {
        case folder(String)
        case file(FileWalk.Entry)

        var path: String {
            switch self {
            case .folder(let path): path
            case .file(let entry): entry.path
            }
        }
    }

    let roots: [Root]
    /// The folders items are placed under (a file root: its folder), longest first.
    private let placements: [(folder: String, prefix: String)]

    /// `paths` made absolute; those that are neither a folder nor a file are left out.
    init(_ paths: [String]) {
        var folders: [String] = []
        var files: [FileWalk.Entry] = []
        for path in paths.map({ URL(fileURLWithPath: $0).standardizedFileURL.path }) {
            switch FileWalk.root(path) {
            case .folder: folders.append(path)
            case .file(let entry): files.append(entry)
            case .missing: continue
            }
        }
        var kept: [String] = []
        for folder in folders.sorted(by: { $0.count < $1.count }) where !kept.contains(where: { Self.holds($0, folder) }) {
            kept.append(folder)
        }
        var keptFiles: [FileWalk.Entry] = []
        for file in files where !kept.contains(where: { Self.holds($0, file.path) }) && !keptFiles.contains(where: { $0.path == file.path })
        {
            keptFiles.append(file)
        }
        roots = kept.map(Root.folder) + keptFiles.map(Root.file)
        placements = (kept + keptFiles.map { FileWalk.folder(of: $0.path) })
            .map { (folder: $0, prefix: $0.hasSuffix("/") ? $0 : $0 + "/") }
            .sorted { $0.folder.count > $1.folder.count }
    }

    /// True when `path` is `folder` or lies below it.
    static func holds(_ folder: String, _ path: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// Every path below `folder` sorts from `lower` (the folder and "/") up to, not including, `upper` (the folder
    /// and "0", the character after "/").
    static func folderRange(_ folder: String) -> (lower: String, upper: String) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return (prefix, String(prefix.dropLast()) + "0")
    }

    /// An SQL condition on the column `path` that holds the files of every root, with its arguments.
    var pathCondition: (sql: String, arguments: [String]) {
        guard !roots.isEmpty else { return ("0", []) }
        var clauses: [String] = []
        var arguments: [String] = []
        for root in roots {
            switch root {
            case .folder(let folder):
                let range = Self.folderRange(folder)
                clauses.append("(path >= ? AND path < ?)")
                arguments += [range.lower, range.upper]
            case .file(let entry):
                clauses.append("path = ?")
                arguments.append(entry.path)
            }
        }
        return ("(" + clauses.joined(separator: " OR ") + ")", arguments)
    }

    /// `item` with the root it lies under: the longest root folder that holds its first file.
    func placed(_ item: LibraryItem) -> LibraryItem {
        var item = item
        let first = item.files.first ?? ""
        item.root = placements.first { first.hasPrefix($0.prefix) }?.folder
        return item
    }
}

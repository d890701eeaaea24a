import Foundation

/// The files under a folder, in a stable order (sorted by path), hidden files and folders left out.
enum FileWalk {
    /// Every regular file under `root` (or `root` itself when it is a file).
    /// - Parameter followLinks: follow links to files and folders; a folder reached twice is read once.
    static func files(under root: String, followLinks: Bool) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [root] }
        var found: [String] = []
        var seen: Set<String> = []
        var pending = [root]
        while let folder = pending.popLast() {
            let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
            guard seen.insert(real).inserted else { continue }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names where !name.hasPrefix(".") {
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                var mode = info.st_mode & S_IFMT
                if mode == S_IFLNK {
                    guard followLinks, stat(path, &info) == 0 else { continue }
                    mode = info.st_mode & S_IFMT
                }
                if mode == S_IFDIR {
                    pending.append(path)
                } else if mode == S_IFREG {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }
}

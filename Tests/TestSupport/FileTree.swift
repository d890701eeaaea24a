import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a folder holds, for tests that check a whole output tree.
public enum FileTree {
    /// Every file under `folder` (folders left out, hidden files kept), relative to it and sorted.
    public static func files(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        return walker.compactMap { $0 as? String }.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: "\(folder)/\(name)", isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }

    /// True when `folder` holds an entry (file or folder, hidden ones included) whose name contains `text` (any
    /// entry when `text` is empty). Read with `readdir` alone, so a watcher thread polling it every millisecond
    /// never waits on a lock of Foundation's that a busy test process holds.
    public static func hasEntry(in folder: String, containing text: String = "") -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        while let record = readdir(directory) {
            let name = withUnsafeBytes(of: record.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            if text.isEmpty || name.contains(text) { return true }
        }
        return false
    }
}

import Foundation

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
}

import Foundation

/// The temporary folders a test process makes (workspaces, the clip cache), removed again when the process exits:
/// a server under test can write into a workspace after the test that made it has ended, and the clips live as long
/// as the process.
public enum TemporaryFolders {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var folders: Set<String> = []
    nonisolated(unsafe) private static var registered = false

    /// Makes a folder named `prefix` + a unique suffix in the temporary folder, to be removed at exit.
    public static func make(_ prefix: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        lock.withLock {
            folders.insert(path)
            if !registered {
                registered = true
                atexit { TemporaryFolders.removeAll() }
            }
        }
        return path
    }

    /// Removes `path` now (it is also forgotten, so exit does not try again).
    public static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        lock.withLock { _ = folders.remove(path) }
    }

    static func removeAll() {
        let all = lock.withLock { folders }
        for path in all { try? FileManager.default.removeItem(atPath: path) }
    }
}

internal import PortableFoundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The hidden names outputs are written under before they are renamed into place: `.NAME.livephoto-PID-XXXXXX`.
/// The process id says who owns one, so a run killed by SIGKILL (which no handler sees) leaves names that the next
/// run into the same folder recognises as stale and removes.
enum StagingName {
    /// `.NAME.livephoto-PID-`, to which a unique suffix is added.
    static func prefix(for name: String) -> String { ".\(name).livephoto-\(getpid())-" }

    /// The process id in a staging name, or nil when `name` is not one.
    static func owner(of name: String) -> pid_t? {
        guard name.hasPrefix("."), let marker = name.ranges(of: ".livephoto-").last else { return nil }
        let rest = name[marker.upperBound...]
        guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { return nil }
        return pid
    }

    /// ``removeStale(in:)``, the first time this process asks for `folder`: a batch writes many outputs into one
    /// folder, and listing it for each would cost a listing of the folder per output (quadratic in a large folder).
    static func removeStaleOnce(in folder: String) {
        if sweptFolders.insert(folder) { removeStale(in: folder) }
    }

    private static let sweptFolders = SweptFolders()

    /// The folders swept by this process. A long-running server makes a folder per job, so past a bound the set
    /// starts again: a folder is then swept once more, which costs one listing.
    private final class SweptFolders: Sendable {
        private let folders = Mutex(Set<String>())

        /// True when `folder` was not in the set.
        func insert(_ folder: String) -> Bool {
            folders.withLock { folders in
                if folders.count >= 10_000 { folders.removeAll() }
                return folders.insert(folder).inserted
            }
        }
    }

    /// Removes the staging files and folders in `folder` that this user owns and whose process is no longer
    /// running. Links are removed as links, never followed. Best effort: what cannot be removed is left.
    static func removeStale(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            guard let pid = owner(of: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let path = "\(folder)/\(name)"
            var info = stat()
            guard lstat(path, &info) == 0, info.st_uid == getuid() else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}

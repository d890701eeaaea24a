internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Folders that only this user can enter (0700), made without following a link another user planted.
enum PrivateFolder {
    struct Refused: Error, CustomStringConvertible {
        var description: String
    }

    /// True when something (a file, a folder, a link) is at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Creates `path` with mode 0700. When it exists already, it must be a real folder (not a link) owned by this
    /// user; its mode is then narrowed to 0700.
    /// - Throws: ``Refused`` for a link, a file, or a folder of another user.
    static func make(_ path: String) throws {
        if mkdir(path, 0o700) == 0 { return }
        let reason = errno
        guard reason == EEXIST else {
            throw Refused(description: "cannot create the work folder \(path): \(String(cString: strerror(reason)))")
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw Refused(description: "cannot check the work folder \(path)") }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw Refused(description: "\(path) is a link or a file, not a folder of this user; refusing to use it")
        }
        guard info.st_uid == getuid() else { throw Refused(description: "\(path) belongs to another user; refusing to use it") }
        if info.st_mode & 0o077 != 0 { chmod(path, 0o700) }
    }
}

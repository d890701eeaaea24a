import Hummingbird
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file opened for reading, its descriptor closed when the value goes away.
final class OpenedFile: @unchecked Sendable {
    let descriptor: Int32
    let size: Int64
    /// When its bytes last changed (for Last-Modified and the ETag).
    let modificationDate: Date

    /// Opens `path` without following a link in its last component, and checks that it is a regular file inside
    /// `root` (the descriptor's own path, links in the folders resolved).
    init(path: String, within root: String?) throws {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw HTTPError(.notFound, message: "The file is gone (it may have expired).") }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw HTTPError(.notFound, message: "The file is gone (it may have expired).")
        }
        if let root, !Self.lies(fd, path: path, inside: root) {
            close(fd)
            throw HTTPError(.forbidden, message: "That file is outside the folder this server shows.")
        }
        descriptor = fd
        size = Int64(info.st_size)
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        modificationDate = Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes at `offset` (fewer at the end of the file).
    func read(at offset: Int64, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        guard got >= 0 else { throw HTTPError(.internalServerError, message: "The file could not be read.") }
        return Array(bytes.prefix(got))
    }

    /// True when the opened file's real path is inside `root`'s real path.
    static func lies(_ fd: Int32, path: String, inside root: String) -> Bool {
        guard let realRoot = realPath(root) else { return false }
        var opened: String?
        #if os(Linux)
            opened = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")
        #endif
        guard let real = opened ?? realPath(path) else { return false }
        return real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

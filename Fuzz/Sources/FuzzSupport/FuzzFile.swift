import MediaFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands fuzzed bytes to code that reads files: the bytes are written to files in a memory-backed folder (`/dev/shm`
/// when there is one), one folder per fuzzing process, rewritten for each input.
public enum FuzzFile {
    /// The process's folder, made on first use.
    public static let folder: String = {
        let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        let folder = "\(base)/livephoto-fuzz-\(getpid())"
        mkdir(folder, 0o700)
        atexit { removeFolder() }
        return folder
    }()

    /// Writes the bytes to `name` in the process's folder.
    /// - Returns: the file's path, or nil when it could not be written.
    public static func write(_ data: UnsafePointer<UInt8>, _ size: Int, name: String = "input") -> String? {
        let path = "\(folder)/\(name)"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var written = 0
        while written < size {
            let n = systemWrite(fd, data + written, size - written)
            if n <= 0 { return nil }
            written += n
        }
        return path
    }

    /// Empties and removes the process's folder (at exit: libFuzzer ends with `exit`).
    static func removeFolder() {
        guard let entries = opendir(folder) else { return }
        while let entry = readdir(entries) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name != ".", name != ".." { rmdir("\(folder)/\(name)"); unlink("\(folder)/\(name)") }
        }
        closedir(entries)
        rmdir(folder)
    }

    /// The bytes as a file the parsers can open.
    public static func with(_ data: UnsafePointer<UInt8>, _ size: Int) -> RandomAccessFile? {
        write(data, size).flatMap { try? RandomAccessFile(path: $0) }
    }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif

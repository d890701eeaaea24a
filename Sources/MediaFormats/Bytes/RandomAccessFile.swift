#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file opened read-only for positioned reads. It never modifies the file.
///
/// Reads are bounded by the caller: nothing here allocates more than the count asked for (and one window of
/// ``windowSize`` bytes), and asking beyond the end of the file throws.
///
/// Small reads are served from a window read ahead of them: parsing a file's headers reads boxes, segments and
/// fields of a few bytes each, one after another, and would otherwise cost a system call for each.
public final class RandomAccessFile {
    /// How many bytes a small read brings in at once.
    public static let windowSize = 64 * 1024
    /// Reads up to this many bytes go through the window; larger ones go to the file directly.
    static let windowedReadLimit = 16 * 1024

    /// The path the file was opened at.
    public let path: String
    /// The file's size in bytes when it was opened, or the slice's length.
    public let size: Int64
    /// Where offset 0 of this value lies in the file: 0, or the start of a slice (``slice(at:length:)``).
    public let start: Int64
    /// True for a run of another file's bytes opened as a file of its own (a movie inside a Motion Photo).
    public let isSlice: Bool
    let descriptor: Int32
    /// The bytes last read ahead, and where they start in the file.
    private var window: [UInt8] = []
    private var windowOffset: Int64 = 0

    /// The open descriptor, for bulk copies that read through it directly.
    public var descriptorForCopy: Int32 { descriptor }

    /// Opens `path` for reading.
    /// - Throws: ``FileError`` when the file cannot be opened or is not a regular file.
    public init(path: String) throws(FileError) {
        self.path = path
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw FileError(path: path, reason: FileError.systemMessage(errno)) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw FileError(path: path, reason: FileError.systemMessage(code))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw FileError(path: path, reason: "not a regular file")
        }
        descriptor = fd
        size = Int64(info.st_size)
        start = 0
        isSlice = false
    }

    private init(path: String, descriptor: Int32, start: Int64, size: Int64) {
        self.path = path
        self.descriptor = descriptor
        self.start = start
        self.size = size
        isSlice = true
    }

    /// The `length` bytes at `offset` as a file of their own, read through a descriptor of its own: parsers and
    /// copies see offsets from the slice's first byte. Nothing is copied.
    /// - Throws: ``FormatError`` when the range passes the end of the file, ``FileError`` when no descriptor is left.
    public func slice(at offset: Int64, length: Int64) throws -> RandomAccessFile {
        guard offset >= 0, length >= 0, offset <= size, length <= size - offset else {
            throw FormatError.truncated("a slice of \(length) bytes", at: offset)
        }
        let copy = dup(descriptor)
        guard copy >= 0 else { throw FileError(path: path, reason: FileError.systemMessage(errno)) }
        return RandomAccessFile(path: path, descriptor: copy, start: start + offset, size: length)
    }

    /// The offset in the file on disk of this value's `offset` (for copies that read through ``descriptorForCopy``).
    public func fileOffset(_ offset: Int64) -> Int64 { start + offset }

    deinit { close(descriptor) }

    /// Reads exactly `count` bytes at `offset`.
    /// - Throws: ``FormatError`` (truncated) when the range passes the end of the file, ``FileError`` on an I/O error.
    public func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size, Int64(count) <= size - offset else {
            throw FormatError.truncated("a read of \(count) bytes", at: offset)
        }
        guard count <= Self.windowedReadLimit else { return try readDirectly(at: offset, count: count) }
        if offset < windowOffset || offset + Int64(count) > windowOffset + Int64(window.count) {
            // The window stops early at the file's real end (a file cut short since it was opened).
            window = try readDirectly(at: offset, count: Int(min(Int64(Self.windowSize), size - offset)), upTo: true)
            windowOffset = offset
            guard count <= window.count else { throw FormatError.truncated("a read of \(count) bytes", at: offset + Int64(window.count)) }
        }
        let start = Int(offset - windowOffset)
        return Array(window[start..<start + count])
    }

    /// Reads `count` bytes at `offset` from the file, past the window; with `upTo`, fewer where the file ends.
    private func readDirectly(at offset: Int64, count: Int, upTo: Bool = false) throws -> [UInt8] {
        // Read into uninitialised memory: only the bytes the file gave are kept, so nothing needs zeroing first.
        var failure: (any Error)?
        let buffer = [UInt8](unsafeUninitializedCapacity: count) { raw, initialized in
            initialized = 0
            guard let base = raw.baseAddress else { return }
            while initialized < count {
                let n = pread(descriptor, base + initialized, count - initialized, off_t(start + offset) + off_t(initialized))
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = FileError(path: path, reason: FileError.systemMessage(errno))
                    return
                }
                if n == 0 {
                    if !upTo { failure = FormatError.truncated("a read of \(count) bytes", at: offset + Int64(initialized)) }
                    return
                }
                initialized += n
            }
        }
        if let failure { throw failure }
        return buffer
    }

    /// Reads up to `count` bytes at `offset`, fewer at the end of the file.
    public func readUpTo(at offset: Int64, count: Int) throws -> [UInt8] {
        guard offset < size else { return [] }
        return try read(at: offset, count: Int(min(Int64(count), size - offset)))
    }
}

/// An operating-system error on a named file.
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file the error concerns.
    public var path: String
    /// The system's message, or why the file was refused (`not a regular file`).
    public var reason: String

    /// An error on `path` for `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }

    /// The system's message for the `errno` value `code`, or `error N` when it has none.
    public static func systemMessage(_ code: Int32) -> String {
        if let c = strerror(code) { return String(cString: c) }
        return "error \(code)"
    }
}

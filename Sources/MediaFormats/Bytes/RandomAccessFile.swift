/// A file opened read-only for positioned reads. It never modifies the file.
///
/// Reads are bounded by the caller: nothing here allocates more than the count asked for (and one window of
/// ``windowSize`` bytes), and asking beyond the end of the file throws.
///
/// Small reads are served from a window read ahead of them: parsing a file's headers reads boxes, segments and
/// fields of a few bytes each, one after another, and would otherwise cost a system call for each.
///
/// Where the bytes come from is the one thing that differs between the targets (its storage): a descriptor read
/// with `pread` natively (`RandomAccessFile+POSIX.swift`), the host's file (a browser's `Blob`) under WebAssembly
/// (`RandomAccessFile+Host.swift`). Every parser reads through this one type, so the same parsing code runs on both.
/// A file can also be made of runs of others and bytes in memory (``init(joining:name:)``): an output planned but not
/// written, read as the input of the next step.
public final class RandomAccessFile {
    /// How many bytes a small read brings in at once.
    public static let windowSize = 64 * 1024
    /// Reads up to this many bytes go through the window; larger ones go to the file directly.
    static let windowedReadLimit = 16 * 1024

    /// The path the file was opened at (under WebAssembly, the name the host gave it).
    public let path: String
    /// The file's size in bytes when it was opened, or the slice's length.
    public let size: Int64
    /// Where offset 0 of this value lies in the file: 0, or the start of a slice (``slice(at:length:)``).
    public let start: Int64
    /// True for a run of another file's bytes opened as a file of its own (a movie inside a Motion Photo).
    public let isSlice: Bool
    /// Where the bytes are read from.
    let storage: Storage
    /// True when the file is the whole of the system's file at ``path`` (not a slice, nor bytes joined in memory): a
    /// program given ``path`` reads the same bytes.
    public var isWholeFile: Bool {
        if case .file = storage { return !isSlice }
        return false
    }
    enum Storage {
        /// The system's file (or the host's).
        case file(FileStorage)
        case joined(JoinedBytes)
    }
    /// The bytes last read ahead, and where they start in the file.
    private var window: [UInt8] = []
    private var windowOffset: Int64 = 0

    init(path: String, storage: Storage, start: Int64, size: Int64, isSlice: Bool) {
        self.path = path
        self.storage = storage
        self.start = start
        self.size = size
        self.isSlice = isSlice
    }

    deinit {
        if case .file(let file) = storage { file.release() }
    }

    /// The `length` bytes at `offset` as a file of their own: parsers and copies see offsets from the slice's first
    /// byte. Nothing is copied.
    /// - Throws: ``FormatError`` when the range passes the end of the file, or (unreadable) when the system has no
    ///   descriptor left for it.
    public func slice(at offset: Int64, length: Int64) throws(FormatError) -> RandomAccessFile {
        guard offset >= 0, length >= 0, offset <= size, length <= size - offset else {
            throw FormatError.truncated("a slice of \(length) bytes", at: offset)
        }
        let copy: Storage
        switch storage {
        case .file(let file): copy = .file(try file.duplicate())
        case .joined: copy = storage
        }
        return RandomAccessFile(path: path, storage: copy, start: start + offset, size: length, isSlice: true)
    }

    /// The offset in the whole file of this value's `offset` (for copies that read the file directly, and for output
    /// layouts that line their copies up with the source's pages).
    public func fileOffset(_ offset: Int64) -> Int64 { start + offset }

    /// Reads exactly `count` bytes at `offset`.
    /// - Throws: ``FormatError``: truncated when the range passes the end of the file, unreadable when the bytes
    ///   cannot be read.
    public func read(at offset: Int64, count: Int) throws(FormatError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size, Int64(count) <= size - offset else {
            throw FormatError.truncated("a read of \(count) bytes", at: offset)
        }
        guard count <= FileStorage.maximumRead else {
            throw FormatError(
                .unsupported, "a read of \(count) bytes is more than \(FileStorage.maximumRead >> 20) MiB at once", at: offset)
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

    /// Reads exactly `length` bytes at `offset`, a length of any width taken from a header: checked against the file before
    /// it becomes a count (a 32-bit `Int`, in WebAssembly, holds no 4 GiB length).
    /// - Throws: ``FormatError`` as ``read(at:count:)`` does.
    public func read(at offset: Int64, length: some BinaryInteger) throws(FormatError) -> [UInt8] {
        guard length >= 0, let wide = Int64(exactly: length), offset >= 0, offset <= size, wide <= size - offset else {
            throw FormatError.truncated("a read of \(length) bytes", at: offset)
        }
        guard let count = Int(exactly: wide), count <= FileStorage.maximumRead else {
            throw FormatError(
                .unsupported, "a read of \(length) bytes is more than \(FileStorage.maximumRead >> 20) MiB at once", at: offset)
        }
        return try read(at: offset, count: count)
    }

    /// Reads `count` bytes at `offset` from the storage, past the window; with `upTo`, fewer where the file ends.
    private func readDirectly(at offset: Int64, count: Int, upTo: Bool = false) throws(FormatError) -> [UInt8] {
        // Read into uninitialised memory: only the bytes the file gave are kept, so nothing needs zeroing first.
        var failure: FormatError?
        let buffer = [UInt8](unsafeUninitializedCapacity: count) { raw, initialized in
            initialized = 0
            do throws(FormatError) {
                switch storage {
                case .file(let file): initialized = try file.read(into: raw, at: start + offset)
                case .joined(let joined): initialized = try joined.read(into: raw, at: start + offset)
                }
            } catch {
                failure = error
                return
            }
            if initialized < count, !upTo { failure = FormatError.truncated("a read of \(count) bytes", at: offset + Int64(initialized)) }
        }
        if let failure { throw failure }
        return buffer
    }

    /// Reads up to `count` bytes at `offset`, fewer at the end of the file.
    public func readUpTo(at offset: Int64, count: Int) throws(FormatError) -> [UInt8] {
        guard offset < size else { return [] }
        return try read(at: offset, count: Int(min(Int64(count), size - offset)))
    }
}

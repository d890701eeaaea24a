#if !hasFeature(Embedded)
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A file's bytes on disk: an open descriptor, read with `pread`.
    struct FileStorage {
        let descriptor: Int32

        /// Natively a read is bounded only by what the caller checked (a box's size against the file's).
        static let maximumRead = Int.max

        /// Fills `buffer` from the file's byte `offset`, fewer bytes where the file ends.
        /// - Returns: how many bytes were read.
        func read(into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int64) throws(FormatError) -> Int {
            guard let base = buffer.baseAddress else { return 0 }
            var done = 0
            while done < buffer.count {
                let n = pread(descriptor, base + done, buffer.count - done, off_t(offset) + off_t(done))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw FormatError(.unreadable, FileError.systemMessage(errno), at: offset + Int64(done))
                }
                if n == 0 { break }
                done += n
            }
            return done
        }

        /// A descriptor of its own on the same file, for a slice (each value closes its own).
        func duplicate() throws(FormatError) -> FileStorage {
            let copy = dup(descriptor)
            guard copy >= 0 else { throw FormatError(.unreadable, FileError.systemMessage(errno)) }
            return FileStorage(descriptor: copy)
        }

        func release() { _ = close(descriptor) }
    }

    extension RandomAccessFile {
        /// Opens `path` for reading.
        /// - Throws: ``FileError`` when the file cannot be opened or is not a regular file.
        public convenience init(path: String) throws(FileError) {
            let fd = open(path, O_RDONLY)
            guard fd >= 0 else { throw FileError(path: path, reason: FileError.systemMessage(errno)) }
            var info = stat()
            guard fstat(fd, &info) == 0 else {
                let code = errno
                _ = close(fd)
                throw FileError(path: path, reason: FileError.systemMessage(code))
            }
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                _ = close(fd)
                throw FileError(path: path, reason: "not a regular file")
            }
            self.init(path: path, storage: .file(FileStorage(descriptor: fd)), start: 0, size: Int64(info.st_size), isSlice: false)
        }

        /// The open descriptor, for bulk copies that read through it directly; -1 for a joined file (copy its runs,
        /// ``runs(at:length:)``, instead).
        public var descriptorForCopy: Int32 {
            if case .file(let file) = storage { return file.descriptor }
            return -1
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
#endif

#if hasFeature(Embedded)
    /// The host's read of a file it holds (docs/guide/javascript.md#how-the-engine-reads): `count` bytes at `offset`
    /// into `destination`. Returns how many bytes it gave (fewer only at the file's end), or -1 when it does not hold
    /// those bytes yet: it then notes the range, and runs the operation again once it has read it.
    @_extern(wasm, module: "livephoto", name: "read")
    func hostRead(_ handle: Int32, _ offset: Double, _ count: Int32, _ destination: UnsafeMutablePointer<UInt8>?) -> Int32

    /// A file the host holds (a browser's `File` or `Blob`), by the handle it gave.
    struct FileStorage {
        let handle: Int32

        /// The most one read asks of the host: a header past it is refused, so that a hostile size never makes the
        /// engine hold more (docs/guide/javascript.md#limits).
        static let maximumRead = 64 << 20

        /// Fills `buffer` from the file's byte `offset`, fewer bytes where the file ends.
        /// - Returns: how many bytes were read.
        /// - Throws: ``FormatError`` (unreadable) when the host has not read those bytes yet.
        func read(into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int64) throws(FormatError) -> Int {
            guard buffer.count > 0 else { return 0 }
            let n = hostRead(handle, Double(offset), Int32(buffer.count), buffer.baseAddress)
            guard n >= 0 else { throw FormatError(.unreadable, "the bytes are not read yet", at: offset) }
            return Int(n)
        }

        /// The same file: the host's handle needs no copy.
        func duplicate() throws(FormatError) -> FileStorage { self }

        func release() {}
    }

    extension RandomAccessFile {
        /// The host's file `handle`, of `size` bytes, named `name` in errors.
        public convenience init(hostHandle handle: Int32, name: String, size: Int64) {
            self.init(path: name, storage: .file(FileStorage(handle: handle)), start: 0, size: size, isSlice: false)
        }

        /// The host's handle of the file this one reads (for a joined file, -1: copy its runs, ``runs(at:length:)``).
        public var hostHandle: Int32 {
            if case .file(let file) = storage { return file.handle }
            return -1
        }
    }
#endif

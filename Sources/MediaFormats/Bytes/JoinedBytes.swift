/// The bytes of a file made of runs of other files and bytes in memory, read as one file: an output that is planned
/// but not written (a Motion Photo's photo without its video) read by the next step (tagged as a Live Photo's still).
struct JoinedBytes {
    /// The runs in order, each with where it starts in the joined file.
    let runs: [(start: Int64, run: RandomAccessFile.Run)]
    let size: Int64

    init(_ runs: [RandomAccessFile.Run]) {
        var placed: [(start: Int64, run: RandomAccessFile.Run)] = []
        var position: Int64 = 0
        for run in runs where run.length > 0 {
            placed.append((position, run))
            position += run.length
        }
        self.runs = placed
        size = position
    }

    /// Fills `buffer` from the joined file's byte `offset`, fewer bytes where it ends.
    /// - Returns: how many bytes were read.
    func read(into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int64) throws(FormatError) -> Int {
        var done = 0
        for (start, run) in runs where start + run.length > offset + Int64(done) && done < buffer.count {
            let from = offset + Int64(done) - start
            guard from >= 0 else { break }
            let count = Int(min(run.length - from, Int64(buffer.count - done)))
            let bytes: [UInt8]
            switch run {
            case .bytes(let b): bytes = Array(b[Int(from)..<Int(from) + count])
            case .file(let file, let fileOffset, _): bytes = try file.read(at: fileOffset + from, count: count)
            }
            for (i, byte) in bytes.enumerated() { buffer[done + i] = byte }
            done += count
        }
        return done
    }
}

extension RandomAccessFile {
    /// One run of a joined file.
    public enum Run {
        /// Bytes held in memory (new header bytes), read as they are.
        case bytes([UInt8])
        /// `length` bytes of another file, from its byte `offset`.
        case file(RandomAccessFile, offset: Int64, length: Int64)

        /// How many bytes the run adds to the joined file.
        public var length: Int64 {
            switch self {
            case .bytes(let b): Int64(b.count)
            case .file(_, _, let length): length
            }
        }
    }

    /// A file made of `runs`, in order, named `name` in errors. Nothing is copied: reads go to the runs' files.
    public convenience init(joining runs: [Run], name: String) {
        let joined = JoinedBytes(runs)
        self.init(path: name, storage: .joined(joined), start: 0, size: joined.size, isSlice: false)
    }

    /// The runs that make up `length` bytes at `offset` of this file, in the files they come from: itself (its own
    /// storage, at its offsets) for a file on disk or the host's, the runs of the files it joins for a joined one.
    public func runs(at offset: Int64, length: Int64) -> [Run] {
        guard length > 0 else { return [] }
        guard case .joined(let joined) = storage else { return [.file(self, offset: offset, length: length)] }
        var out: [Run] = []
        let from = start + offset, to = start + offset + length
        for (runStart, run) in joined.runs where runStart < to && runStart + run.length > from {
            let a = max(from, runStart) - runStart, b = min(to, runStart + run.length) - runStart
            switch run {
            case .bytes(let bytes): out.append(.bytes(Array(bytes[Int(a)..<Int(b)])))
            case .file(let file, let fileOffset, _): out += file.runs(at: fileOffset + a, length: b - a)
            }
        }
        return out
    }
}

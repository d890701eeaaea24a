/// Bytes read in order, once: a file read front to back, bytes in memory, or what a gzip stream inflates to. A tar
/// reader needs nothing more, which is all a `.tgz` offers (it cannot be sought).
public protocol ArchiveByteSource {
    /// The next bytes, at most `count` of them (`count` > 0); empty only at the end.
    /// - Throws: ``FormatError`` when the bytes are damaged, cut short or cannot be read.
    mutating func read(upTo count: Int) throws(FormatError) -> [UInt8]

    /// Passes over the next `count` bytes.
    /// - Returns: how many were passed over: fewer than `count` only at the end.
    mutating func skip(_ count: Int64) throws(FormatError) -> Int64
}

extension ArchiveByteSource {
    /// Passes over the next `count` bytes by reading them, 64 KiB at a time.
    /// - Parameter count: how many bytes to pass over.
    /// - Returns: how many were passed over: fewer than `count` only at the end.
    public mutating func skip(_ count: Int64) throws(FormatError) -> Int64 {
        var done: Int64 = 0
        while done < count {
            let piece = try read(upTo: Int(min(count - done, 64 << 10)))
            if piece.isEmpty { break }
            done += Int64(piece.count)
        }
        return done
    }
}

/// A file read front to back, from a ``RandomAccessFile``; skips are seeks.
public struct FileByteSource: ArchiveByteSource {
    /// The file.
    public let file: RandomAccessFile
    /// Where the next read starts.
    public private(set) var position: Int64 = 0

    /// Reads `file` from its byte `position` (its first by default).
    /// - Parameters:
    ///   - file: the file.
    ///   - position: where the first read starts.
    public init(_ file: RandomAccessFile, at position: Int64 = 0) {
        self.file = file
        self.position = position
    }

    /// The next bytes, at most `count`.
    /// - Parameter count: the most bytes returned.
    /// - Returns: the bytes; empty at the end of the file.
    public mutating func read(upTo count: Int) throws(FormatError) -> [UInt8] {
        let bytes = try file.readUpTo(at: position, count: max(0, count))
        position += Int64(bytes.count)
        return bytes
    }

    /// Passes over the next `count` bytes, stopping at the end of the file.
    /// - Parameter count: how many bytes to pass over.
    /// - Returns: how many were passed over.
    public mutating func skip(_ count: Int64) throws(FormatError) -> Int64 {
        let done = max(0, min(count, file.size - position))
        position += done
        return done
    }
}

/// Bytes held in memory (small archives, tests, fuzzing).
public struct MemoryByteSource: ArchiveByteSource {
    /// The bytes.
    public let bytes: [UInt8]
    /// Where the next read starts.
    public private(set) var position = 0

    /// Reads `bytes` from the first.
    /// - Parameter bytes: the bytes.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next bytes, at most `count`.
    /// - Parameter count: the most bytes returned.
    /// - Returns: the bytes; empty at the end.
    public mutating func read(upTo count: Int) -> [UInt8] {
        let end = position + min(max(0, count), bytes.count - position)
        defer { position = end }
        return Array(bytes[position..<end])
    }

    /// Passes over the next `count` bytes, stopping at the end.
    /// - Parameter count: how many bytes to pass over.
    /// - Returns: how many were passed over.
    public mutating func skip(_ count: Int64) -> Int64 {
        let done = Int(max(0, min(count, Int64(bytes.count - position))))
        position += done
        return Int64(done)
    }
}

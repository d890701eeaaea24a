/// Streams one zip member's uncompressed bytes out of the archive without extracting it: stored bytes are copied and
/// deflated ones inflated in bounded chunks, from the member's own range of the file and nothing past it, then
/// checked against the member's CRC-32 and uncompressed size (docs/formats/bundles.md#reading-a-pvtzip-safely).
///
/// Memory stays flat whatever the member's size: one compressed chunk and one inflated chunk at a time. Output past
/// the declared size stops the read at once (a zip bomb never gets to expand), and so, when asked, does an expansion
/// ratio no real file reaches.
public enum ZipMemberReader {
    /// How many compressed bytes are read at a time, and the most bytes handed to the closure at once.
    public static let defaultChunkSize = 256 * 1024

    /// A limit on how many times a member may expand, checked once more than `floor` bytes have come out.
    public struct RatioLimit: Sendable, Equatable {
        /// The most uncompressed bytes per compressed byte.
        public var maxRatio: UInt64
        /// How many bytes may come out before the ratio is checked (small members compress well legitimately).
        public var floor: UInt64

        /// A limit of `maxRatio` times, checked past `floor` bytes.
        /// - Parameters:
        ///   - maxRatio: the most uncompressed bytes per compressed byte.
        ///   - floor: how many bytes may come out before the ratio is checked.
        public init(maxRatio: UInt64, floor: UInt64) {
            self.maxRatio = maxRatio
            self.floor = floor
        }
    }

    /// Hands `member`'s uncompressed bytes to `body`, in order, in pieces of at most `chunkSize` bytes.
    ///
    /// - Parameters:
    ///   - member: a member of the archive in `file`, from ``ZipDirectory/members(of:maxCount:)``.
    ///   - file: the archive.
    ///   - chunkSize: the most bytes read from the file, and handed to `body`, at a time.
    ///   - ratioLimit: an expansion ratio past which the member is taken for a bomb; nil checks the declared size
    ///     alone.
    ///   - body: receives each piece; what it throws stops the read and is rethrown as it is.
    /// - Returns: how many bytes `body` was given (the member's uncompressed size).
    /// - Throws: ``FormatError`` naming the member when it is encrypted, uses a method other than stored or
    ///   deflated, runs past the archive, its deflate stream is damaged or does not end within its bytes, it expands
    ///   past its declared size or ratio, or its size or CRC-32 does not match; whatever `body` throws.
    @discardableResult
    public static func read(
        _ member: ZipMember, of file: RandomAccessFile, chunkSize: Int = defaultChunkSize, ratioLimit: RatioLimit? = nil,
        _ body: ([UInt8]) throws -> Void
    ) throws -> UInt64 {
        guard !member.isEncrypted else { throw ZipMember.ReadProblem.encrypted.error(for: member) }
        let chunkSize = max(1, chunkSize)
        let range = try ZipDirectory.dataRange(of: member, in: file)
        let declared = member.uncompressedSize
        let compressed = UInt64(max(1, range.count))
        var written: UInt64 = 0
        var checksum = CRC32()
        func consume(_ bytes: [UInt8]) throws {
            written += UInt64(bytes.count)
            guard written <= declared else { throw ZipMember.ReadProblem.expandsPastSize.error(for: member) }
            if let limit = ratioLimit, written > limit.floor, written / compressed > limit.maxRatio {
                throw FormatError(.malformed, "'\(member.name)' expands more than \(limit.maxRatio) times (a zip bomb?)")
            }
            checksum.update(bytes)
            try body(bytes)
        }
        /// The member's bytes from `position` on, at most `size`.
        func bytes(_ position: Int64, _ size: Int) throws -> [UInt8] {
            try file.read(at: range.lowerBound + position, count: Int(min(Int64(size), Int64(range.count) - position)))
        }
        switch member.compression {
        case .stored:
            guard member.compressedSize == member.uncompressedSize else { throw ZipMember.ReadProblem.storedSizesDiffer.error(for: member) }
            var position: Int64 = 0
            while position < Int64(range.count) {
                let chunk = try bytes(position, chunkSize)
                try consume(chunk)
                position += Int64(chunk.count)
            }
        case .deflated:
            // zlib is given the member's own bytes and nothing past them: a stream that has not ended when they run
            // out is damaged, never a reason to read on.
            let inflater = try Inflater()
            var position: Int64 = 0
            while position < Int64(range.count), !inflater.isFinished {
                let chunk = try bytes(position, chunkSize)
                do {
                    try inflater.inflate(chunk, chunkSize: chunkSize, output: consume)
                } catch let error as FormatError where error.message.hasPrefix("the deflate stream is damaged") {
                    throw ZipMember.ReadProblem.deflateDamaged(error.message).error(for: member)
                }
                position += Int64(chunk.count)
            }
            guard inflater.isFinished else { throw ZipMember.ReadProblem.deflateUnended.error(for: member) }
        case .other(let method):
            throw ZipMember.ReadProblem.method(method).error(for: member)
        }
        guard written == declared else { throw ZipMember.ReadProblem.shortOf(written).error(for: member) }
        guard checksum.value == member.crc32 else { throw ZipMember.ReadProblem.checksum.error(for: member) }
        return written
    }
}

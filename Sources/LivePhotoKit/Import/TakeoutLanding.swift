import MediaFormats
internal import PortableFoundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where media are written as they stream out of the parts, under the output folder (so that moving one into the
/// library is a rename, not a copy), and how a file already written is recognised by its bytes
/// (`docs/guide/takeout.md#duplicates`).
///
/// A member whose size and CRC-32 the part records is compared with the file written for the same size and checksum
/// as it streams, and only written when it differs; any other file is written, then compared with its likely twin
/// and removed when they are the same. Either way a duplicate never stays on disk.
final class TakeoutLanding: Sendable {
    /// A file written.
    struct File: Sendable {
        let path: String
        let size: Int64
        let crc32: UInt32
    }

    /// What became of a member's bytes.
    enum Outcome: Sendable, Equatable {
        /// Written: the index of the file in ``files``.
        case landed(Int)
        /// The same bytes as that file.
        case duplicate(of: Int)
    }

    struct Key: Hashable {
        var size: Int64
        var crc32: UInt32
    }

    private struct State {
        var files: [File] = []
        var byKey: [Key: [Int]] = [:]
        var next = 0
    }

    let folder: String
    private let state = Mutex(State())

    init(folder: String) { self.folder = folder }

    var files: [File] { state.withLock { $0.files } }

    /// Streams `bytes` into a new file, or recognises them as a file's already written.
    /// - Parameter progress: called with each chunk's length, as it is read.
    /// - Throws: `LivePhotoError.writeFailed(path:reason:)` when writing fails (a full disk); the stream's error when
    ///   the member's data is damaged. Nothing is left under the landing folder by a failure.
    func land(_ bytes: TakeoutPartReader.Bytes, size: Int64, progress: (Int64) -> Void) throws -> Outcome {
        if let crc = bytes.knownCRC32, let twin = firstFile(for: Key(size: size, crc32: crc)) {
            return try landComparing(bytes, with: twin, crc: crc, progress: progress)
        }
        let out = try StagedFile(destination: nextPath())
        var checksum = CRC32()
        var written: Int64 = 0
        try bytes.stream { chunk in
            checksum.update(chunk)
            try out.write(chunk)
            written += Int64(chunk.count)
            progress(Int64(chunk.count))
        }
        let path = try out.commit()
        return try register(File(path: path, size: written, crc32: bytes.knownCRC32 ?? checksum.value))
    }

    /// Reads `bytes` against the file `twin` (same size and CRC-32); the first chunk that differs starts a new file,
    /// with `twin`'s equal bytes copied before it.
    private func landComparing(_ bytes: TakeoutPartReader.Bytes, with twin: Int, crc: UInt32, progress: (Int64) -> Void) throws
        -> Outcome
    {
        let twinFile = state.withLock { $0.files[twin] }
        let source = try RandomAccessFile(path: twinFile.path)
        var out: StagedFile?
        var position: Int64 = 0
        try bytes.stream { chunk in
            progress(Int64(chunk.count))
            if let out {
                try out.write(chunk)
            } else if try position + Int64(chunk.count) > source.size || source.read(at: position, count: chunk.count) != chunk {
                let staged = try StagedFile(destination: nextPath())
                try staged.copy(from: source, offset: 0, length: position, progress: { _ in })
                try staged.write(chunk)
                out = staged
            }
            position += Int64(chunk.count)
        }
        guard let out else { return .duplicate(of: twin) }
        return try register(File(path: try out.commit(), size: position, crc32: crc))
    }

    /// Adds a file written, unless a file of the same size and checksum holds the same bytes: then it is removed.
    /// Parts land at once: a twin registered while this one was compared is compared too before this one is added.
    private func register(_ file: File) throws -> Outcome {
        let key = Key(size: file.size, crc32: file.crc32)
        var compared = 0
        while true {
            let twins = state.withLock { $0.byKey[key] ?? [] }
            for twin in twins.dropFirst(compared) {
                let other = state.withLock { $0.files[twin] }
                if try Self.sameBytes(file.path, other.path) {
                    unlink(file.path)
                    return .duplicate(of: twin)
                }
            }
            compared = twins.count
            let added: Int? = state.withLock { state in
                guard (state.byKey[key]?.count ?? 0) == compared else { return nil }
                state.files.append(file)
                state.byKey[key, default: []].append(state.files.count - 1)
                return state.files.count - 1
            }
            if let added { return .landed(added) }
        }
    }

    private func firstFile(for key: Key) -> Int? { state.withLock { $0.byKey[key]?.first } }

    private func nextPath() -> String {
        let number = state.withLock { state in
            state.next += 1
            return state.next
        }
        return "\(folder)/\(number)"
    }

    /// Whether two files hold the same bytes, read in bounded chunks.
    static func sameBytes(_ a: String, _ b: String) throws -> Bool {
        let first = try RandomAccessFile(path: a), second = try RandomAccessFile(path: b)
        return try first.size == second.size && sameBytes(first, at: 0, second, at: 0, count: first.size)
    }

    /// Whether `count` bytes of `first` at `firstOffset` equal those of `second` at `secondOffset`, in bounded chunks.
    static func sameBytes(
        _ first: RandomAccessFile, at firstOffset: Int64, _ second: RandomAccessFile, at secondOffset: Int64, count: Int64
    ) throws -> Bool {
        var position: Int64 = 0
        while position < count {
            let piece = Int(min(Int64(TakeoutPartReader.chunkSize), count - position))
            guard try first.read(at: firstOffset + position, count: piece) == second.read(at: secondOffset + position, count: piece)
            else { return false }
            position += Int64(piece)
        }
        return true
    }
}

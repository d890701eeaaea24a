import MediaFormats
internal import PortableFoundation

/// Walks one part's files in the part's own order and streams each one's bytes in bounded chunks, without
/// extracting the part (`docs/guide/takeout.md#reading-the-parts`): a zip's members in the order of their data in
/// the file, a tar's as they come, a folder's by path.
struct TakeoutPartReader {
    /// A member's bytes, handed over once, in order.
    struct Bytes {
        /// The CRC-32 the part records for them (a zip's), known before they are read.
        let knownCRC32: UInt32?
        /// Hands the bytes to its argument in chunks; throws when the part's data is damaged (a CRC that fails, a
        /// member cut short) or what the argument throws.
        let stream: ((([UInt8]) throws -> Void)) throws -> Void
        /// For a zip member stored as it is (not compressed), where its bytes lie in the part's file: a zip inside the
        /// part is then read in place. Known for members named `.zip` only.
        var storedRange: Range<Int64>? = nil
    }

    /// What the walk did: members it could not start reading, a problem that stopped the part early, and what is
    /// worth reporting of how it was read.
    struct Outcome {
        var unsafeMembers: [(path: String, reason: String)] = []
        var stoppedBecause: String?
        var notes: [String] = []
    }

    static let chunkSize = 1 << 20

    /// Calls `body` with each file of `part` (index `index` of the run's parts) and its bytes; `body` may leave the
    /// bytes unread. A member whose path is unsafe (absolute, `..`) is not given to `body` but returned; what `body`
    /// throws stops the walk and is rethrown.
    static func walk(
        _ part: TakeoutPart, index: Int, _ body: (ImportMember, Bytes) throws(LivePhotoError) -> Void
    ) async throws(LivePhotoError) -> Outcome {
        var outcome = Outcome()
        func safe(_ name: String) -> String? {
            let path = ArchivePath(name)
            if let problem = path.problem {
                outcome.unsafeMembers.append((name, ImportZipPart.unsafeReason(problem)))
                return nil
            }
            return path.components.joined(separator: "/")
        }
        switch part.kind {
        case .zip:
            let file: RandomAccessFile
            do {
                let whole = try RandomAccessFile(path: part.path)
                file = try part.range.map { try whole.slice(at: $0.lowerBound, length: $0.upperBound - $0.lowerBound) } ?? whole
            } catch {
                outcome.stoppedBecause = LivePhotoError.wrap(error, file: part.name).reason
                return outcome
            }
            let listing: ImportZipPart
            do {
                listing = try ImportZipPart(file, part: index)
            } catch {
                // Without its directory (an unfinished download, most often) the members are read from the front.
                outcome.notes.append(ImportZipPart.readFromTheFront(LivePhotoError.wrap(error, file: part.name).reason))
                do {
                    var reader = ZipStreamReader(FileByteSource(file))
                    try walkZipStream(&reader, index: index, safe: safe, body)
                } catch let error as LivePhotoError where error.stopsTheRun {
                    throw error
                } catch {
                    outcome.stoppedBecause = ImportZipPart.stoppedEarly(LivePhotoError.wrap(error, file: part.name).reason)
                }
                return outcome
            }
            outcome.unsafeMembers += listing.unsafe
            for listed in listing.files {
                let member = listed.entry
                var bytes = Bytes(knownCRC32: member.crc32) { consume in
                    try ZipMemberReader.read(member, of: file, chunkSize: chunkSize, consume)
                }
                if member.compression == .stored, !member.isEncrypted, member.name.lowercased().hasSuffix(".zip"),
                    let range = try? ZipDirectory.dataRange(of: member, in: file)
                {
                    let base = part.range?.lowerBound ?? 0
                    bytes.storedRange = (base + range.lowerBound)..<(base + range.upperBound)
                }
                try body(listed.member, bytes)
            }
        case .tar(let gzipped):
            do {
                let file = try RandomAccessFile(path: part.path)
                if gzipped {
                    var reader = TarReader(try GzipByteSource(FileByteSource(file), readSize: chunkSize))
                    try walkTar(&reader, index: index, outcome: &outcome, body)
                } else {
                    var reader = TarReader(FileByteSource(file))
                    try walkTar(&reader, index: index, outcome: &outcome, body)
                }
            } catch let error as LivePhotoError where error.stopsTheRun {
                throw error
            } catch {
                outcome.stoppedBecause = ImportZipPart.stoppedEarly(LivePhotoError.wrap(error, file: part.name).reason)
            }
        case .folder:
            let root = part.path.count > 1 && part.path.hasSuffix("/") ? String(part.path.dropLast()) : part.path
            do {
                try await FileWalk.walk(under: root, followLinks: false) { _, files in
                    for entry in files {
                        let path = entry.path
                        let relative = String(path.dropFirst(root.count + 1))
                        let bytes = Bytes(knownCRC32: nil) { consume in
                            let file = try RandomAccessFile(path: path)
                            var position: Int64 = 0
                            while position < file.size {
                                let chunk = try file.read(at: position, count: Int(min(Int64(chunkSize), file.size - position)))
                                try consume(chunk)
                                position += Int64(chunk.count)
                            }
                        }
                        try body(ImportMember(part: index, path: relative, size: entry.size), bytes)
                    }
                }
            } catch {
                throw LivePhotoError.wrap(error, file: part.name)
            }
        }
        return outcome
    }

    /// A zip's members from the front, by their local headers; a member `body` leaves unread is passed over.
    private static func walkZipStream<Source: ArchiveByteSource>(
        _ reader: inout ZipStreamReader<Source>, index: Int, safe: (String) -> String?,
        _ body: (ImportMember, Bytes) throws(LivePhotoError) -> Void
    ) throws {
        while let entry = try reader.next() {
            guard !entry.isDirectory, let path = safe(entry.name) else { continue }
            let problem = entry.nameIsUTF8 ? nil : ImportZipPart.codePageNote
            // A member written as a stream declares its size after its data: the size is not known before.
            let size = entry.hasDescriptor && entry.uncompressedSize == 0 ? 0 : Int64(clamping: entry.uncompressedSize)
            try withoutActuallyEscaping({ (consume: ([UInt8]) throws -> Void) throws in try reader.readData(consume) }) { stream in
                try body(
                    ImportMember(part: index, path: path, size: size, nameProblem: problem),
                    Bytes(knownCRC32: entry.hasDescriptor ? nil : entry.crc32, stream: stream))
            }
        }
    }

    /// A tar's entries in order, judged as a browser judges them (``ImportTarPart/judge(_:part:)``); a member `body`
    /// leaves unread is skipped by the reader.
    private static func walkTar<Source: ArchiveByteSource>(
        _ reader: inout TarReader<Source>, index: Int, outcome: inout Outcome,
        _ body: (ImportMember, Bytes) throws(LivePhotoError) -> Void
    ) throws {
        while let entry = try reader.next() {
            switch ImportTarPart.judge(entry, part: index) {
            case .file(let member):
                try withoutActuallyEscaping({ (consume: ([UInt8]) throws -> Void) throws in
                    try reader.readData(chunkSize: chunkSize, consume)
                }) { stream in try body(member, Bytes(knownCRC32: nil, stream: stream)) }
            case .unsafe(let path, let reason): outcome.unsafeMembers.append((path, reason))
            case .passedOver: continue
            }
        }
    }
}

extension LivePhotoError {
    /// Whether this error stops a whole Takeout run rather than one file: a write that failed (a full disk), an
    /// interrupt.
    var stopsTheRun: Bool {
        switch self {
        case .writeFailed, .interrupted: true
        default: false
        }
    }
}

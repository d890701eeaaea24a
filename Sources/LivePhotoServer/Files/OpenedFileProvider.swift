import Hummingbird
internal import PortableFoundation

/// Hummingbird's `FileProvider` for a file the server has already opened (an id looked up, the file opened without
/// following a link and checked against its folder): whatever path the request names, the answer is that file, so
/// what is sent (its length too) is what was opened and checked.
struct OpenedFileProvider: FileProvider {
    struct FileAttributes: FileMiddlewareFileAttributes, Sendable {
        var isFolder: Bool { false }
        let size: Int
        let modificationDate: Date
    }

    let file: OpenedFile
    /// Bytes read at once, on ``BlockingWork``'s threads.
    static let chunkSize = 256 << 10

    func getFileIdentifier(_ path: String) -> OpenedFile? { file }

    func getAttributes(id: OpenedFile) async throws -> FileAttributes? {
        FileAttributes(size: Int(id.size), modificationDate: id.modificationDate)
    }

    func loadFile(id: OpenedFile, context: some RequestContext) async throws -> ResponseBody {
        body(id, Int64(0)..<id.size)
    }

    /// The bytes of `range` (clamped to the file).
    /// - Throws: 416 when the range starts at or past the end of the file.
    func loadFile(id: OpenedFile, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        guard Int64(range.lowerBound) < id.size else { throw FileResponse.unsatisfiable(size: id.size) }
        return body(id, Int64(range.lowerBound)..<(min(id.size - 1, Int64(range.upperBound)) + 1))
    }

    private func body(_ file: OpenedFile, _ range: Range<Int64>) -> ResponseBody {
        ResponseBody(contentLength: Int(range.count)) { writer in
            var offset = range.lowerBound
            while offset < range.upperBound {
                let (position, count) = (offset, Int(min(Int64(Self.chunkSize), range.upperBound - offset)))
                let chunk = try await BlockingWork.perform { try file.read(at: position, count: count) }
                guard !chunk.isEmpty else { break }
                try await writer.write(ByteBuffer(bytes: chunk))
                offset += Int64(chunk.count)
            }
            try await writer.finish(nil)
        }
    }
}

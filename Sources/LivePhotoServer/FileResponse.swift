import Foundation
import Hummingbird

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files sent in chunks, with byte ranges (video elements seek with them). The file is opened once, without
/// following a link, and what is sent (its length too) is what was opened: a file swapped for a link after the
/// gallery was scanned is refused, and so is one that resolves outside its folder.
enum FileResponse {
    static let chunkSize = 256 << 10

    /// - Parameter root: when given, the opened file must lie inside this folder (links resolved).
    static func make(
        _ path: String, request: Request, context: some RequestContext, type: String? = nil, downloadName: String? = nil,
        within root: String? = nil
    ) async throws -> Response {
        let file = try await BlockingWork.perform { try OpenedFile(path: path, within: root) }
        var headers = HTTPFields()
        headers[.contentType] = type ?? contentType(path)
        headers[.acceptRanges] = "bytes"
        if let downloadName { headers[.contentDisposition] = contentDisposition(downloadName) }
        var status = HTTPResponse.Status.ok
        var range = Int64(0)..<file.size
        if let header = request.headers[.range], let (start, end) = parseRange(header, size: file.size) {
            headers[.contentRange] = "bytes \(start)-\(end)/\(file.size)"
            status = .partialContent
            range = start..<(end + 1)
        }
        headers[.contentLength] = String(range.count)
        let sent = range
        let body = ResponseBody { writer in
            let range = sent
            var offset = range.lowerBound
            while offset < range.upperBound {
                let (position, count) = (offset, Int(min(Int64(chunkSize), range.upperBound - offset)))
                let chunk = try await BlockingWork.perform { try file.read(at: position, count: count) }
                guard !chunk.isEmpty else { break }
                try await writer.write(ByteBuffer(bytes: chunk))
                offset += Int64(chunk.count)
            }
            try await writer.finish(nil)
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// `attachment` with an ASCII `filename` for old clients and, for any other name, `filename*` in UTF-8 (RFC 6266,
    /// RFC 5987).
    static func contentDisposition(_ name: String) -> String {
        let ascii = String(name.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\" ? Character($0) : "_" })
        var value = "attachment; filename=\"\(ascii)\""
        if ascii != name {
            let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&+-.^_`|~")
            value += "; filename*=UTF-8''\(name.addingPercentEncoding(withAllowedCharacters: allowed) ?? ascii)"
        }
        return value
    }

    /// `bytes=a-b`, `bytes=a-`, `bytes=-n` (one range only).
    static func parseRange(_ header: String, size: Int64) -> (Int64, Int64)? {
        guard size > 0, header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let spec = header.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
        guard spec.count == 2 else { return nil }
        if spec[0].isEmpty, let n = Int64(spec[1]), n > 0 { return (max(0, size - n), size - 1) }
        guard let start = Int64(spec[0]), start < size else { return nil }
        let end = spec[1].isEmpty ? size - 1 : min(size - 1, Int64(spec[1]) ?? size - 1)
        return end >= start ? (start, end) : nil
    }

    static func contentType(_ path: String) -> String {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "jpg", "jpeg": return "image/jpeg"
        case "heic", "heif": return "image/heic"
        case "mp4": return "video/mp4"
        case "mov": return "video/quicktime"
        case "zip": return "application/zip"
        default: return "application/octet-stream"
        }
    }
}

/// A regular file opened for reading, its descriptor closed when the value goes away.
final class OpenedFile: @unchecked Sendable {
    let descriptor: Int32
    let size: Int64

    /// Opens `path` without following a link in its last component, and checks that it is a regular file inside
    /// `root` (the descriptor's own path, links in the folders resolved).
    init(path: String, within root: String?) throws {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw HTTPError(.notFound, message: "The file is gone (it may have expired).") }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw HTTPError(.notFound, message: "The file is gone (it may have expired).")
        }
        if let root, !Self.lies(fd, path: path, inside: root) {
            close(fd)
            throw HTTPError(.forbidden, message: "That file is outside the folder this server shows.")
        }
        descriptor = fd
        size = Int64(info.st_size)
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes at `offset` (fewer at the end of the file).
    func read(at offset: Int64, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        guard got >= 0 else { throw HTTPError(.internalServerError, message: "The file could not be read.") }
        return Array(bytes.prefix(got))
    }

    /// True when the opened file's real path is inside `root`'s real path.
    static func lies(_ fd: Int32, path: String, inside root: String) -> Bool {
        guard let realRoot = realPath(root) else { return false }
        var opened: String?
        #if os(Linux)
            opened = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")
        #endif
        guard let real = opened ?? realPath(path) else { return false }
        return real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

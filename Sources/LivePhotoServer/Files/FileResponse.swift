import Hummingbird
import LivePhotoKit
internal import PortableFoundation

/// Files the server sends (downloads, previews, frames), through Hummingbird's `FileMiddleware`: byte ranges (video
/// elements seek with them), an ETag and Last-Modified, 304 for a request that has the file already, 416 for a range
/// that starts past the end. The file is opened once, without following a link, and what is sent (its length too)
/// is what was opened: a file swapped for a link after the gallery was scanned is refused, and so is one that
/// resolves outside its folder.
enum FileResponse {
    /// - Parameters:
    ///   - path: the file, found from an id the server made (never from the request).
    ///   - type: the Content-Type; by default from the file's extension.
    ///   - downloadName: when given, the response is an attachment of this name.
    ///   - root: when given, the opened file must lie inside this folder (links resolved).
    static func make<Context: RequestContext>(
        _ path: String, request: Request, context: Context, type: String? = nil, downloadName: String? = nil,
        within root: String? = nil
    ) async throws -> Response {
        let file = try await BlockingWork.perform { try OpenedFile(path: path, within: root) }
        // FileMiddleware reads a suffix range (`bytes=-n`) as the first n bytes, and of several ranges sends the
        // first: it gets the one range to send spelled out, or none. A range past the end reaches the provider,
        // which answers 416 (after FileMiddleware has answered 304 to a request that has the file already).
        var head = request.head
        switch RangeRequest(request.headers[.range], size: file.size) {
        case .whole: head.headerFields[.range] = nil
        case .part(let range): head.headerFields[.range] = "bytes=\(range.lowerBound)-\(range.upperBound)"
        case .unsatisfiable: head.headerFields[.range] = "bytes=\(file.size)-"
        }
        let files = FileMiddleware<Context, OpenedFileProvider>(fileProvider: OpenedFileProvider(file: file))
        var response = try await files.handle(Request(head: head, body: request.body), context: context) { _, _ in
            throw HTTPError(.notFound)
        }
        response.headers[.contentType] = type ?? contentType(path)
        // Ask again each time (a 304 when unchanged): a gallery number can name another file after a new scan.
        response.headers[.cacheControl] = "no-cache"
        if let downloadName { response.headers[.contentDisposition] = contentDisposition(downloadName) }
        return response
    }

    /// 416, saying how long the file is (RFC 9110 §15.5.17).
    static func unsatisfiable(size: Int64) -> HTTPError {
        HTTPError(
            .rangeNotSatisfiable, headers: [.contentRange: "bytes */\(size)"],
            message: "The range asked for starts past the end of the file (\(size) bytes).")
    }

    /// `attachment` with an ASCII `filename` for old clients and, for any other name, `filename*` in UTF-8 (RFC 6266,
    /// RFC 5987).
    static func contentDisposition(_ name: String) -> String {
        let ascii = String(name.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\" ? Character($0) : "_" })
        var value = "attachment; filename=\"\(ascii)\""
        if ascii != name {
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&+-.^_`|~".utf8)
            let encoded = name.utf8.map { allowed.contains($0) ? String(UnicodeScalar($0)) : String(cFormat: "%%%02X", $0) }
            value += "; filename*=UTF-8''\(encoded.joined())"
        }
        return value
    }

    /// The Content-Type the name of `path` says (``MediaExtensions``): a photo, a movie, a zip, else bytes.
    static func contentType(_ path: String) -> String {
        let ext = URL(fileURLWithPath: path).pathExtension
        switch MediaExtensions.kind(ofExtension: ext) {
        case .jpeg: return "image/jpeg"
        case .heic: return "image/heic"
        case .mp4: return "video/mp4"
        case .quicktime: return "video/quicktime"
        default: return ext.lowercased() == "zip" ? "application/zip" : "application/octet-stream"
        }
    }
}

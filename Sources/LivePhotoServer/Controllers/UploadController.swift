import Hummingbird
internal import PortableFoundation

/// `/api/uploads`: files streamed to disk, frames of an uploaded video for the cover scrubber, and a JPEG of an
/// uploaded still for the page's thumbnail (browsers other than Safari do not show HEIC).
struct UploadController {
    let state: ServerState

    func addRoutes(to group: RouterGroup<ServerContext>) {
        group.put(use: upload)
        group.get(":id/frame", use: frame)
        group.get(":id/photo", use: photo)
    }

    /// The body is the file, streamed to disk; `?name=` is its name.
    @Sendable func upload(_ request: Request, context: ServerContext) async throws -> Response {
        guard let name = request.uri.queryParameters.get("name"), !name.isEmpty else {
            throw HTTPError(.badRequest, message: "The upload has no file name.")
        }
        let length = request.headers[.contentLength].flatMap { Int64($0) }
        let upload = try await state.uploads.store(request.body, name: name, declaredLength: length, context: context)
        return try JSONBody.response(upload, status: .created)
    }

    /// The frame at `?t=` seconds, as a JPEG (made once per time, to the millisecond).
    @Sendable func frame(_ request: Request, context: ServerContext) async throws -> Response {
        let id = try context.parameters.require("id")
        guard let path = await state.uploads.path(id) else {
            throw HTTPError(.notFound, message: "That upload has expired; choose the file again.")
        }
        let t = max(0, request.uri.queryParameters.get("t", as: Double.self) ?? 0)
        let frame: String
        do {
            frame = try await state.previews.frame(of: path, at: t)
        } catch {
            // ffmpeg's own words name the server's files: they go to the log, not to the page.
            context.logger.info("frame at \(t) s of upload \(id): \(error)")
            throw HTTPError(.unprocessableContent, message: "No frame could be shown at \(t) s: the video cannot be decoded there.")
        }
        return try await FileResponse.make(frame, request: request, context: context, type: "image/jpeg")
    }

    /// The upload as a JPEG to show: itself when it is one, else a display copy made once (`.display/preview.jpg`
    /// beside it: an upload's own name never starts with a dot, so the copy cannot be mistaken for it).
    @Sendable func photo(_ request: Request, context: ServerContext) async throws -> Response {
        let id = try context.parameters.require("id")
        guard let path = await state.uploads.path(id) else {
            throw HTTPError(.notFound, message: "That upload has expired; choose the file again.")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(".display").path
        let preview: String
        do {
            preview = try await state.previews.photo(path, movie: nil, cover: nil, in: folder)
        } catch {
            context.logger.info("display copy of upload \(id): \(error)")
            throw HTTPError(.unprocessableContent, message: "This photo cannot be shown here, but it can still be used.")
        }
        return try await FileResponse.make(preview, request: request, context: context, type: "image/jpeg")
    }
}

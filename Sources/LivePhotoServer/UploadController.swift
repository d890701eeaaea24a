import Foundation
import Hummingbird

/// `/api/uploads`: files streamed to disk, and frames of an uploaded video for the cover scrubber.
struct UploadController {
    let state: ServerState

    func addRoutes(to group: RouterGroup<ServerContext>) {
        group.put(use: upload)
        group.get(":id/frame", use: frame)
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
}

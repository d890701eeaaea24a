import Foundation
import Hummingbird
import LivePhotoKit

/// The HTTP interface. Every file is reached through an id the server made (an upload, a job, a gallery number),
/// never through a path from the request.
enum Routes {
    struct AssembleRequest: Decodable {
        var photo: String?
        var video: String
        var cover: Double?
    }

    struct DisassembleRequest: Decodable {
        var files: [String]
    }

    struct Created: ResponseEncodable {
        var id: String
    }

    struct Config: Encodable {
        var gallery: Bool
        var maxUploadMB: Int
    }

    static func router(_ state: ServerState) -> Router<BasicRequestContext> {
        let router = Router()
        // Outermost first: every response gets the headers, errors become JSON, then other sites are kept out.
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: ErrorPageMiddleware(workDirectory: state.options.workDirectory))
        router.add(middleware: SameOriginMiddleware(allowedHosts: [state.options.host] + state.options.allowedHosts))

        router.get("/") { _, _ in WebAssets.response(WebAssets.page, type: "text/html; charset=utf-8") }
        router.get("/app.js") { _, _ in WebAssets.response(WebAssets.script, type: "text/javascript; charset=utf-8") }
        router.get("/app.css") { _, _ in WebAssets.response(WebAssets.style, type: "text/css; charset=utf-8") }
        router.get("/api/config") { _, _ in
            try JSONBody.response(Config(gallery: state.gallery != nil, maxUploadMB: Int(state.options.maxUploadBytes >> 20)))
        }

        // Uploads: the body is the file, streamed to disk; ?name= is its name.
        router.put("/api/uploads") { request, context -> Response in
            guard let name = request.uri.queryParameters.get("name"), !name.isEmpty else {
                throw HTTPError(.badRequest, message: "The upload has no file name.")
            }
            let length = request.headers[.contentLength].flatMap { Int64($0) }
            let upload = try await state.uploads.store(request.body, name: name, declaredLength: length, context: context)
            return try JSONBody.response(upload, status: .created)
        }
        router.get("/api/uploads/:id/frame") { request, context -> Response in
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

        // Jobs.
        router.post("/api/jobs/assemble") { request, context -> Created in
            let body = try await request.decode(as: AssembleRequest.self, context: context)
            guard let video = await state.uploads.path(body.video) else {
                throw HTTPError(.notFound, message: "The video has expired; choose it again.")
            }
            var photo: String?
            if let id = body.photo {
                guard let p = await state.uploads.path(id) else {
                    throw HTTPError(.notFound, message: "The photo has expired; choose it again.")
                }
                photo = p
            }
            if let cover = body.cover, !(cover.isFinite && cover >= 0) {
                throw HTTPError(.badRequest, message: "The cover time must be 0 or more seconds.")
            }
            let folder = "\(state.jobsFolder)/\(UUID().uuidString.lowercased())"
            let stillPath = photo
            let id = await state.jobs.submit(folder: folder) { progress in
                try await Jobs.assemble(photo: stillPath, video: video, cover: body.cover, folder: folder, state: state, progress: progress)
            }
            return Created(id: id)
        }
        router.post("/api/jobs/disassemble") { request, context -> Created in
            let body = try await request.decode(as: DisassembleRequest.self, context: context)
            guard (1...2).contains(body.files.count) else {
                throw HTTPError(.badRequest, message: "Choose a Live Photo (its photo and its video, or a .pvt.zip) or a Motion Photo.")
            }
            var paths: [String] = []
            for id in body.files {
                guard let p = await state.uploads.path(id) else {
                    throw HTTPError(.notFound, message: "A file has expired; choose it again.")
                }
                paths.append(p)
            }
            let folder = "\(state.jobsFolder)/\(UUID().uuidString.lowercased())"
            let inputs = paths
            let id = await state.jobs.submit(folder: folder) { progress in
                try await Jobs.disassemble(inputs, folder: folder, state: state, progress: progress)
            }
            return Created(id: id)
        }
        router.get("/api/jobs/:id") { _, context -> Response in
            let id = try context.parameters.require("id")
            guard let status = await state.jobs.status(id) else {
                throw HTTPError(.notFound, message: "No such job (it may have expired).")
            }
            return try JSONBody.response(status)
        }
        router.get("/api/jobs/:id/events") { _, context -> Response in
            let id = try context.parameters.require("id")
            guard await state.jobs.status(id) != nil else { throw HTTPError(.notFound, message: "No such job (it may have expired).") }
            let jobs = state.jobs
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-cache"
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody { writer in
                    var last = ""
                    while let status = await jobs.status(id) {
                        let json = try JSONBody.encode(status)
                        if json != last {
                            try await writer.write(ByteBuffer(string: "data: \(json)\n\n"))
                            last = json
                        }
                        if status.state == .done || status.state == .failed { break }
                        try await Task.sleep(for: .milliseconds(100))
                    }
                    try await writer.finish(nil)
                })
        }
        router.get("/api/jobs/:id/files/:index") { request, context -> Response in
            let id = try context.parameters.require("id"), index = try context.parameters.require("index", as: Int.self)
            guard let result = await state.jobs.result(id), result.files.indices.contains(index) else {
                throw HTTPError(.notFound, message: "No such file (the job may have expired).")
            }
            let file = result.files[index]
            return try await FileResponse.make(file.path, request: request, context: context, downloadName: file.name)
        }
        router.get("/api/jobs/:id/preview/:part") { request, context -> Response in
            let id = try context.parameters.require("id"), part = try context.parameters.require("part")
            guard let result = await state.jobs.result(id),
                let path = part == "photo" ? result.previewPhoto : part == "video" ? result.previewVideo : nil
            else {
                throw HTTPError(.notFound, message: "No such preview.")
            }
            return try await FileResponse.make(path, request: request, context: context)
        }

        // The gallery.
        router.get("/api/gallery") { _, _ -> Response in
            guard let gallery = state.gallery else { throw HTTPError(.notFound, message: "This server was started without a folder.") }
            return try JSONBody.response(await gallery.scan())
        }
        router.get("/api/gallery/:id/:part") { request, context -> Response in
            guard let gallery = state.gallery else { throw HTTPError(.notFound, message: "This server was started without a folder.") }
            let id = try context.parameters.require("id", as: Int.self), part = try context.parameters.require("part")
            guard let item = await gallery.item(id) else { throw HTTPError(.notFound, message: "No such item; reload the gallery.") }
            let (photo, movie) = try await Jobs.galleryParts(item, state: state)
            let folder = "\(state.galleryCache)/\(Jobs.cacheKey(item.photo))"
            switch part {
            case "photo":
                return try await FileResponse.make(
                    try await state.previews.photo(photo, movie: movie, cover: item.coverTimeSeconds, in: folder), request: request,
                    context: context)
            case "video":
                return try await FileResponse.make(try await state.previews.video(movie, in: folder), request: request, context: context)
            case "original-photo":
                return try await FileResponse.make(
                    item.photo, request: request, context: context, downloadName: URL(fileURLWithPath: item.photo).lastPathComponent,
                    within: gallery.root)
            case "original-video":
                return try await FileResponse.make(
                    movie, request: request, context: context, downloadName: URL(fileURLWithPath: movie).lastPathComponent,
                    within: movie == item.movie ? gallery.root : state.options.workDirectory)
            default:
                throw HTTPError(.notFound, message: "No such part.")
            }
        }
        return router
    }
}

/// JSON responses.
enum JSONBody {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: try encode(value))))
    }

}

/// Errors as JSON `{"error": "..."}` with words a person understands; the page shows them.
struct ErrorPageMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The server's work folder: no message names a path in it.
    let workDirectory: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            let text = ServerText.hidingPaths(in: error.body ?? "\(error.status.reasonPhrase)", under: workDirectory)
            return try JSONBody.response(["error": text], status: error.status)
        } catch let error as DecodingError {
            _ = error
            return try JSONBody.response(["error": "The request was not understood."], status: .badRequest)
        } catch {
            return try JSONBody.response(["error": JobQueue.message(for: error, hiding: workDirectory)], status: .internalServerError)
        }
    }
}

import Hummingbird
internal import PortableFoundation

/// `/api/gallery`: the Live Photos and Motion Photos of the folder the server was started with, each addressed by
/// its number in the last scan, with display copies and the originals.
struct GalleryController {
    let state: ServerState

    func addRoutes(to group: RouterGroup<ServerContext>) {
        group.get(use: list)
        group.get(":id/:part", use: part)
    }

    /// One page of what the folder holds: `?offset=N&limit=M` (default 0 and 200, at most 1,000 a page). The first
    /// page scans the folder again (through the index, so only changed files are read); the others page through
    /// that scan.
    @Sendable func list(_ request: Request, context: ServerContext) async throws -> Response {
        let gallery = try gallery()
        let offset = max(0, request.uri.queryParameters.get("offset", as: Int.self) ?? 0)
        let limit = min(1_000, max(1, request.uri.queryParameters.get("limit", as: Int.self) ?? 200))
        if offset == 0 || request.uri.queryParameters.get("rescan") != nil {
            do {
                try await gallery.scan()
            } catch {
                throw HTTPError(.internalServerError, message: "The folder could not be read.")
            }
        }
        return try JSONBody.response(await gallery.page(offset: offset, limit: limit))
    }

    /// `photo` and `video` (display copies, made once), `original-photo` and `original-video` (attachments).
    @Sendable func part(_ request: Request, context: ServerContext) async throws -> Response {
        let gallery = try gallery()
        let id = try context.parameters.require("id"), part = try context.parameters.require("part")
        guard let item = await gallery.item(id) else { throw HTTPError(.notFound, message: "No such item; reload the gallery.") }
        let (photo, movie) = try await Jobs.galleryParts(item, state: state)
        let folder = "\(state.galleryCache)/\(Jobs.cacheKey(photo ?? movie ?? ""))"
        switch part {
        case "photo":
            if let photo {
                let preview = try await state.previews.photo(photo, movie: movie, cover: nil, in: folder)
                return try await FileResponse.make(preview, request: request, context: context)
            }
            guard let movie else { throw HTTPError(.notFound, message: "No such part.") }
            return try await FileResponse.make(
                try await state.previews.firstFrame(of: movie, in: folder), request: request, context: context)
        case "video":
            guard let movie else { throw HTTPError(.notFound, message: "This photo's movie is missing.") }
            return try await FileResponse.make(try await state.previews.video(movie, in: folder), request: request, context: context)
        case "original-photo":
            guard let original = item.photo else { throw HTTPError(.notFound, message: "This movie's photo is missing.") }
            return try await FileResponse.make(
                original, request: request, context: context, downloadName: URL(fileURLWithPath: original).lastPathComponent,
                within: gallery.root)
        case "original-video":
            guard let movie else { throw HTTPError(.notFound, message: "This photo's movie is missing.") }
            // A Motion Photo's movie was split into the work folder; a Live Photo's is in the gallery.
            return try await FileResponse.make(
                movie, request: request, context: context, downloadName: URL(fileURLWithPath: movie).lastPathComponent,
                within: movie == item.movie ? gallery.root : state.options.workDirectory)
        default:
            throw HTTPError(.notFound, message: "No such part.")
        }
    }

    private func gallery() throws -> Gallery {
        guard let gallery = state.gallery else { throw HTTPError(.notFound, message: "This server was started without a folder.") }
        return gallery
    }
}

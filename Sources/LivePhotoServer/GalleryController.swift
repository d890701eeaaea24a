import Foundation
import Hummingbird

/// `/api/gallery`: the Live Photos and Motion Photos of the folder the server was started with, each addressed by
/// its number in the last scan, with display copies and the originals.
struct GalleryController {
    let state: ServerState

    func addRoutes(to group: RouterGroup<BasicRequestContext>) {
        group.get(use: list)
        group.get(":id/:part", use: part)
    }

    /// Scans the folder again and lists what it holds.
    @Sendable func list(_ request: Request, context: BasicRequestContext) async throws -> Response {
        return try JSONBody.response(await gallery().scan())
    }

    /// `photo` and `video` (display copies, made once), `original-photo` and `original-video` (attachments).
    @Sendable func part(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let gallery = try gallery()
        let id = try context.parameters.require("id", as: Int.self), part = try context.parameters.require("part")
        guard let item = await gallery.item(id) else { throw HTTPError(.notFound, message: "No such item; reload the gallery.") }
        let (photo, movie) = try await Jobs.galleryParts(item, state: state)
        let folder = "\(state.galleryCache)/\(Jobs.cacheKey(item.photo))"
        switch part {
        case "photo":
            let preview = try await state.previews.photo(photo, movie: movie, cover: item.coverTimeSeconds, in: folder)
            return try await FileResponse.make(preview, request: request, context: context)
        case "video":
            return try await FileResponse.make(try await state.previews.video(movie, in: folder), request: request, context: context)
        case "original-photo":
            return try await FileResponse.make(
                item.photo, request: request, context: context, downloadName: URL(fileURLWithPath: item.photo).lastPathComponent,
                within: gallery.root)
        case "original-video":
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

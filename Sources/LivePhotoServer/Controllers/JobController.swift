import Hummingbird
import LivePhotoKit
internal import PortableFoundation
import ServiceLifecycle

/// `/api/jobs`: Assemble and Disassemble run as jobs; their status, its stream of events, their files and previews.
struct JobController {
    struct AssembleRequest: Decodable {
        var photo: String?
        var video: String
        var cover: Double?
        /// Refuse a photo whose MakerNote another camera maker wrote, rather than replace it by Apple's.
        var refuseForeignMakerNote: Bool?
    }

    /// A press of the Camera mode's shutter: the still taken at the press, the recording that holds it, and the
    /// press's time in that recording.
    struct CaptureRequest: Decodable {
        var photo: String?
        var video: String
        var press: Double
    }

    struct DisassembleRequest: Decodable {
        var files: [String]
    }

    /// The Edit view's choice, for a gallery item (`gallery`, its id) or uploaded files (a photo and a movie, or a
    /// `.pvt.zip`).
    struct EditRequest: Decodable {
        var gallery: String?
        var files: [String]?
        var keyPhoto: Double?
        var trimStart: Double?
        var trimEnd: Double?
        var mute: Bool?
        var effect: ExportEffect?
    }

    struct Created: ResponseEncodable {
        var id: String
    }

    let state: ServerState

    func addRoutes(to group: RouterGroup<ServerContext>) {
        group.post("assemble", use: assemble)
        group.post("capture", use: capture)
        group.post("disassemble", use: disassemble)
        group.post("edit", use: edit)
        group.get(":id", use: status)
        group.get(":id/events", use: events)
        group.get(":id/files/:index", use: file)
        group.get(":id/preview/:part", use: preview)
    }

    /// A Live Photo from uploaded files: a photo and a video, or a video alone.
    @Sendable func assemble(_ request: Request, context: ServerContext) async throws -> Created {
        let body = try await request.decode(as: AssembleRequest.self, context: context)
        let video = try await upload(body.video, expired: "The video has expired; choose it again.")
        let photo = try await body.photo.asyncMap { try await upload($0, expired: "The photo has expired; choose it again.") }
        if let cover = body.cover, !(cover.isFinite && cover >= 0) {
            throw HTTPError(.badRequest, message: "The cover time must be 0 or more seconds.")
        }
        let folder = "\(state.jobsFolder)/\(UUID().uuidString.lowercased())"
        let (state, stillPath) = (self.state, photo)
        let id = await state.jobs.submit(folder: folder) { progress in
            try await Jobs.assemble(
                photo: stillPath, video: video, cover: body.cover, refusesForeignMakerNote: body.refuseForeignMakerNote ?? false,
                folder: folder, state: state, progress: progress)
        }
        return Created(id: id)
    }

    /// A Live Photo from the Camera mode: the recording cut to the window around the press (`--before`, `--after`),
    /// the cover at the press.
    @Sendable func capture(_ request: Request, context: ServerContext) async throws -> Created {
        let body = try await request.decode(as: CaptureRequest.self, context: context)
        let video = try await upload(body.video, expired: "The recording has expired; take the photo again.")
        let photo = try await body.photo.asyncMap { try await upload($0, expired: "The photo has expired; take it again.") }
        guard body.press.isFinite, body.press >= 0 else {
            throw HTTPError(.badRequest, message: "The press must be 0 or more seconds into the recording.")
        }
        let folder = "\(state.jobsFolder)/\(UUID().uuidString.lowercased())"
        let (state, stillPath) = (self.state, photo)
        let window = Jobs.Window(before: state.options.captureBefore, after: state.options.captureAfter)
        let stem = CaptureFolder.stem()
        let id = await state.jobs.submit(folder: folder) { progress in
            var result = try await Jobs.assemble(
                photo: stillPath, video: video, cover: body.press, window: window, name: stem, folder: folder, state: state,
                progress: progress)
            if let captures = state.options.capturesDirectory {
                let pair = result.files.filter { $0.role == .photo || $0.role == .video }.map(\.path)
                let names = try await BlockingWork.run { try CaptureFolder.save(pair, stem: stem, into: captures) }
                result.summary += " Saved as \(names.joined(separator: " and "))."
            }
            return result
        }
        return Created(id: id)
    }

    /// The file of upload `id`, or 404 with `expired` as the reason.
    func upload(_ id: String, expired: String) async throws -> String {
        guard let path = await state.uploads.path(id) else { throw HTTPError(.notFound, message: expired) }
        return path
    }

    /// Uploaded files taken apart: a Live Photo (its two files, or a `.pvt.zip`) or a Motion Photo.
    @Sendable func disassemble(_ request: Request, context: ServerContext) async throws -> Created {
        let body = try await request.decode(as: DisassembleRequest.self, context: context)
        guard (1...2).contains(body.files.count) else {
            throw HTTPError(.badRequest, message: "Choose a Live Photo (its photo and its video, or a .pvt.zip) or a Motion Photo.")
        }
        var paths: [String] = []
        for id in body.files { paths.append(try await upload(id, expired: "A file has expired; choose it again.")) }
        let folder = "\(state.jobsFolder)/\(UUID().uuidString.lowercased())"
        let (state, inputs) = (self.state, paths)
        let id = await state.jobs.submit(folder: folder) { progress in
            try await Jobs.disassemble(inputs, folder: folder, state: state, progress: progress)
        }
        return Created(id: id)
    }

    /// A Live Photo of the gallery or uploaded, edited (key photo, range, sound) or made into an effect.
    @Sendable func edit(_ request: Request, context: ServerContext) async throws -> Created {
        let body = try await request.decode(as: EditRequest.self, context: context)
        for value in [body.keyPhoto, body.trimStart, body.trimEnd].compactMap({ $0 }) where !(value.isFinite && value >= 0) {
            throw HTTPError(.badRequest, message: "Times must be 0 or more seconds.")
        }
        var inputs: [String] = []
        if let id = body.gallery {
            guard let gallery = state.gallery else { throw HTTPError(.notFound, message: "This server was started without a folder.") }
            guard let item = await gallery.item(id), item.kind == .livePhoto, let photo = item.photo, let movie = item.movie else {
                throw HTTPError(.notFound, message: "No such Live Photo; reload the gallery.")
            }
            inputs = [photo, movie]
        } else if let files = body.files, (1...2).contains(files.count) {
            for id in files { inputs.append(try await upload(id, expired: "A file has expired; choose it again.")) }
        } else {
            throw HTTPError(.badRequest, message: "Choose a Live Photo to edit.")
        }
        let folder = "\(state.jobsFolder)/\(UUID().uuidString.lowercased())"
        let choice = Jobs.EditChoice(
            keyPhoto: body.keyPhoto, trimStart: body.trimStart, trimEnd: body.trimEnd, mute: body.mute ?? false, effect: body.effect)
        let state = self.state
        let paths = inputs
        let id = await state.jobs.submit(folder: folder) { progress in
            try await Jobs.edit(paths, choice: choice, folder: folder, state: state, progress: progress)
        }
        return Created(id: id)
    }

    @Sendable func status(_ request: Request, context: ServerContext) async throws -> Response {
        let id = try context.parameters.require("id")
        guard let status = await state.jobs.status(id) else {
            throw HTTPError(.notFound, message: "No such job (it may have expired).")
        }
        return try JSONBody.response(status)
    }

    /// Server-sent events: the status each time it changes, until the job ends (or the server stops).
    @Sendable func events(_ request: Request, context: ServerContext) async throws -> Response {
        let id = try context.parameters.require("id")
        guard await state.jobs.status(id) != nil else { throw HTTPError(.notFound, message: "No such job (it may have expired).") }
        let jobs = state.jobs
        return StatusEvents.response(every: .milliseconds(100)) { await jobs.status(id).map { ($0, $0.state) } }
    }

    /// A result file, as an attachment under its name.
    @Sendable func file(_ request: Request, context: ServerContext) async throws -> Response {
        let id = try context.parameters.require("id"), index = try context.parameters.require("index", as: Int.self)
        guard let result = await state.jobs.result(id), result.files.indices.contains(index) else {
            throw HTTPError(.notFound, message: "No such file (the job may have expired).")
        }
        let file = result.files[index]
        return try await FileResponse.make(file.path, request: request, context: context, downloadName: file.name)
    }

    /// The result's display copy: `photo` (a JPEG) or `video` (an H.264 MP4).
    @Sendable func preview(_ request: Request, context: ServerContext) async throws -> Response {
        let id = try context.parameters.require("id"), part = try context.parameters.require("part")
        guard let result = await state.jobs.result(id),
            let path = part == "photo" ? result.previewPhoto : part == "video" ? result.previewVideo : nil
        else {
            throw HTTPError(.notFound, message: "No such preview.")
        }
        return try await FileResponse.make(path, request: request, context: context)
    }
}

extension Optional {
    /// The wrapped value transformed by an async, throwing `transform`; nil stays nil.
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}

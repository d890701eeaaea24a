import Hummingbird
import LivePhotoKit
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `/api/import`: an export of a photo library (a Google Takeout, Apple's data copy, an icloudpd or osxphotos folder)
/// on the server's machine read into the gallery's folder, one import at a time, as a job of the queue; a listing of
/// the machine's folders to pick its parts from; its progress and its summary.
struct ImportController {
    struct ImportRequest: Decodable {
        var inputs: [String]
        var destination: String?
        var albums: String?
        var includeTrashed: Bool?
        var skipHidden: Bool?
        var memories: Bool?
    }

    /// Whether this server can import (it has a gallery folder), and the import under way.
    struct Availability: Encodable {
        var available: Bool
        var running: String?
    }

    /// An import's job status, with the run's own progress and, at the end, its summary.
    struct ImportStatus: Encodable {
        var id: String
        var state: JobStatus.State
        var phase: JobStatus.Phase
        var fraction: Double
        var position: Int?
        var error: String?
        var progress: ImportProgress?
        var summary: ImportSummary?
    }

    /// The most inputs one import takes (Google splits a large Takeout into 50 GB parts).
    static let maxInputs = 1_000
    static let noFolder = "Importing needs a folder for the library: start the server with one, as in `livephoto serve ~/Pictures/Library`."

    let state: ServerState

    func addRoutes(to group: RouterGroup<ServerContext>) {
        group.get(use: availability)
        group.get("browse", use: browse)
        group.post(use: start)
        group.get(":id", use: status)
        group.get(":id/events", use: events)
    }

    @Sendable func availability(_ request: Request, context: ServerContext) async throws -> Response {
        try JSONBody.response(Availability(available: state.gallery != nil, running: state.imports.current))
    }

    /// `?path=` (absolute, or from `~`; the home folder when absent): its folders and export parts.
    @Sendable func browse(_ request: Request, context: ServerContext) async throws -> Response {
        guard state.gallery != nil else { throw HTTPError(.notFound, message: Self.noFolder) }
        let browser = FolderBrowser(workDirectory: state.options.workDirectory)
        let requested = request.uri.queryParameters.get("path")
        let listing: FolderListing
        do throws(FolderBrowser.Refusal) {
            listing = try await BlockingWork.perform { () throws(FolderBrowser.Refusal) in try browser.list(requested) }
        } catch {
            throw HTTPError(Self.status(error.kind), message: error.message)
        }
        return try JSONBody.response(listing)
    }

    /// Starts an import of `inputs` (parts, or an extracted folder) into the gallery's folder; 409 while another is
    /// queued or running.
    @Sendable func start(_ request: Request, context: ServerContext) async throws -> Response {
        guard let gallery = state.gallery else { throw HTTPError(.notFound, message: Self.noFolder) }
        let body = try await request.decode(as: ImportRequest.self, context: context)
        var choice = TakeoutImport.Choice()
        if let text = body.destination {
            guard let value = LibraryImport.Destination(rawValue: text) else {
                throw HTTPError(.badRequest, message: "The destination is keep, apple or android.")
            }
            choice.destination = value
        }
        if let text = body.albums {
            guard let value = LibraryImport.AlbumMode(rawValue: text) else {
                throw HTTPError(.badRequest, message: "Albums are kept as links, copies, json or none.")
            }
            choice.albums = value
        }
        choice.includeTrashed = body.includeTrashed ?? false
        choice.skipHidden = body.skipHidden ?? false
        choice.memories = body.memories ?? false
        let inputs = try await checkedInputs(body.inputs, library: gallery.root)

        guard state.imports.reserve() else {
            throw HTTPError(.conflict, message: "An import is already under way; wait for it to end before starting another.")
        }
        // As a repair does: its own slot first, then the other's.
        guard !state.repairs.isBusy else {
            state.imports.release()
            throw HTTPError(.conflict, message: "A repair is writing into the folder; import once it has ended.")
        }
        let folder = "\(state.jobsFolder)/\(UUID().uuidString.lowercased())"
        let (state, library, chosen) = (self.state, gallery.root, choice)
        let id = await state.jobs.submit(folder: folder) { progress in
            try await TakeoutImport.run(inputs, choice: chosen, library: library, state: state, progress: progress)
        }
        state.imports.started(id)
        return try JSONBody.response(["id": id], status: .accepted)
    }

    @Sendable func status(_ request: Request, context: ServerContext) async throws -> Response {
        try JSONBody.response(try await importStatus(try context.parameters.require("id")))
    }

    /// Server-sent events: the status each time it changes, until the import ends (or the server stops).
    @Sendable func events(_ request: Request, context: ServerContext) async throws -> Response {
        let id = try context.parameters.require("id")
        _ = try await importStatus(id)
        let controller = self
        return StatusEvents.response(every: .milliseconds(250)) { (try? await controller.importStatus(id)).map { ($0, $0.state) } }
    }

    /// The job's status with the import's progress and summary; 404 for a job that is no import (or has expired).
    func importStatus(_ id: String) async throws -> ImportStatus {
        guard let record = state.imports.record(id), let job = await state.jobs.status(id) else {
            throw HTTPError(.notFound, message: "No such import (it may have expired).")
        }
        return ImportStatus(
            id: id, state: job.state, phase: job.phase, fraction: job.fraction, position: job.position, error: job.error,
            progress: record.progress, summary: job.state == .done ? record.summary : nil)
    }

    /// Each input as an absolute path that this user can read, outside the server's folders; refused in words that
    /// name the path as the user gave it.
    func checkedInputs(_ inputs: [String], library: String) async throws -> [String] {
        let given = inputs.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard !given.isEmpty else {
            throw HTTPError(.badRequest, message: "Choose the export's parts (.zip, .tgz) or the folders they were extracted to.")
        }
        guard given.count <= Self.maxInputs else { throw HTTPError(.badRequest, message: "At most \(Self.maxInputs) parts at once.") }
        let browser = FolderBrowser(workDirectory: state.options.workDirectory)
        return try await BlockingWork.perform { () throws(HTTPError) -> [String] in
            var paths: [String] = []
            for text in given {
                let path: String
                do throws(FolderBrowser.Refusal) {
                    path = try browser.resolve(text)
                } catch {
                    throw HTTPError(Self.status(error.kind), message: error.message)
                }
                var info = stat()
                guard stat(path, &info) == 0 else {
                    if errno == EACCES { throw HTTPError(.forbidden, message: "\(text) cannot be read by the server's user.") }
                    throw HTTPError(.notFound, message: "No such file or folder: \(text).")
                }
                let folder = info.st_mode & S_IFMT == S_IFDIR
                guard folder || info.st_mode & S_IFMT == S_IFREG else {
                    throw HTTPError(.badRequest, message: "\(text) is neither an export's part nor a folder.")
                }
                guard access(path, folder ? R_OK | X_OK : R_OK) == 0 else {
                    throw HTTPError(.forbidden, message: "\(text) cannot be read by the server's user.")
                }
                // A folder read while the library is written into it (or into a folder it holds) would read the
                // import's own output.
                if folder, path == library || path.hasPrefix(library + "/") || library.hasPrefix(path == "/" ? "/" : path + "/") {
                    throw HTTPError(.badRequest, message: "\(text) is the gallery's folder or holds it: the export must lie outside it.")
                }
                paths.append(path)
            }
            return paths
        }
    }

    static func status(_ kind: FolderBrowser.Refusal.Kind) -> HTTPResponse.Status {
        switch kind {
        case .badRequest: .badRequest
        case .notFound: .notFound
        case .forbidden: .forbidden
        }
    }
}

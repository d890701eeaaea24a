import Hummingbird
import LivePhotoKit
internal import PortableFoundation

/// `/api/gallery`: the Live Photos and Motion Photos of the folder the server was started with, each addressed by
/// its number in the last scan, with display copies and the originals; what `repair` finds wrong with them, and the
/// repair of chosen ones in place.
struct GalleryController {
    struct RepairRequest: Decodable {
        var ids: [String]
    }

    /// The most items one repair request names, and the most bytes its body may take.
    static let maxRepairItems = 1_000
    static let maxRepairBody = 64 * 1024

    let state: ServerState

    func addRoutes(to group: RouterGroup<ServerContext>) {
        group.get(use: list)
        group.get("problems", use: problems)
        group.post("repair", use: repair)
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

    /// The items with problems, as `repair --dry-run` finds them, in the gallery's order. The folder is scanned (through
    /// the index) and diagnosed anew, on the blocking threads, at each request, so that every item it holds now has
    /// its id.
    @Sendable func problems(_ request: Request, context: ServerContext) async throws -> Response {
        let gallery = try gallery()
        let survey: GallerySurvey
        do {
            try await gallery.scan()
            survey = try await gallery.survey(jobs: state.options.maxConcurrentJobs)
        } catch {
            throw HTTPError(.internalServerError, message: "The folder could not be read.")
        }
        let work = state.options.workDirectory
        let (items, unmatched) = await gallery.matched(survey)
        var shown: [GalleryProblemItem] = []
        for (item, diagnosis) in items { shown.append(await gallery.shown(item, diagnosis.entry, hiding: work)) }
        return try JSONBody.response(GalleryProblems(items: shown, checked: survey.checked, notShown: unmatched))
    }

    /// Mends the items `{"ids": [...]}` in place, as `livephoto repair` does, and answers with each one's report
    /// once it is done. One repair at a time (409 while another waits or runs, or while an import writes into the
    /// folder); it runs as a job, so it waits its turn for one of the `--jobs` slots.
    @Sendable func repair(_ request: Request, context: ServerContext) async throws -> Response {
        let gallery = try gallery()
        let body = try await JSONBody.decode(RepairRequest.self, from: request, limit: Self.maxRepairBody)
        guard !body.ids.isEmpty else { throw HTTPError(.badRequest, message: "Choose the items to repair.") }
        guard body.ids.count <= Self.maxRepairItems else {
            throw HTTPError(.badRequest, message: "At most \(Self.maxRepairItems) items at once.")
        }
        var seen = Set<String>()
        let ids = body.ids.filter { seen.insert($0).inserted }
        if await gallery.items.isEmpty {
            do { try await gallery.scan() } catch { throw HTTPError(.internalServerError, message: "The folder could not be read.") }
        }
        var chosen: [GalleryItem] = []
        for id in ids {
            guard let item = await gallery.item(id) else { throw HTTPError(.notFound, message: "No such item; reload the gallery.") }
            chosen.append(item)
        }
        guard state.repairs.reserve() else {
            throw HTTPError(.conflict, message: "A repair is already under way; wait for it to end before starting another.")
        }
        // Each takes its own slot, then looks at the other's: of a repair and an import asked for at once, at most one
        // goes ahead.
        guard !state.imports.isBusy else {
            state.repairs.release()
            throw HTTPError(.conflict, message: "An import is writing into the folder; repair once it has ended.")
        }
        let token = UUID().uuidString.lowercased()
        let (state, items) = (self.state, chosen)
        let id = await state.jobs.submit(folder: "\(state.jobsFolder)/\(token)") { _ in
            defer { state.repairs.release() }
            let report = try await Self.mend(items, in: gallery, state: state)
            state.repairs.finish(token, report)
            let sentence = "\(report.mended) mended, \(report.failed) failed."
            return JobResult(files: [], hasPreview: false, coverTimeSeconds: nil, identifier: nil, summary: sentence)
        }
        // The request waits for its job: a repair writes metadata only, and the page shows the report as it comes.
        while true {
            guard let job = await state.jobs.status(id) else { break }
            if job.state == .failed {
                _ = state.repairs.takeReport(token)
                let words = ServerText.hidingPaths(
                    in: job.error ?? "The repair failed.", under: gallery.root, calling: "the gallery's folder")
                throw HTTPError(.internalServerError, message: words)
            }
            if job.state == .done { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        guard let report = state.repairs.takeReport(token) else { throw HTTPError(.internalServerError, message: "The repair failed.") }
        return try JSONBody.response(report)
    }

    /// Diagnoses the folder again (the files may have changed since the page asked), then mends the diagnoses that
    /// touch `chosen`, in place.
    static func mend(_ chosen: [GalleryItem], in gallery: Gallery, state: ServerState) async throws -> GalleryRepairReport {
        let jobs = state.options.maxConcurrentJobs
        let survey = try await gallery.survey(jobs: jobs)
        let byID = Dictionary(await gallery.matched(survey).items.map { ($0.0.id, $0.1) }, uniquingKeysWith: { first, _ in first })
        // A diagnosis touching two chosen items (the two halves of a pair shown as orphans) is mended once.
        var diagnoses: [LibraryRepair.Diagnosis] = []
        var seen = Set<[String]>()
        for item in chosen {
            if let diagnosis = byID[item.id], diagnosis.entry.isMendable, seen.insert(diagnosis.entry.files).inserted {
                diagnoses.append(diagnosis)
            }
        }
        let entries = await LibraryRepair.mend(diagnoses, options: LibraryRepair.Options(jobs: jobs))
        let byFiles = Dictionary(entries.map { ($0.files, $0) }, uniquingKeysWith: { first, _ in first })
        var report = GalleryRepairReport(items: [], mended: 0, failed: 0, unchanged: [])
        let work = state.options.workDirectory
        for item in chosen {
            guard let diagnosis = byID[item.id] else {
                report.unchanged.append(item.id)
                continue
            }
            let entry = byFiles[diagnosis.entry.files] ?? diagnosis.entry
            report.items.append(await gallery.shown(item, entry, hiding: work))
        }
        report.mended = entries.filter { $0.status == .mended }.count
        report.failed = entries.filter { $0.status == .failed }.count
        return report
    }

    private func gallery() throws -> Gallery {
        guard let gallery = state.gallery else { throw HTTPError(.notFound, message: "This server was started without a folder.") }
        return gallery
    }
}

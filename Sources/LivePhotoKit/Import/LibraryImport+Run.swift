import MediaFormats
internal import PortableFoundation

extension LibraryImport {
    /// The hidden folder a run works in, under the output folder: the landing folder, conversions, and the record of
    /// what was written. A library's reader (a gallery) leaves it alone; its paths are the run's own business.
    public static let workFolderName = ".livephoto-takeout"

    /// Reads `inputs` (an export's parts, `.zip` or `.tgz`, or folders) as one tree and writes the library to
    /// `options.outputDirectory`. `progress` is called often; `entry` once for each media file, in the parts' order,
    /// when the library is written.
    /// - Throws: `LivePhotoError` when no input can be read at all, the output folder cannot be made, or a write
    ///   fails for want of space (`LivePhotoError.writeFailed(path:reason:)`). A part or member that cannot be read
    ///   is reported in ``Report/problems`` and the rest goes on.
    public static func run(
        _ inputs: [String], options: Options, progress: (@Sendable (Progress) -> Void)? = nil,
        entry: (@Sendable (Entry) -> Void)? = nil
    ) async throws(LivePhotoError) -> Report {
        do {
            return try await runInside(inputs, options: options, progress: progress, entry: entry)
        } catch {
            // A write that failed in the run's own work folder is told as a write into the output folder.
            let work = "\(options.outputDirectory)/\(workFolderName)"
            if case .writeFailed(let path, let reason) = error, path.hasPrefix(work) {
                throw .writeFailed(path: options.outputDirectory, reason: reason)
            }
            // Any other path of the run's own work folder is named as such.
            throw error.renamingFiles(in: work) { _ in "the library's work folder" }
        }
    }

    /// `path` with links and `..` resolved, as the file system sees it.
    static func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    private static func runInside(
        _ inputs: [String], options: Options, progress: (@Sendable (Progress) -> Void)?, entry: (@Sendable (Entry) -> Void)?
    ) async throws(LivePhotoError) -> Report {
        guard !inputs.isEmpty else { throw .invalidArgument("give the export's parts (.zip, .tgz) or the folder it was extracted to") }
        let out = options.outputDirectory
        let (parts, openProblems) = TakeoutPart.open(inputs)
        guard !parts.isEmpty else { throw .badInput(file: inputs[0], reason: openProblems.first ?? "no part of the export can be read") }
        // A library inside a folder it reads (or holding one) would read its own files as the Takeout's.
        let library = Self.realPath(out)
        for part in parts where part.kind == .folder {
            let folder = Self.realPath(part.path)
            if library == folder || library.hasPrefix(folder + "/") || folder.hasPrefix(library + "/") {
                throw .refused(
                    file: out, reason: "the library's folder must be outside the folder it reads, \(part.path), and not hold it",
                    remedy: .chooseAnotherOutput)
            }
        }
        try OutputLocation.prepareFolder(out)
        let work = "\(out)/\(workFolderName)"
        let landingFolder = "\(work)/landing", conversions = "\(work)/work"
        // What a stopped run left half done is dropped; what it finished is in the manifest.
        OutputLocation.remove(landingFolder)
        OutputLocation.remove(conversions)
        try OutputLocation.prepareFolder(landingFolder)
        try OutputLocation.prepareFolder(conversions)
        defer {
            OutputLocation.remove(landingFolder)
            OutputLocation.remove(conversions)
        }
        let partNames = parts.map(\.name)
        let manifest = TakeoutManifest(path: "\(work)/written.jsonl", outputDirectory: out)
        // The parts' sizes (a folder's is not known before it is walked): what the copying's bar fills to.
        let totalBytes = parts.reduce(Int64(0)) { $0 + ($1.kind == .folder ? 0 : FileManager.default.sizeOfItem(atPath: $1.path) ?? 0) }
        let landing = TakeoutLanding(folder: landingFolder)

        progress?(
            Progress(
                stage: .copying, completedFiles: 0, totalFiles: 0, completedBytes: 0, totalBytes: totalBytes, completedParts: 0,
                totalParts: parts.count))
        let ingest = try await TakeoutIngest.run(parts, landing: landing, previous: manifest, jobs: options.jobs) { files, bytes, done in
            progress?(
                Progress(
                    stage: .copying, completedFiles: files, totalFiles: 0, completedBytes: bytes, totalBytes: totalBytes,
                    completedParts: done,
                    totalParts: parts.count))
        }
        let folders = ImportFolders(ingest, partNames: partNames, memories: options.memories)
        var plan = TakeoutRunPlan(ingest: ingest, folders: folders, landing: landing.files, options: options)
        await plan.analyse(jobs: options.jobs)
        let jobs = plan.jobs()
        let planned = plan

        let writer = TakeoutWriter(
            outputDirectory: out, workFolder: conversions, destination: options.destination, flavor: options.flavor,
            prefersSidecar: options.prefersSidecar)
        var results: [Int: ImportPlan.Done] = [:]
        let total = jobs.count
        progress?(
            Progress(
                stage: .writing, completedFiles: 0, totalFiles: total, completedBytes: 0, totalBytes: 0, completedParts: parts.count,
                totalParts: parts.count))
        try await BoundedTasks.run(jobs, limit: options.jobs) { job throws(LivePhotoError) in
            guard !InterruptHandling.requested else { throw .interrupted }
            let done = try await writer.write(job)
            try manifest.append(planned.records(of: done, partNames: partNames))
            return done
        } collect: { index, done in
            results[jobs[index].number] = done
            progress?(
                Progress(
                    stage: .writing, completedFiles: results.count, totalFiles: total, completedBytes: 0, totalBytes: 0,
                    completedParts: parts.count, totalParts: parts.count))
        }

        var report = plan.report(results: results, partNames: partNames, outputDirectory: out)
        report.problems = openProblems + ingest.problems + folders.problems + report.problems
        report.problems += try TakeoutAlbums.write(plan.plan.albums(results: results), mode: options.albums, outputDirectory: out)
        for item in report.entries { entry?(item) }
        return report
    }
}

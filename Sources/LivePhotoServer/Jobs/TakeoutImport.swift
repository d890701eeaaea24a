import LivePhotoKit
internal import PortableFoundation

/// The work behind the Import view: an export of a photo library (its parts, or the folder it was extracted to, on the server's
/// machine) read into the gallery's folder by ``LibraryImport/run(_:options:progress:entry:)``, its progress kept in
/// the ``ImportSlot`` for the page, its summary kept there at the end.
enum TakeoutImport {
    /// What the Import view chose; the defaults are the `takeout` command's.
    struct Choice: Sendable {
        var destination: LibraryImport.Destination = .keep
        var albums: LibraryImport.AlbumMode = .links
        var includeTrashed = false
        var skipHidden = false
        var memories = false
    }

    /// Why an import failed, in words with no path of the server's (nor of the run's hidden work folder).
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the import into `library` (the gallery's folder). The slot is freed when it ends, however it ends.
    static func run(
        _ inputs: [String], choice: Choice, library: String, state: ServerState,
        progress: @escaping @Sendable (JobStatus.Phase, Double) -> Void
    ) async throws -> JobResult {
        let slot = state.imports
        defer { slot.release() }
        var options = LibraryImport.Options(
            outputDirectory: library, destination: choice.destination, albums: choice.albums, includeTrashed: choice.includeTrashed,
            jobs: state.options.maxConcurrentJobs)
        options.skipHidden = choice.skipHidden
        options.memories = choice.memories
        let hidden = [state.options.workDirectory, "\(library)/\(LibraryImport.workFolderName)"]
        let report: LibraryImport.Report
        do {
            report = try await LibraryImport.run(
                inputs, options: options,
                progress: { p in
                    let shown = ImportProgress(p)
                    if slot.update(shown) { progress(.takeout(p.stage), shown.fraction) }
                })
        } catch {
            var text = JobQueue.message(for: error, hiding: state.options.workDirectory)
            for folder in hidden { text = ServerText.hidingPaths(in: text, under: folder, calling: "the import's work folder") }
            throw Failed(description: text)
        }
        let summary = ImportSummary(report, hiding: hidden)
        slot.finish(summary)
        return JobResult(files: [], hasPreview: false, coverTimeSeconds: nil, identifier: nil, summary: summary.sentence)
    }
}

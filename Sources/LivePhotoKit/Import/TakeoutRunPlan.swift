import MediaFormats
internal import PortableFoundation

/// The core's ``ImportPlan`` run on files: the landed files read (several at a time) for their facts and the times
/// their stamps keep, the left-out ones let go of, and each job's files given the sidecar facts the writer stamps
/// (`docs/guide/takeout.md#how-a-run-works`).
struct TakeoutRunPlan {
    let ingest: TakeoutIngest
    let folders: ImportFolders
    let landed: [TakeoutLanding.File]
    let options: LibraryImport.Options
    private(set) var plan: ImportPlan

    init(ingest: TakeoutIngest, folders: ImportFolders, landing: [TakeoutLanding.File], options: LibraryImport.Options) {
        self.ingest = ingest
        self.folders = folders
        landed = landing
        self.options = options
        var choices = ImportPlan.Options()
        choices.includeTrashed = options.includeTrashed
        choices.skipHidden = options.skipHidden
        choices.layout = options.layout.placement
        choices.prefersSidecar = options.prefersSidecar
        plan = ImportPlan(
            media: ingest.media, sizes: landing.map(\.size), folders: folders.planFolders(media: ingest.media), options: choices,
            export: ImportExport(ingest))
        for file in plan.empty { OutputLocation.remove(landing[file].path) }
    }

    /// The sidecar the Takeout's folders matched to the member that speaks for a landed file.
    func sidecar(of file: Int) -> ImportFolders.Sidecar? { folders.sidecar(of: file, in: plan) }

    /// Reads every landed file (several at a time) and groups them; then reads, for each item dated by its sidecar,
    /// the capture time its first file (a Live Photo's still) will keep once written, by which the item is placed.
    mutating func analyse(jobs: Int) async {
        let files = plan.filesToRead
        let landed = landed
        let paths = files.map { landed[$0].path }
        var read: [Int: ImportFileFacts] = [:]
        await BoundedTasks.run(paths, limit: jobs) { path in
            ImportFileFacts(path: path)
        } collect: { index, facts in
            read[files[index]] = facts
        }
        plan.group(facts: read) { video, photo, span in Self.sameBytes(landed[video].path, landed[photo].path, span) }
        for file in plan.leftOutFiles { OutputLocation.remove(landed[file].path) }
        // The time that will be its modification time (its own date unless it has none or the sidecar is preferred),
        // so that its folder says the same.
        let dated = plan.filesToDate
        let prefersSidecar = options.prefersSidecar
        let questions = dated.map { file in
            let media = sidecar(of: file)?.media
            return (path: landed[file].path, sidecar: media?.captureTime, prefers: prefersSidecar && media?.captureTimeIsUpload != true)
        }
        var kept: [Int: Int64] = [:]
        await BoundedTasks.run(questions, limit: jobs) { file in
            TakeoutStamp.keptCaptureTime(of: file.path, sidecar: file.sidecar, prefersSidecar: file.prefers).flatMap(TakeoutStamp.seconds)
        } collect: { index, time in
            if let time { kept[dated[index]] = time }
        }
        plan.date(kept: kept)
    }

    /// Each item with its folder and name decided, and its files as the writer stamps them.
    mutating func jobs() -> [TakeoutWriter.Job] {
        let output = options.outputDirectory
        let planned = plan.jobs { folder in
            (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? output : "\(output)/\(folder)")) ?? []
        }
        return planned.map { job in
            let facts = folders.stampFacts(of: job, in: plan)
            var files: [Int: TakeoutWriter.File] = [:]
            for (file, member) in job.files {
                files[file] = TakeoutWriter.File(
                    landing: landed[file].path, name: ingest.media[member].member.name, format: plan.facts[file]?.format ?? .unknown,
                    facts: facts[file] ?? ImportStamp.Facts(), title: sidecar(of: file)?.media.title)
            }
            return TakeoutWriter.Job(
                number: job.number, item: job.item, folder: job.folder, stem: job.stem, files: files,
                captureTime: job.captureSeconds.map { Date(timeIntervalSince1970: TimeInterval($0)) })
        }
    }

    /// The manifest's lines for a job done.
    func records(of done: ImportPlan.Done, partNames: [String]) -> [TakeoutManifest.Record] {
        plan.records(of: done, partNames: partNames).map {
            TakeoutManifest.Record(part: $0.part, member: $0.member, size: $0.size, output: $0.output)
        }
    }

    /// What became of every member, as the command reports it.
    func report(results: [Int: ImportPlan.Done], partNames: [String], outputDirectory: String) -> LibraryImport.Report {
        let nonMedia = ImportNonMedia(ingest, folders: folders, partNames: partNames, export: plan.export)
        return LibraryImport.Report(
            plan.report(results: results, partNames: partNames, nonMedia: nonMedia), outputDirectory: outputDirectory)
    }

    /// Whether the file at `video` holds the same bytes as `span` of the file at `photo`.
    static func sameBytes(_ video: String, _ photo: String, _ span: MotionPhotoFile.Span) -> Bool {
        guard let separate = try? RandomAccessFile(path: video), separate.size == span.length,
            let whole = try? RandomAccessFile(path: photo)
        else { return false }
        return (try? TakeoutLanding.sameBytes(separate, at: 0, whole, at: span.offset, count: span.length)) == true
    }
}

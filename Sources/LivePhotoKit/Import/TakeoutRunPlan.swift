import MediaFormats
internal import PortableFoundation

/// The middle of a run, between reading the parts and writing the library: which media member became which landed
/// file, which files are trashed, what each file is and what sidecar speaks for it, how they group into items and
/// where each item goes; then, once written, what became of every member (`docs/guide/takeout.md#how-a-run-works`).
struct TakeoutRunPlan {
    let ingest: TakeoutIngest
    let folders: TakeoutFolders
    let landed: [TakeoutLanding.File]
    let options: LibraryImport.Options
    /// Which export the parts are, as the notes and reasons name it.
    let export: TakeoutExport
    /// The media members of each landed file, by index in `ingest.media`, those in the trash last; the first is the one
    /// that was written.
    private(set) var members: [Int: [Int]] = [:]
    /// Landed files left out because every copy of them is in the trash, or the item's first file is.
    private(set) var trashed: Set<Int> = []
    /// Landed files hidden in Photos (every copy outside the trash, or the item's first file): under `Hidden/`, or left
    /// out with ``LibraryImport/Options/skipHidden``.
    private(set) var hidden: Set<Int> = []
    /// Landed files of no bytes (an Apple data copy's placeholders beside the real file): nothing to write.
    private(set) var empty: Set<Int> = []
    private(set) var facts: [Int: TakeoutFileFacts] = [:]
    private(set) var grouping = TakeoutGrouping([:], export: .other)
    /// The capture time each item's first file will keep once written, by landed file: what the item's folder goes by.
    private(set) var keptTimes: [Int: Date] = [:]
    private var jobOf: [Int: Int] = [:]

    init(ingest: TakeoutIngest, folders: TakeoutFolders, landing: [TakeoutLanding.File], options: LibraryImport.Options) {
        self.ingest = ingest
        self.folders = folders
        landed = landing
        self.options = options
        export = TakeoutExport(ingest)
        for (index, media) in ingest.media.enumerated() {
            switch media.outcome {
            case .landed(let file), .duplicate(let file): members[file, default: []].append(index)
            default: break
            }
        }
        for (file, list) in members {
            let inTrash = Set(list.filter { folders.isTrashed($0, member: ingest.media[$0].member) })
            let kept = list.filter { !inTrash.contains($0) }
            members[file] = kept + list.filter(inTrash.contains)
            if landing[file].size == 0 {
                empty.insert(file)
                OutputLocation.remove(landing[file].path)
                continue
            }
            if !options.includeTrashed, kept.isEmpty { trashed.insert(file) }
            let judged = kept.isEmpty ? list : kept
            if judged.allSatisfy({ folders.sidecars[$0]?.media.hidden == true }) { hidden.insert(file) }
        }
    }

    /// Whether a landed file is left out: trashed, empty, or hidden with ``LibraryImport/Options/skipHidden``.
    func isLeftOut(_ file: Int) -> Bool {
        trashed.contains(file) || empty.contains(file) || (options.skipHidden && hidden.contains(file))
    }

    /// The sidecar that speaks for a landed file: that of a copy in a year folder, else of any copy.
    func sidecar(of file: Int) -> TakeoutFolders.Sidecar? {
        let list = members[file] ?? []
        let inYear = list.first { TakeoutFolders.isYearFolder(ingest.media[$0].member.folder) && folders.sidecars[$0] != nil }
        return (inYear ?? list.first { folders.sidecars[$0] != nil }).flatMap { folders.sidecars[$0] }
    }

    /// Reads every landed file (several at a time) and groups them; then reads, for each item, the capture time its
    /// first file (a Live Photo's still) will keep once written, by which the item is placed.
    mutating func analyse(jobs: Int) async {
        let files = members.keys.filter { !empty.contains($0) }.sorted()
        let paths = files.map { landed[$0].path }
        var read: [Int: TakeoutFileFacts] = [:]
        await BoundedTasks.run(paths, limit: jobs) { path in
            TakeoutFileFacts(path: path)
        } collect: { index, facts in
            read[files[index]] = facts
        }
        facts = read
        var input: [Int: TakeoutGrouping.File] = [:]
        for (file, fact) in read {
            guard let first = members[file]?.first else { continue }
            let member = ingest.media[first].member
            input[file] = TakeoutGrouping.File(
                facts: fact, name: member.name, folder: member.folder, path: landed[file].path,
                captureTime: sidecar(of: file)?.media.captureTime ?? fact.ownCaptureTime, rank: first)
        }
        grouping = TakeoutGrouping(input, export: export)
        // An item is left out, or hidden, as its first file is: a Live Photo's movie goes with its still.
        for item in grouping.items {
            let all = Self.files(of: item)
            for file in all.dropFirst() {
                if trashed.contains(all[0]) { trashed.insert(file) } else { trashed.remove(file) }
                if hidden.contains(all[0]) { hidden.insert(file) } else { hidden.remove(file) }
            }
        }
        for file in files where isLeftOut(file) { OutputLocation.remove(landed[file].path) }
        // The time that will be its modification time (its own date unless it has none or the sidecar is preferred),
        // so that its folder says the same; a flat library has no folders to choose.
        guard options.layout != .flat else { return }
        let primaries = grouping.items.map { Self.files(of: $0)[0] }.filter { !isLeftOut($0) }
        let prefersSidecar = options.prefersSidecar
        let dated = primaries.map { file in
            let media = sidecar(of: file)?.media
            return (path: landed[file].path, sidecar: media?.captureTime, prefers: prefersSidecar && media?.captureTimeIsUpload != true)
        }
        var kept: [Int: Date] = [:]
        await BoundedTasks.run(dated, limit: jobs) { file in
            TakeoutStamp.keptCaptureTime(of: file.path, sidecar: file.sidecar, prefersSidecar: file.prefers)
        } collect: { index, time in
            kept[primaries[index]] = time
        }
        keptTimes = kept
    }

    /// Each item with its folder and name decided, in a stable order.
    mutating func jobs() -> [TakeoutWriter.Job] {
        var placement = ImportPlacement(layout: options.layout.placement)
        let output = options.outputDirectory
        // The names already in a folder of the library: a stem there is not given again.
        func existingNames(_ folder: String) -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? output : "\(output)/\(folder)")) ?? []
        }
        var jobs: [TakeoutWriter.Job] = []
        // Names are given out by the items' paths in the tree, so that zips, a tgz or a folder of one Takeout give the
        // same library.
        func path(_ item: TakeoutGrouping.Item) -> String {
            members[Self.files(of: item)[0]]?.first.map { ingest.media[$0].member.path } ?? ""
        }
        let ordered = grouping.items.enumerated().map { ($0.offset, $0.element, path($0.element)) }.sorted { ($0.2, $0.0) < ($1.2, $1.0) }
        for (number, item, _) in ordered {
            let all = Self.files(of: item)
            let primary = all[0]
            guard !isLeftOut(primary) else { continue }
            let primarySidecar = sidecar(of: primary)
            // Both halves of a pair go by the still.
            let time = keptTimes[primary]
            var files: [Int: TakeoutWriter.File] = [:]
            for file in all {
                guard let first = members[file]?.first else { continue }
                var fact = sidecar(of: file).map { TakeoutFacts($0.media) } ?? TakeoutFacts()
                if fact.captureTime == nil { fact.captureTime = primarySidecar?.media.captureTime }
                files[file] = TakeoutWriter.File(
                    landing: landed[file].path, name: ingest.media[first].member.name, format: facts[file]?.format ?? .unknown,
                    facts: fact, title: sidecar(of: file)?.media.title)
            }
            guard let main = files[primary] else { continue }
            let keeps = ImportPlacement.fileExtension(name: main.name, format: main.format).keepsFullName
            let folder = placement.folder(
                for: time.map { Int64(($0.timeIntervalSince1970).rounded(.down)) }, hidden: hidden.contains(primary))
            let stem = placement.reserveStem(
                ImportPlacement.stem(name: main.name, title: main.title, keepsExtension: keeps), in: folder, existingNames: existingNames)
            jobs.append(TakeoutWriter.Job(number: number, item: item, folder: folder, stem: stem, files: files, captureTime: time))
            for file in all { jobOf[file] = number }
        }
        return jobs
    }

    /// The landed files of an item, the one that names it first.
    static func files(of item: TakeoutGrouping.Item) -> [Int] {
        switch item {
        case .single(let file): [file]
        case .livePhoto(let still, let movie, _): [still, movie]
        case .motionPhoto(let photo, let separate, _): [photo] + (separate.map { [$0] } ?? [])
        }
    }

    /// The manifest's lines for a job done: every member of its landed files, duplicates included.
    func records(for job: TakeoutWriter.Job, done: TakeoutWriter.Done, partNames: [String]) -> [TakeoutManifest.Record] {
        // What an item that failed still wrote (as it came) is recorded too.
        var records: [TakeoutManifest.Record] = []
        for (file, output) in done.outputs {
            for index in members[file] ?? [] {
                let member = ingest.media[index].member
                records.append(TakeoutManifest.Record(part: partNames[member.part], member: member.path, size: member.size, output: output))
            }
        }
        return records
    }

    /// Album title → the files written for its members.
    func albums(results: [Int: TakeoutWriter.Done]) -> [String: [String]] {
        var albums: [String: [String]] = [:]
        // Files an earlier run wrote keep their albums, should that run have stopped before writing them.
        for (index, media) in ingest.media.enumerated() {
            guard case .alreadyWritten(let output) = media.outcome else { continue }
            for title in (folders.albums[media.member.folder].map { [$0] } ?? []) + (folders.listedAlbums[index] ?? []) {
                albums[title, default: []].append(output)
            }
        }
        for (file, list) in members {
            guard let job = jobOf[file], let done = results[job], let output = done.outputs[file] else { continue }
            var outputs = [output] + (done.companions[file].map { [$0] } ?? [])
            // Both halves of a Live Photo go in the album, so that an importer sees the pair.
            if case .livePhoto(let still, let movie, _) = grouping.items[job], file == still || file == movie {
                outputs = [done.outputs[still], done.outputs[movie]].compactMap { $0 }
            }
            for index in list {
                if let title = folders.albums[ingest.media[index].member.folder] { albums[title, default: []] += outputs }
                for title in folders.listedAlbums[index] ?? [] { albums[title, default: []] += outputs }
            }
        }
        return albums
    }

    /// What became of every media member, in the parts' order, and of every other file.
    func report(results: [Int: TakeoutWriter.Done], partNames: [String], outputDirectory: String) -> LibraryImport.Report {
        var entries: [LibraryImport.Entry] = []
        var problems: [String] = []
        func place(_ index: Int) -> String {
            let member = ingest.media[index].member
            return "\(partNames[member.part]): \(member.path)"
        }
        for (index, media) in ingest.media.enumerated() {
            let member = media.member
            var entry = LibraryImport.Entry(part: partNames[member.part], member: member.path, outcome: .failed)
            entry.sidecar = folders.sidecars[index]?.path
            entry.albums = albumTitles(of: index)
            switch media.outcome {
            case .alreadyWritten(let output):
                entry.outcome = .alreadyWritten
                entry.output = output
            case .failed(let reason):
                entry.reason = reason
            case .landed(let file), .duplicate(let file):
                let first = members[file]?.first ?? index
                if trashed.contains(file) {
                    entry.outcome = .skipped
                    let own =
                        folders.isTrashed(index, member: member)
                        || members[file]?.allSatisfy({ folders.isTrashed($0, member: ingest.media[$0].member) }) == true
                    entry.reason =
                        (own ? "in the trash or recently deleted" : "the other half of a Live Photo in the trash or recently deleted")
                        + " (written when trashed items are included)"
                } else if empty.contains(file) {
                    entry.outcome = .skipped
                    entry.reason = "empty (0 bytes): no photo or video to write" + placeholderNote(of: index)
                } else if options.skipHidden, hidden.contains(file) {
                    entry.outcome = .skipped
                    entry.reason =
                        "hidden in Photos, or the other half of a hidden Live Photo (written under Hidden/ unless hidden items are skipped)"
                } else if let job = jobOf[file], let done = results[job] {
                    if let output = done.outputs[file] {
                        entry.output = output
                        if index != first {
                            entry.outcome = .duplicate
                            entry.duplicateOf = place(first)
                        } else {
                            // An item that could not be done as asked was written as it came, each file on its own.
                            entry.outcome = done.failure == nil ? Self.outcome(of: file, in: grouping.items[job]) : .written
                            entry.wrote = done.wrote[file] ?? []
                            entry.notes = (grouping.notes[file] ?? []) + (done.notes[file] ?? [])
                            if folders.sharedAlbumFolders.contains(member.folder) {
                                entry.notes.append("a shared album's copy: Apple shares a reduced copy, not the original")
                            }
                            if hidden.contains(file) { entry.notes.append("hidden in Photos: written under Hidden/") }
                            entry.notes += folders.rowNotes[index] ?? []
                            if folders.withoutRow.contains(index) {
                                entry.notes.append("no row of its folder's photo details names it: dated by the file alone")
                            }
                            if let failure = done.failure { problems.append("\(place(index)): \(failure); written as it came") }
                        }
                    } else {
                        entry.reason = done.failure ?? "not written"
                    }
                } else {
                    entry.reason = "not written (the run stopped before it)"
                }
            }
            entries.append(entry)
        }
        let nonMedia = TakeoutNonMedia(ingest, folders: folders, partNames: partNames, export: export)
        return LibraryImport.Report(
            entries: entries, nonMediaFiles: nonMedia.files, sidecarFiles: nonMedia.sidecarFiles,
            otherFiles: nonMedia.places([.takeoutData, .albumMetadata]), unusedSidecars: nonMedia.places([.unusedSidecar]).sorted(),
            problems: problems, outputDirectory: outputDirectory)
    }

    /// The albums a member is in: its folder's and the lists naming it; for a half of a Live Photo, those of either
    /// half, as both halves go into the album.
    func albumTitles(of index: Int) -> [String] {
        func own(_ index: Int) -> [String] {
            (folders.albums[ingest.media[index].member.folder].map { [$0] } ?? []) + (folders.listedAlbums[index] ?? [])
        }
        var indices = [index]
        if let file = ingest.media[index].landedFile, let job = jobOf[file],
            case .livePhoto(let still, let movie, _) = grouping.items[job]
        {
            indices = [index] + (members[still] ?? []) + (members[movie] ?? [])
        }
        var titles: [String] = []
        for title in indices.flatMap(own) where !titles.contains(title) { titles.append(title) }
        return titles
    }

    /// ", a placeholder beside X-1.mp4" when a file of the member's folder has its name and a suffix.
    func placeholderNote(of index: Int) -> String {
        let member = ingest.media[index].member
        let (stem, ext) = ImportName.splitExtension(member.name)
        // `X.mp4` beside `X-1.mp4` (or Apple's digit suffix, `X1.mp4`).
        func isNumbered(_ name: String) -> Bool {
            let (otherStem, otherExt) = ImportName.splitExtension(name)
            guard otherExt.lowercased() == ext.lowercased(), otherStem.lowercased().hasPrefix(stem.lowercased()) else { return false }
            var suffix = otherStem.dropFirst(stem.count)
            if suffix.first == "-" { suffix = suffix.dropFirst() }
            return !suffix.isEmpty && suffix.allSatisfy(\.isNumber)
        }
        let real = ingest.media.first { other in
            other.member.part == member.part && other.member.folder == member.folder && other.member.size > 0
                && isNumbered(other.member.name)
        }
        return real.map { ", a placeholder beside \($0.member.name)" } ?? ""
    }

    static func outcome(of file: Int, in item: TakeoutGrouping.Item) -> LibraryImport.Entry.Outcome {
        switch item {
        case .single: .written
        case .livePhoto: .pairedLivePhoto
        case .motionPhoto(let photo, _, _): file == photo ? .written : .mergedIntoMotionPhoto
        }
    }
}

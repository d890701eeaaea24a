import MediaFormats

/// The middle of an import, between reading the export and writing the library, for both shells
/// (`docs/guide/takeout.md#how-a-run-works`): which media member holds which file's bytes, which files are trashed or
/// hidden, what each file is and what sidecar speaks for it, how they group into items and where each item goes;
/// then, once written, what became of every member. The shell reads (the files' facts, the times a stamp keeps) and
/// writes; the plan decides.
package struct ImportPlan {
    /// What became of one media member's bytes as the shell read them.
    package enum Outcome: Sendable, Equatable {
        /// The first member with these bytes: the file numbered so.
        case landed(Int)
        /// The same bytes as that file.
        case duplicate(of: Int)
        /// Written by an earlier run into the same folder: its output there, relative.
        case alreadyWritten(String)
        case failed(String)
    }

    /// One media member of the export and its bytes' outcome.
    package struct Media: Sendable {
        package let member: ImportMember
        package let outcome: Outcome

        package init(member: ImportMember, outcome: Outcome) {
            self.member = member
            self.outcome = outcome
        }

        /// The file that holds its bytes, when they were read.
        package var file: Int? {
            switch outcome {
            case .landed(let file), .duplicate(let file): file
            default: nil
            }
        }
    }

    /// What a media member's sidecar says that the plan decides by.
    package struct Sidecar: Sendable {
        /// Its path in the tree.
        package let path: String
        package var captureSeconds: Int64?
        /// ``captureSeconds`` is only an upload date: it dates a file without a date of its own.
        package var captureTimeIsUpload = false
        package var hidden = false
        /// The title the library gave the file, which names it where the export cut its name.
        package var title: String?

        package init(path: String) { self.path = path }
    }

    /// What the export's folders say of its media members, by their index in ``media``.
    package struct Folders: Sendable {
        package var sidecars: [Int: Sidecar] = [:]
        /// Album titles, by folder path.
        package var albums: [String: String] = [:]
        /// Album titles by media member, from lists of names.
        package var listedAlbums: [Int: [String]] = [:]
        /// Folders of an Apple shared album: their files are reduced copies.
        package var sharedAlbumFolders: Set<String> = []
        /// Notes on a media member's row of photo details.
        package var rowNotes: [Int: [String]] = [:]
        /// Media members of a folder with photo details that no row names.
        package var withoutRow: Set<Int> = []
        /// Media members in the trash (a trash folder, or their sidecar says so).
        package var trashed: Set<Int> = []

        package init() {}
    }

    /// The choices of the run the plan makes.
    package struct Options: Sendable {
        package var includeTrashed = false
        package var skipHidden = false
        package var layout: ImportPlacement.Layout = .yearMonth
        package var prefersSidecar = false

        package init() {}
    }

    /// An item with its place decided.
    package struct Job: Sendable {
        /// The item's number in ``ImportPlan/grouping``.
        package let number: Int
        package let item: ImportGrouping.Item
        /// The folder, relative to the output folder.
        package let folder: String
        package let stem: String
        /// The item's files, the one that names it first, each with its first member (the one written).
        package let files: [(file: Int, member: Int)]
        /// The capture time the item goes by (its first file's, as it keeps it once written).
        package let captureSeconds: Int64?
    }

    /// What writing an item did, by file.
    package struct Done: Sendable {
        /// The file written for each file (relative); a folded or converted file's is the one it went into.
        package var outputs: [Int: String] = [:]
        /// The other file written for a file that became two (a Motion Photo made a Live Photo: its movie).
        package var companions: [Int: String] = [:]
        /// What was written into each file (`date`, `place`…).
        package var wrote: [Int: [String]] = [:]
        package var notes: [Int: [String]] = [:]
        /// Why the item could not be written as asked.
        package var failure: String?

        package init() {}
    }

    package let media: [Media]
    package let folders: Folders
    package let options: Options
    /// Which export the parts are, as the notes and reasons name it.
    package let export: ImportExport
    /// The media members of each file, by index in ``media``, those in the trash last; the first is the one written.
    package private(set) var members: [Int: [Int]] = [:]
    /// Files left out because every copy of them is in the trash, or the item's first file is.
    package private(set) var trashed: Set<Int> = []
    /// Files hidden in Photos (every copy outside the trash, or the item's first file): under `Hidden/`, or left out
    /// with ``Options/skipHidden``.
    package private(set) var hidden: Set<Int> = []
    /// Files of no bytes (an Apple data copy's placeholders beside the real file): nothing to write.
    package private(set) var empty: Set<Int> = []
    package private(set) var facts: [Int: ImportFileFacts] = [:]
    package private(set) var grouping = ImportGrouping([:], export: .other) { _, _, _ in false }
    /// The capture time each item's first file keeps once written, by file: what the item's folder goes by.
    package private(set) var keptTimes: [Int: Int64] = [:]
    /// The item number each file placed is written in.
    package private(set) var jobNumbers: [Int: Int] = [:]

    /// A plan for `media`, whose files are `sizes` long (by file number).
    package init(media: [Media], sizes: [Int64], folders: Folders, options: Options, export: ImportExport) {
        self.media = media
        self.folders = folders
        self.options = options
        self.export = export
        for (index, one) in media.enumerated() {
            if let file = one.file { members[file, default: []].append(index) }
        }
        for (file, list) in members {
            let kept = list.filter { !folders.trashed.contains($0) }
            members[file] = kept + list.filter(folders.trashed.contains)
            if file < sizes.count, sizes[file] == 0 {
                empty.insert(file)
                continue
            }
            if !options.includeTrashed, kept.isEmpty { trashed.insert(file) }
            let judged = kept.isEmpty ? list : kept
            if judged.allSatisfy({ folders.sidecars[$0]?.hidden == true }) { hidden.insert(file) }
        }
    }

    /// Whether a file is left out: trashed, empty, or hidden with ``Options/skipHidden``.
    package func isLeftOut(_ file: Int) -> Bool {
        trashed.contains(file) || empty.contains(file) || (options.skipHidden && hidden.contains(file))
    }

    /// The member whose sidecar speaks for a file: that of a copy in a year folder, else of any copy.
    package func sidecarMember(of file: Int) -> Int? {
        let list = members[file] ?? []
        return list.first { Self.isYearFolder(media[$0].member.folder) && folders.sidecars[$0] != nil }
            ?? list.first { folders.sidecars[$0] != nil }
    }

    /// The sidecar that speaks for a file.
    package func sidecar(of file: Int) -> Sidecar? { sidecarMember(of: file).flatMap { folders.sidecars[$0] } }

    /// The files whose facts the shell reads (``group(facts:sameBytes:)``), in order.
    package var filesToRead: [Int] { members.keys.filter { !empty.contains($0) }.sorted() }

    /// Groups the files read (`facts`, by file) into items, and leaves an item out, or hides it, as its first file
    /// is. `sameBytes(video, photo, span)`: whether the file `video` holds `span` of the file `photo`.
    package mutating func group(facts read: [Int: ImportFileFacts], sameBytes: (Int, Int, MotionPhotoFile.Span) -> Bool) {
        facts = read
        var input: [Int: ImportGrouping.File] = [:]
        for (file, fact) in read {
            guard let first = members[file]?.first else { continue }
            let member = media[first].member
            input[file] = ImportGrouping.File(
                facts: fact, name: member.name, folder: member.folder,
                captureSeconds: sidecar(of: file)?.captureSeconds ?? fact.ownCaptureSeconds, rank: first)
        }
        grouping = ImportGrouping(input, export: export, sameBytes: sameBytes)
        // A Live Photo's movie goes with its still.
        for item in grouping.items {
            let all = Self.files(of: item)
            for file in all.dropFirst() {
                if trashed.contains(all[0]) { trashed.insert(file) } else { trashed.remove(file) }
                if hidden.contains(all[0]) { hidden.insert(file) } else { hidden.remove(file) }
            }
        }
    }

    /// The files read that are left out after grouping: the shell lets go of them.
    package var leftOutFiles: [Int] { filesToRead.filter(isLeftOut) }

    /// The items' first files whose folder goes by a date the shell reads: the capture time each keeps once its
    /// sidecar's is written into it (``date(kept:)``). A file without a sidecar's date keeps its own, read with its
    /// facts; a flat library has no folders to choose.
    package var filesToDate: [Int] {
        guard options.layout != .flat else { return [] }
        return primaries.filter { sidecar(of: $0)?.captureSeconds != nil }
    }

    /// Each item's first file, but those left out.
    private var primaries: [Int] { grouping.items.map { Self.files(of: $0)[0] }.filter { !isLeftOut($0) } }

    /// Takes the times the shell read for ``filesToDate`` (`kept`, by file); every other item's first file keeps
    /// its own.
    package mutating func date(kept: [Int: Int64]) {
        guard options.layout != .flat else { return }
        var times: [Int: Int64] = [:]
        for file in primaries {
            let time = sidecar(of: file)?.captureSeconds != nil ? kept[file] : facts[file]?.ownCaptureSeconds
            if let time { times[file] = time }
        }
        keptTimes = times
    }

    /// Each item with its folder and name decided, in a stable order. `existingNames(folder)` lists the names already
    /// in a folder of the library (relative): a stem there is not given again.
    package mutating func jobs(existingNames: (String) -> [String]) -> [Job] {
        var placement = ImportPlacement(layout: options.layout)
        var jobs: [Job] = []
        // Names are given out by the items' paths in the tree, so that zips, a tgz or a folder of one export give the
        // same library.
        func path(_ item: ImportGrouping.Item) -> String {
            members[Self.files(of: item)[0]]?.first.map { media[$0].member.path } ?? ""
        }
        let ordered = grouping.items.enumerated().map { ($0.offset, $0.element, path($0.element)) }.sorted {
            $0.2 != $1.2 ? $0.2 < $1.2 : $0.0 < $1.0
        }
        for (number, item, _) in ordered {
            let all = Self.files(of: item)
            let primary = all[0]
            guard !isLeftOut(primary), let primaryMember = members[primary]?.first else { continue }
            let files = all.compactMap { file in members[file]?.first.map { (file: file, member: $0) } }
            let name = media[primaryMember].member.name
            let format = facts[primary]?.format ?? .unknown
            let keeps = ImportPlacement.fileExtension(name: name, format: format).keepsFullName
            let time = keptTimes[primary]
            let folder = placement.folder(for: time, hidden: hidden.contains(primary))
            let stem = placement.reserveStem(
                ImportPlacement.stem(name: name, title: sidecar(of: primary)?.title, keepsExtension: keeps), in: folder,
                existingNames: existingNames)
            jobs.append(Job(number: number, item: item, folder: folder, stem: stem, files: files, captureSeconds: time))
            for file in all { jobNumbers[file] = number }
        }
        return jobs
    }

    /// The files of an item, the one that names it first.
    package static func files(of item: ImportGrouping.Item) -> [Int] {
        switch item {
        case .single(let file): [file]
        case .livePhoto(let still, let movie, _): [still, movie]
        case .motionPhoto(let photo, let separate, _): [photo] + (separate.map { [$0] } ?? [])
        }
    }

    /// Whether a folder is a year folder (`Photos from 2019`), named in English in every language.
    package static func isYearFolder(_ folder: String) -> Bool {
        guard let name = folder.split(separator: "/").last, name.hasPrefix("Photos from ") else { return false }
        let year = name.dropFirst("Photos from ".count)
        return year.count == 4 && year.allSatisfy { $0.isNumber }
    }
}

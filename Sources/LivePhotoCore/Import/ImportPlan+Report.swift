extension ImportPlan {
    /// One line of the record of what a run wrote: a member of a file written, and the file written for it.
    package struct Record: Sendable, Equatable {
        package var part: String
        package var member: String
        package var size: Int64
        /// The file written for it (or the one it was a duplicate of or merged into), relative to the output folder.
        package var output: String
    }

    /// The record's lines for a job done: every member of its files, duplicates included; what an item that failed
    /// still wrote (as it came) too.
    package func records(of done: Done, partNames: [String]) -> [Record] {
        var records: [Record] = []
        for (file, output) in done.outputs.sorted(by: { $0.key < $1.key }) {
            for index in members[file] ?? [] {
                let member = media[index].member
                records.append(Record(part: partNames[member.part], member: member.path, size: member.size, output: output))
            }
        }
        return records
    }

    /// Album title → the files written for its members.
    package func albums(results: [Int: Done]) -> [String: [String]] {
        var albums: [String: [String]] = [:]
        // Files an earlier run wrote keep their albums, should that run have stopped before writing them.
        for (index, one) in media.enumerated() {
            guard case .alreadyWritten(let output) = one.outcome else { continue }
            for title in ownAlbums(index) { albums[title, default: []].append(output) }
        }
        for (file, list) in members.sorted(by: { $0.key < $1.key }) {
            guard let job = jobOf(file), let done = results[job], let output = done.outputs[file] else { continue }
            var outputs = [output] + (done.companions[file].map { [$0] } ?? [])
            // Both halves of a Live Photo go in the album, so that an importer sees the pair.
            if case .livePhoto(let still, let movie, _) = grouping.items[job], file == still || file == movie {
                outputs = [done.outputs[still], done.outputs[movie]].compactMap { $0 }
            }
            for index in list {
                for title in ownAlbums(index) { albums[title, default: []] += outputs }
            }
        }
        return albums
    }

    /// The albums a member's own folder and lists put it in.
    private func ownAlbums(_ index: Int) -> [String] {
        (folders.albums[media[index].member.folder].map { [$0] } ?? []) + (folders.listedAlbums[index] ?? [])
    }

    /// What became of every media member, in the parts' order, and of every other file (`nonMedia`).
    package func report(results: [Int: Done], partNames: [String], nonMedia: ImportNonMedia) -> ImportReport {
        var report = ImportReport()
        func place(_ index: Int) -> String {
            let member = media[index].member
            return "\(partNames[member.part]): \(member.path)"
        }
        for (index, one) in media.enumerated() {
            let member = one.member
            var entry = ImportReport.Entry(part: partNames[member.part], member: member.path, outcome: .failed)
            entry.sidecar = folders.sidecars[index]?.path
            entry.albums = albumTitles(of: index)
            switch one.outcome {
            case .alreadyWritten(let output):
                entry.outcome = .alreadyWritten
                entry.output = output
            case .failed(let reason):
                entry.reason = reason
            case .landed(let file), .duplicate(let file):
                let first = members[file]?.first ?? index
                if trashed.contains(file) {
                    entry.outcome = .skipped
                    let own = folders.trashed.contains(index) || members[file]?.allSatisfy(folders.trashed.contains) == true
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
                } else if let job = jobOf(file), let done = results[job] {
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
                            if let failure = done.failure { report.problems.append("\(place(index)): \(failure); written as it came") }
                        }
                    } else {
                        entry.reason = done.failure ?? "not written"
                    }
                } else {
                    entry.reason = "not written (the run stopped before it)"
                }
            }
            report.entries.append(entry)
        }
        report.nonMediaFiles = nonMedia.files
        report.sidecarFiles = nonMedia.sidecarFiles
        report.otherFiles = nonMedia.places([.takeoutData, .albumMetadata])
        report.unusedSidecars = nonMedia.places([.unusedSidecar]).sorted()
        return report
    }

    /// The job (its item's number) a file was written in.
    private func jobOf(_ file: Int) -> Int? { jobNumbers[file] }

    /// The albums a member is in: its folder's and the lists naming it; for a half of a Live Photo, those of either
    /// half, as both halves go into the album.
    package func albumTitles(of index: Int) -> [String] {
        var indices = [index]
        if let file = media[index].file, let job = jobOf(file), case .livePhoto(let still, let movie, _) = grouping.items[job] {
            indices = [index] + (members[still] ?? []) + (members[movie] ?? [])
        }
        var titles: [String] = []
        for title in indices.flatMap(ownAlbums) where !titles.contains(title) { titles.append(title) }
        return titles
    }

    /// ", a placeholder beside X-1.mp4" when a file of the member's folder has its name and a suffix.
    func placeholderNote(of index: Int) -> String {
        let member = media[index].member
        let (stem, ext) = ImportName.splitExtension(member.name)
        // `X.mp4` beside `X-1.mp4` (or Apple's digit suffix, `X1.mp4`).
        func isNumbered(_ name: String) -> Bool {
            let (otherStem, otherExt) = ImportName.splitExtension(name)
            guard otherExt.lowercased() == ext.lowercased(), otherStem.lowercased().hasPrefix(stem.lowercased()) else { return false }
            var suffix = otherStem.dropFirst(stem.count)
            if suffix.first == "-" { suffix = suffix.dropFirst() }
            return !suffix.isEmpty && suffix.allSatisfy { $0.isNumber }
        }
        let real = media.first { other in
            other.member.part == member.part && other.member.folder == member.folder && other.member.size > 0
                && isNumbered(other.member.name)
        }
        return real.map { ", a placeholder beside \($0.member.name)" } ?? ""
    }

    static func outcome(of file: Int, in item: ImportGrouping.Item) -> ImportReport.Entry.Outcome {
        switch item {
        case .single: .written
        case .livePhoto: .pairedLivePhoto
        case .motionPhoto(let photo, _, _): file == photo ? .written : .mergedIntoMotionPhoto
        }
    }
}

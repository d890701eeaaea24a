import MediaFormats

extension ImportRequest {
    /// The first thing the page still has to read, or the items to write, or the report.
    mutating func answer() throws(LivePhotoError) -> Engine.Outcome {
        var listing = ImportNonMedia.Listing()
        var media: [Int] = []
        var sidecarMembers: [Int] = []
        for index in order {
            let member = members[index]
            switch member.role {
            case .media: media.append(index)
            case .other: listing.others.append(member)
            case .sidecar, .table: sidecarMembers.append(index)
            case .archive where zipsRead.contains(index): listing.archives.append(member)
            case .archive where zipsTooDeep.contains(index): listing.others.append(member)
            case .archive: listing.unread.append((member, Self.zipInside))
            }
        }
        for (member, reason) in zip(unsafe, unsafeWhy) where member.role != .media { listing.unread.append((member, reason)) }
        var written: [Int: String] = [:]
        for index in media {
            let member = members[index]
            if let output = previous[Self.key(parts[member.part], member.path, member.size)] { written[index] = output }
        }
        guard let bytes else {
            return Self.stage(
                "read",
                [
                    ("media", .array(media.map { .integer(Int64($0)) })),
                    ("written", .array(written.sorted { $0.key < $1.key }.map { .array([.integer(Int64($0.key)), .string($0.value)]) })),
                    ("sidecars", .array(sidecarMembers.map { .integer(Int64($0)) })),
                ])
        }
        // Part by part, as the command line's walk finds them: its media in order, then those whose names are unsafe.
        var plannedMedia: [ImportPlan.Media] = []
        for part in parts.indices {
            for index in media where members[index].part == part {
                if let output = written[index] {
                    plannedMedia.append(ImportPlan.Media(member: members[index], outcome: .alreadyWritten(output)))
                } else if let reason = failed[index] {
                    plannedMedia.append(ImportPlan.Media(member: members[index], outcome: .failed(reason)))
                } else {
                    guard let first = bytes[index], members.indices.contains(first), members[first].role == .media, failed[first] == nil
                    else { throw .invalidArgument("--bytes: member \(index) has no first copy among the media") }
                    plannedMedia.append(
                        ImportPlan.Media(member: members[index], outcome: first == index ? .landed(index) : .duplicate(of: first)))
                }
            }
            for (member, reason) in zip(unsafe, unsafeWhy) where member.part == part && member.role == .media {
                plannedMedia.append(ImportPlan.Media(member: member, outcome: .failed(reason)))
            }
        }
        // The export's sidecars and tables, read whole from the run's inputs, in the walk's order.
        var sidecarFiles: [ImportFolders.SidecarFile] = []
        var tables: [ImportFolders.TableFile] = []
        for index in sidecarMembers {
            let member = members[index]
            // A zip's member the page could not read whole and right (its CRC-32 fails): in the command line's words.
            if let reason = failed[index] {
                if member.role == .table {
                    tables.append(ImportFolders.TableFile(member: member, table: nil, failure: reason))
                } else {
                    sidecarFiles.append(ImportFolders.SidecarFile(member: member, sidecar: nil, failure: reason))
                }
                continue
            }
            guard let bytes = sidecarBytes[index] else {
                throw .invalidArgument("--sidecar-files: member \(index), \(member.path), is a sidecar or a table and was not given")
            }
            let place = "\(parts[member.part]): \(member.path)"
            if member.role == .table {
                tables.append(ImportFolders.TableFile(member: member, reading: bytes, place: place))
            } else {
                sidecarFiles.append(ImportFolders.SidecarFile(member: member, reading: bytes, place: place))
            }
        }
        let folders = ImportFolders(media: plannedMedia, sidecarFiles: sidecarFiles, tables: tables, partNames: parts, memories: memories)
        listing.add(sidecarFiles: sidecarFiles, tables: tables)
        var plan = ImportPlan(
            media: plannedMedia, sizes: members.map { $0.size }, folders: folders.planFolders(media: plannedMedia), options: planOptions,
            export: ImportExport(media: plannedMedia, sidecarFiles: sidecarFiles, tables: tables))
        let unread = plan.filesToRead.filter { facts[$0] == nil }
        if !unread.isEmpty { return Self.stage("facts", [("files", .array(unread.map { .integer(Int64($0)) }))]) }
        var questions: [JSONValue] = []
        let answers = same
        plan.group(facts: facts) { video, photo, span in
            if let answer = answers["\(video) \(photo)"] { return answer }
            questions.append(.array([.integer(Int64(video)), .integer(Int64(photo)), .integer(span.offset), .integer(span.length)]))
            return false
        }
        if !questions.isEmpty { return Self.stage("same", [("same", .array(questions))]) }
        // The time each item dated by its sidecar keeps once stamped, by which it is placed.
        var keptTimes: [Int: Int64] = [:]
        var unasked: [JSONValue] = []
        for file in plan.filesToDate {
            if let answer = kept[file] {
                if let seconds = answer { keptTimes[file] = seconds }
                continue
            }
            let sidecar = folders.sidecar(of: file, in: plan)?.media
            unasked.append(
                .array([
                    .integer(Int64(file)), sidecar?.captureSeconds.map { .integer($0) } ?? .null,
                    .bool(planOptions.prefersSidecar && sidecar?.captureTimeIsUpload != true),
                ]))
        }
        if !unasked.isEmpty { return Self.stage("kept", [("files", .array(unasked))]) }
        plan.date(kept: keptTimes)
        var unlisted: [String] = []
        let known = existing
        let jobs = plan.jobs { folder in
            if let names = known[folder] { return names }
            unlisted.append(folder)
            return []
        }
        if !unlisted.isEmpty { return Self.stage("existing", [("folders", .array(unlisted.map { .string($0) }))]) }
        guard let done else {
            // Each copy with the capture time the command line gives the file written (none: the time it is written),
            // and the record's lines of the item once all its copies are written.
            let planned: [JSONValue] = jobs.map { job in
                let (copies, failure) = plan.copies(of: job)
                let whole = plan.done(of: job, written: Set(copies.map { $0.file }), failure: nil)
                let facts = folders.stampFacts(of: job, in: plan)
                var o = JSONObject()
                o.set("number", job.number)
                o.set(
                    "copies",
                    JSONValue.array(
                        copies.map { copy in
                            // What its sidecar says is written into it (the page asks `importStamp`), and the time it
                            // keeps dates it; without one, the file is copied and dated by its own time.
                            let stamp = facts[copy.file].flatMap { $0.isEmpty ? nil : $0 }
                            let seconds = plan.facts[copy.file]?.ownCaptureSeconds
                            var row: [JSONValue] = [
                                .integer(Int64(copy.file)), .string(copy.output), seconds.map { .integer($0) } ?? .null,
                            ]
                            if let stamp {
                                row += [stamp.json, .bool(ImportFolders.prefersSidecar(stamp, options: planOptions))]
                            }
                            return .array(row)
                        }))
                // A Motion Photo whose separate video goes back into it: the page asks `importStamp` with both; where
                // it cannot be (not an MP4), both are written as they came.
                if case .motionPhoto(let photo, let separate?, true) = job.item {
                    o.set("embed", JSONValue.array([.integer(Int64(photo)), .integer(Int64(separate))]))
                    let embedded = plan.done(of: job, written: [photo], failure: nil, embedded: true)
                    o.set("embedRecords", JSONValue.array(plan.records(of: embedded, partNames: parts).map(Self.record)))
                }
                o.set("failure", failure)
                o.set("records", JSONValue.array(plan.records(of: whole, partNames: parts).map(Self.record)))
                return o.json
            }
            return Self.stage("write", [("jobs", .array(planned))])
        }
        var results: [Int: ImportPlan.Done] = [:]
        var records: [JSONValue] = []
        for job in jobs {
            guard let result = done[job.number] else { continue }
            var finished = plan.done(of: job, written: result.files, failure: result.failure, embedded: result.embedded)
            for (file, names) in result.wrote where finished.outputs[file] != nil { finished.wrote[file] = names }
            for (file, notes) in result.notes { finished.notes[file] = notes + (finished.notes[file] ?? []) }
            results[job.number] = finished
            records += plan.records(of: finished, partNames: parts).map(Self.record)
        }
        let nonMedia = ImportNonMedia(listing, folders: folders, partNames: parts, export: plan.export)
        var report = plan.report(results: results, partNames: parts, nonMedia: nonMedia)
        report.problems = unreadable + partProblems() + folders.problems + report.problems
        var fields: [(key: String, value: JSONValue)] = [
            ("lines", .array(report.lines(outputDirectory: outputDirectory))), ("records", .array(records)),
        ]
        // Albums as their list, albums.json: a browser makes no links, and copies are the command line's. Asked for
        // (`json`), it is written as the command line writes it, albums or none; otherwise where there are albums.
        let albumFiles = plan.albums(results: results)
        if albums == "json" || (albums != "none" && !albumFiles.isEmpty) {
            fields.append(("albums", .string(String(decoding: ImportPlan.albumsJSON(albumFiles), as: UTF8.self))))
        }
        return Self.stage("report", fields)
    }

    /// Why a zip inside the export is not read here.
    static let zipInside = "a zip inside the export: read by the command line (livephoto import), not in a browser"

    /// What the command line's walk says of each part as it reads it: names not valid UTF-8, in order; members never
    /// read (unsafe names) but media; then the part's notes.
    private func partProblems() -> [String] {
        var problems: [String] = []
        for part in parts.indices {
            for index in order where members[index].part == part {
                if let problem = members[index].nameProblem { problems.append("\(parts[part]): \(members[index].path): \(problem)") }
            }
            for (member, reason) in zip(unsafe, unsafeWhy) where member.part == part && member.role != .media {
                problems.append("\(parts[part]): \(member.path): \(reason)")
            }
            for note in partNotes where note.part == part { problems.append("\(parts[part]): \(note.text)") }
        }
        return problems
    }

    /// A line of the record of what was written, as `[part, member, size, output]`.
    private static func record(_ record: ImportPlan.Record) -> JSONValue {
        .array([.string(record.part), .string(record.member), .integer(record.size), .string(record.output)])
    }

    private static func stage(_ name: String, _ fields: [(key: String, value: JSONValue)]) -> Engine.Outcome {
        .done(report: .object([("stage", .string(name))] + fields), files: [])
    }
}

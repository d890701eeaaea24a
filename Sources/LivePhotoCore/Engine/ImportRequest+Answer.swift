import MediaFormats

extension ImportRequest {
    /// The first thing the page still has to read, or the items to write, or the report.
    mutating func answer() throws(LivePhotoError) -> Engine.Outcome {
        var listing = ImportNonMedia.Listing()
        var media: [Int] = []
        for index in order {
            let member = members[index]
            switch member.role {
            case .media: media.append(index)
            case .other: listing.others.append(member)
            case .sidecar, .table, .archive:
                throw .unsupported(
                    file: member.path,
                    reason:
                        "an export's sidecars, tables and zips are read by the command line (livephoto import), not yet in a browser; a camera's folder is imported here"
                )
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
        var plan = ImportPlan(
            media: plannedMedia, sizes: members.map { $0.size }, folders: ImportPlan.Folders(), options: planOptions,
            export: ImportExport(mediaParts: Set(plannedMedia.map { $0.member.part }), googleParts: [], appleParts: []))
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
        plan.date(kept: [:])
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
                var o = JSONObject()
                o.set("number", job.number)
                o.set(
                    "copies",
                    JSONValue.array(
                        copies.map { copy in
                            let seconds = plan.facts[copy.file]?.ownCaptureSeconds
                            return .array([.integer(Int64(copy.file)), .string(copy.output), seconds.map { .integer($0) } ?? .null])
                        }))
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
            let finished = plan.done(of: job, written: result.written, failure: result.failure)
            results[job.number] = finished
            records += plan.records(of: finished, partNames: parts).map(Self.record)
        }
        let nonMedia = ImportNonMedia(
            listing, usedSidecars: [], albums: [:], usedTables: [], tableReasons: [:], partNames: parts, export: plan.export)
        var report = plan.report(results: results, partNames: parts, nonMedia: nonMedia)
        report.problems = unreadable + partProblems() + report.problems
        return Self.stage("report", [("lines", .array(report.lines(outputDirectory: outputDirectory))), ("records", .array(records))])
    }

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

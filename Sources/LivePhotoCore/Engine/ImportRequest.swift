import MediaFormats

/// One run of the engine's `import`: what the page has read so far, and the plan run on it (``Engine/importLibrary(options:)``).
struct ImportRequest {
    let parts: [String]
    /// Every file of the folder, by the page's numbering.
    let members: [ImportMember]
    /// The members in the order the command line's walk reads them: a folder's by name, a zip part's by their data.
    let order: [Int]
    /// A zip part's members whose names lead out of the folder, never read, and why.
    let unsafe: [ImportMember]
    let unsafeWhy: [String]
    /// What the report says of a part as a whole (a zip whose directory cannot be read), by part.
    let partNotes: [(part: Int, text: String)]
    /// Zips inside the export whose members the page read as parts of their own (listed after them), and those past
    /// the depth the command line reads (`TakeoutIngest.maxArchiveDepth`), which it keeps as other files.
    let zipsRead: Set<Int>
    let zipsTooDeep: Set<Int>
    /// Media, sidecars and tables whose bytes the page could not read whole and right (a zip member whose CRC-32
    /// fails), and why.
    let failed: [Int: String]
    /// What an earlier run wrote, by `part`, `member` and `size`: its output, still in the library.
    let previous: [String: String]
    let bytes: [Int: Int]?
    let facts: [Int: ImportFileFacts]
    let same: [String: Bool]
    let existing: [String: [String]]
    let done: [Int: ImportRequest.Written]?
    /// The export's JSON, XMP and CSV files, by member: their bytes (nil where too large to be one), from the run's inputs.
    let sidecarBytes: [Int: [UInt8]?]
    /// The capture time each file asked for keeps once stamped (``ImportStamp/keptCaptureSeconds(of:sidecar:prefersSidecar:)``).
    let kept: [Int: Int64?]
    let memories: Bool
    /// `--albums`: `links` (the command line's default), `copies`, `json` or `none`.
    let albums: String
    let outputDirectory: String
    /// Folders of the input the page could not read, with the browser's words: problems of the report.
    let unreadable: [String]
    let planOptions: ImportPlan.Options

    /// What the page wrote of an item: the members written, what was written into each (`--json`'s `wrote`), notes,
    /// and why the item failed.
    struct Written {
        var files: Set<Int> = []
        var wrote: [Int: [String]] = [:]
        var notes: [Int: [String]] = [:]
        var failure: String?
        /// A Motion Photo given its separate video back, written as one file.
        var embedded = false
    }

    init(_ options: inout EngineOptions, inputs: [RandomAccessFile] = []) throws(LivePhotoError) {
        var names: [String] = []
        for value in try options.list("parts") ?? [] {
            guard let name = value.stringValue else { throw .invalidArgument("--parts: a part's name is text") }
            names.append(name)
        }
        parts = names
        var listed: [ImportMember] = []
        for (index, value) in (try options.list("members") ?? []).enumerated() {
            guard let row = value.arrayValue, row.count == 3 || row.count == 4, let part = row[0].integerValue, part >= 0,
                part < names.count, let path = row[1].stringValue, let size = row[2].integerValue, size >= 0
            else { throw .invalidArgument("--members: entry \(index + 1) is not [part, path, size]") }
            guard Self.isInside(path) else {
                throw .unsupported(file: path, reason: "its path leads out of the folder; nothing is read or written there")
            }
            listed.append(ImportMember(part: Int(part), path: path, size: size, nameProblem: row.count == 4 ? row[3].stringValue : nil))
        }
        members = listed
        var zips = Set<Int>()
        for value in try options.list("zipParts") ?? [] {
            guard let part = value.integerValue, part >= 0, part < names.count else {
                throw .invalidArgument("--zip-parts: a part's number")
            }
            zips.insert(Int(part))
        }
        let readZips = try Self.memberSet(options.list("zipsRead"), count: listed.count, "--zips-read")
        // A folder's files in the order its walk reads them, then the files of the zips in it, zip by zip in the order
        // the command line reads them (``nestedOrder(_:read:)``); a zip part's in the order given, their data's, and
        // its zips' files after them.
        let nested = Self.nestedOrder(listed, read: readZips.filter { !zips.contains(listed[$0].part) })
        order = listed.indices.sorted { a, b in
            if listed[a].part != listed[b].part { return listed[a].part < listed[b].part }
            if zips.contains(listed[a].part) { return a < b }
            switch (nested[a], nested[b]) {
            case (nil, nil): return ImportMember.walkPrecedes(listed[a].path, listed[b].path)
            case (nil, _?): return true
            case (_?, nil): return false
            case let (x?, y?): return x != y ? x < y : a < b
            }
        }
        zipsRead = readZips
        var unsafeMembers: [ImportMember] = []
        var unsafeReasons: [String] = []
        for value in try options.list("unsafe") ?? [] {
            guard let row = value.arrayValue, row.count == 3, let part = row[0].integerValue, part >= 0, part < names.count,
                let name = row[1].stringValue, let reason = row[2].stringValue
            else { throw .invalidArgument("--unsafe: an entry is [part, name, reason]") }
            unsafeMembers.append(ImportMember(part: Int(part), path: name, size: 0))
            unsafeReasons.append(reason)
        }
        unsafe = unsafeMembers
        unsafeWhy = unsafeReasons
        var notes: [(part: Int, text: String)] = []
        for value in try options.list("partNotes") ?? [] {
            guard let row = value.arrayValue, row.count == 2, let part = row[0].integerValue, part >= 0, part < names.count,
                let text = row[1].stringValue
            else { throw .invalidArgument("--part-notes: an entry is [part, text]") }
            notes.append((Int(part), text))
        }
        partNotes = notes
        zipsTooDeep = try Self.memberSet(options.list("zipsTooDeep"), count: listed.count, "--zips-too-deep")
        var failures: [Int: String] = [:]
        for (index, value) in (try options.list("failed") ?? []).enumerated() {
            guard let row = value.arrayValue, row.count == 4, let member = row[0].integerValue, listed.indices.contains(Int(member)),
                let problem = row[2].stringValue
            else { throw .invalidArgument("--failed: entry \(index + 1) is not [member, entry, problem, detail]") }
            if problem == "unreadable" {
                failures[Int(member)] = "cannot be read (\(row[3].stringValue ?? "the browser refused it"))"
            } else if problem == "engine", let reason = row[3].stringValue {
                // zipMembers' or zipData's own words: a member not read at all, or whose data is not where its
                // directory puts it.
                failures[Int(member)] = reason
            } else if let entry = ZipEntryJSON.entry(row[1]), let found = ZipEntryJSON.problem(problem, detail: row[3]) {
                failures[Int(member)] = ZipEntryJSON.reason(found.error(for: entry))
            } else {
                throw .invalidArgument("--failed: entry \(index + 1) names no problem this engine knows")
            }
        }
        failed = failures
        var written: [String: String] = [:]
        for value in try options.list("previous") ?? [] {
            guard let row = value.arrayValue, row.count == 4, let part = row[0].stringValue, let member = row[1].stringValue,
                let size = row[2].integerValue, let output = row[3].stringValue
            else { continue }
            written[Self.key(part, member, size)] = output
        }
        previous = written
        bytes = try Self.pairs(options.list("bytes"), "--bytes")
        var read: [Int: ImportFileFacts] = [:]
        for (index, value) in (try options.list("facts") ?? []).enumerated() {
            guard let row = value.arrayValue, row.count == 2, let member = row[0].integerValue, let facts = ImportFileFacts(json: row[1])
            else { throw .invalidArgument("--facts: entry \(index + 1) is not [member, facts]") }
            read[Int(member)] = facts
        }
        facts = read
        var answers: [String: Bool] = [:]
        for value in try options.list("same") ?? [] {
            guard let row = value.arrayValue, row.count == 3, let video = row[0].integerValue, let photo = row[1].integerValue,
                let answer = row[2].boolValue
            else { throw .invalidArgument("--same: an answer is [video, photo, true or false]") }
            answers["\(video) \(photo)"] = answer
        }
        same = answers
        var folderNames: [String: [String]] = [:]
        for value in try options.list("existing") ?? [] {
            guard let row = value.arrayValue, row.count == 2, let folder = row[0].stringValue, let list = row[1].arrayValue else {
                throw .invalidArgument("--existing: an answer is [folder, [names]]")
            }
            folderNames[folder] = list.compactMap { $0.stringValue }
        }
        existing = folderNames
        if let list = try options.list("done") {
            var results: [Int: Written] = [:]
            for value in list {
                guard let number = value["number"]?.integerValue else { throw .invalidArgument("--done: an item has no number") }
                var result = Written()
                result.files = Set((value["written"]?.arrayValue ?? []).compactMap { $0.integerValue.map(Int.init) })
                result.failure = value["failure"]?.stringValue
                result.embedded = value["embedded"]?.boolValue == true
                for row in value["wrote"]?.arrayValue ?? [] {
                    guard let pair = row.arrayValue, pair.count == 2, let member = pair[0].integerValue, let names = pair[1].arrayValue
                    else {
                        throw .invalidArgument("--done: a file's wrote is [member, [names]]")
                    }
                    result.wrote[Int(member)] = names.compactMap { $0.stringValue }
                }
                for row in value["notes"]?.arrayValue ?? [] {
                    guard let pair = row.arrayValue, pair.count == 2, let member = pair[0].integerValue, let note = pair[1].stringValue
                    else {
                        throw .invalidArgument("--done: a note is [member, text]")
                    }
                    result.notes[Int(member), default: []].append(note)
                }
                results[Int(number)] = result
            }
            done = results
        } else {
            done = nil
        }
        var sidecarRead: [Int: [UInt8]?] = [:]
        let sidecarMembers = try options.list("sidecarFiles") ?? []
        guard sidecarMembers.count == inputs.count else {
            throw .invalidArgument("--sidecar-files: one member for each file given, \(inputs.count)")
        }
        for (value, file) in zip(sidecarMembers, inputs) {
            guard let member = value.integerValue, listed.indices.contains(Int(member)) else {
                throw .invalidArgument("--sidecar-files: a member's number")
            }
            let limit = listed[Int(member)].role == .table ? ICloudTable.maxSize : ImportFolders.SidecarFile.maxSize
            guard file.size <= limit else {
                sidecarRead[Int(member)] = .some(nil)
                continue
            }
            do {
                sidecarRead[Int(member)] = try file.read(at: 0, count: Int(file.size))
            } catch {
                throw .io(path: file.path, reason: "cannot be read: \(error)")
            }
        }
        sidecarBytes = sidecarRead
        var keptTimes: [Int: Int64?] = [:]
        for value in try options.list("kept") ?? [] {
            guard let row = value.arrayValue, row.count == 2, let file = row[0].integerValue else {
                throw .invalidArgument("--kept: an answer is [file, seconds or null]")
            }
            keptTimes[Int(file)] = row[1].integerValue
        }
        kept = keptTimes
        memories = try options.flag("memories")
        outputDirectory = try options.string("outputDirectory") ?? ""
        var unread: [String] = []
        for value in try options.list("unreadable") ?? [] {
            guard let row = value.arrayValue, row.count == 3, let part = row[0].integerValue, part >= 0, part < names.count,
                let path = row[1].stringValue, let reason = row[2].stringValue
            else { throw .invalidArgument("--unreadable: an entry is [part, path, reason]") }
            unread.append("\(names[Int(part)]): \(path): cannot be read (\(reason)); the files in it were not imported")
        }
        unreadable = unread
        var choices = ImportPlan.Options()
        switch try options.string("layout") ?? "year-month" {
        case "year-month": choices.layout = .yearMonth
        case "year": choices.layout = .year
        case "flat": choices.layout = .flat
        case let other: throw .invalidArgument("--layout: '\(other)' is not one of 'flat', 'year', 'year-month'")
        }
        choices.includeTrashed = try options.flag("includeTrashed")
        choices.skipHidden = try options.flag("skipHidden")
        albums = try options.string("albums") ?? "links"
        guard ["links", "copies", "json", "none"].contains(albums) else {
            throw .invalidArgument("--albums: '\(albums)' is not one of 'copies', 'json', 'links', 'none'")
        }
        choices.prefersSidecar = try options.flag("preferJson")
        if let destination = try options.string("to"), destination != "keep" {
            throw .invalidArgument(
                "--to \(destination): an import converts on the command line (livephoto import --to \(destination)); here the library is written as it came, and convertLibrary converts it afterwards"
            )
        }
        planOptions = choices
    }

    /// Whether a path relative to the folder stays inside it: not absolute, no `..`, `.` or empty step, no backslash.
    static func isInside(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.contains("\\")
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    static func key(_ part: String, _ member: String, _ size: Int64) -> String { "\(part)\u{0}\(member)\u{0}\(size)" }

    /// `[[a, b], ...]` as a map from a to b.
    static func pairs(_ list: [JSONValue]?, _ flag: String) throws(LivePhotoError) -> [Int: Int]? {
        guard let list else { return nil }
        var map: [Int: Int] = [:]
        for (index, value) in list.enumerated() {
            guard let row = value.arrayValue, row.count == 2, let a = row[0].integerValue, let b = row[1].integerValue else {
                throw .invalidArgument("\(flag): entry \(index + 1) is not a pair of numbers")
            }
            map[Int(a)] = Int(b)
        }
        return map
    }

    /// For each member inside one of the zips `read` (of a folder), where that zip comes in the order the command line
    /// reads a folder's zips: those in the folder itself in its walk's order, then those inside them, zip by zip, each
    /// zip's in its data's order (the order the page listed them). Nil for the folder's own files.
    static func nestedOrder(_ members: [ImportMember], read: Set<Int>) -> [Int: Int] {
        guard !read.isEmpty else { return [:] }
        // The zip each member is in: the deepest read zip of its part whose path leads to it.
        var container: [Int: Int] = [:]
        for index in members.indices {
            let member = members[index]
            let holders = read.filter { members[$0].part == member.part && member.path.hasPrefix(members[$0].path + "/") }
            if let deepest = holders.max(by: { members[$0].path.count < members[$1].path.count }) { container[index] = deepest }
        }
        var queue = read.filter { container[$0] == nil }.sorted { ImportMember.walkPrecedes(members[$0].path, members[$1].path) }
        var rank: [Int: Int] = [:]
        var next = 0
        while next < queue.count {
            let zip = queue[next]
            rank[zip] = next
            next += 1
            queue += read.filter { container[$0] == zip }.sorted()
        }
        return container.compactMapValues { rank[$0] }
    }

    /// A list of member numbers, each one of the `count` members.
    static func memberSet(_ list: [JSONValue]?, count: Int, _ flag: String) throws(LivePhotoError) -> Set<Int> {
        var set = Set<Int>()
        for (index, value) in (list ?? []).enumerated() {
            guard let member = value.integerValue, member >= 0, member < count else {
                throw .invalidArgument("\(flag): entry \(index + 1) is not a member's number")
            }
            set.insert(Int(member))
        }
        return set
    }
}

extension ImportFolders {
    /// The Apple data copy's CSV files applied: each `Photo Details` row to the file of its own part and folder by name
    /// (never to a file of the same name elsewhere), and each album's list of names to the one file it names
    /// (`docs/formats/icloud.md#photo-details-rows`, `docs/formats/icloud.md#albums-memories-and-flags`).
    mutating func readTables(_ tables: [TableFile], media: [ImportPlan.Media], partNames: [String], memories: Bool) {
        guard !tables.isEmpty else { return }
        struct Folder: Hashable {
            var part: Int
            var path: String
        }
        var rows: [Folder: [String: (member: ImportMember, row: ICloudTable.Row)]] = [:]
        var repeatedRows: [(part: Int, folder: String, name: String, used: String, other: String)] = []
        var lists: [(member: ImportMember, title: String, names: [String], isMemory: Bool)] = []
        for table in tables {
            let member = table.member
            let place = ImportMember.Place(member)
            switch table.table {
            case nil:
                let text = "\(partNames[member.part]): \(member.path)"
                let reason = table.failure ?? "not read"
                tableReasons[place] = "not read: \(reason)"
                problems.append("\(text): \(reason)")
            case .other(let what)?:
                tableReasons[place] = "not a photo or video: a table of the export (\(what))"
            case .photoDetails(let list)?:
                let folder = Folder(part: member.part, path: member.folder)
                for (name, row) in list {
                    // Two rows for one file (in two CSVs of the folder): the first read is used, and the file says so.
                    if let first = rows[folder]?[name] {
                        repeatedRows.append((folder.part, folder.path, name, first.member.path, member.path))
                    } else {
                        rows[folder, default: [:]][name] = (member, row)
                    }
                }
                tableReasons[place] = "not a photo or video: photo details that matched no file of its folder"
            case .names(let names)?:
                let folderName = member.folder.split(separator: "/").last.map { $0.lowercased() } ?? ""
                let title = ImportName.splitExtension(member.name).stem
                let lower = member.name.lowercased()
                if folderName != "albums", folderName != "memories" {
                    tableReasons[place] = "not a photo or video: a list of names outside Albums/ and Memories/, not read as an album"
                } else if folderName == "albums", lower == "hidden.csv" || lower == "favorites.csv" {
                    let which = lower == "hidden.csv" ? "hidden" : "favourite"
                    tableReasons[place] = "not a photo or video: the list of \(which) items, which the photo details say too"
                } else if folderName == "memories" {
                    if memories {
                        lists.append((member, title, names, true))
                    } else {
                        tableReasons[place] = "not a photo or video: the memory \"\(title)\" (an album when memories are made albums)"
                    }
                } else {
                    lists.append((member, title, names, false))
                }
            }
        }
        // Rows by (part, folder, name).
        var byName: [String: [Int]] = [:]
        for (index, item) in media.enumerated() {
            let member = item.member
            let name = ImportName.nfc(member.name)
            let folderRows = rows[Folder(part: member.part, path: member.folder)]
            if folderRows != nil, folderRows?[name] == nil { withoutRow.insert(index) }
            if let found = folderRows?[name] {
                var facts = ImportSidecar.Media()
                facts.captureSeconds = found.row.created
                facts.captureTimeIsUpload = found.row.created != nil && found.row.created == found.row.imported
                facts.favorited = found.row.favorite
                facts.hidden = found.row.hidden
                facts.trashed = found.row.deleted
                if let text = found.row.unreadableDate {
                    rowNotes[index, default: []].append("its photo details date \"\(text)\" could not be read; dated by the file alone")
                }
                if sidecars[index] == nil { sidecars[index] = Sidecar(path: found.member.path, media: facts) }
                usedTables.insert(ImportMember.Place(found.member))
            }
            // What album lists can name: files of the library itself, not of a shared album, not deleted.
            let folderName = member.folder.split(separator: "/").last.map { $0.lowercased() } ?? ""
            if !sharedAlbumFolders.contains(member.folder), !Self.trashFolderNames.contains(folderName) {
                byName[name, default: []].append(index)
            }
        }
        for place in usedTables { tableReasons[place] = nil }
        for repeated in repeatedRows {
            for index in media.indices {
                let member = media[index].member
                guard member.part == repeated.part, member.folder == repeated.folder, ImportName.nfc(member.name) == repeated.name
                else { continue }
                rowNotes[index, default: []].append("named by rows of \(repeated.used) and of \(repeated.other); the first was used")
            }
        }
        // Each name of a list to the one file it names: several copies of the same bytes are one file.
        for list in lists {
            var missing: [String] = [], ambiguous: [String] = [], found = 0
            for name in list.names {
                let candidates = byName[name] ?? []
                let files = Set(candidates.compactMap { media[$0].file })
                if candidates.isEmpty {
                    missing.append(name)
                } else if files.count > 1 {
                    ambiguous.append(name)
                } else {
                    found += 1
                    for index in candidates where listedAlbums[index]?.contains(list.title) != true {
                        listedAlbums[index, default: []].append(list.title)
                    }
                }
            }
            let kind = list.isMemory ? "memory" : "album"
            var reason = "not a photo or video: the \(kind) \"\(list.title)\" (\(found) of \(list.names.count) names found"
            if !missing.isEmpty { reason += "; no file is named \(Self.someNames(missing))" }
            if !ambiguous.isEmpty { reason += "; several different files are named \(Self.someNames(ambiguous)), so none was added" }
            tableReasons[ImportMember.Place(list.member)] = reason + ")"
        }
    }

    /// At most ten names, and how many more.
    package static func someNames(_ names: [String]) -> String {
        let shown = names.prefix(10).joined(separator: ", ")
        return names.count > 10 ? "\(shown) and \(names.count - 10) more" : shown
    }
}

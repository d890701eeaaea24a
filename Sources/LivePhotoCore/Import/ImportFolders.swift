/// What an export's folders say of its media: each media file's sidecar (matched by name within its folder, across
/// parts), which folders are albums and under which title, and which are the trash
/// (`docs/formats/takeout.md#sidecar-names`, `docs/guide/takeout.md#albums`). Read from what the shell read of the
/// export, for the command line and a browser alike.
package struct ImportFolders: Sendable {
    /// A media member's sidecar: its path in the tree and what it says.
    package struct Sidecar: Sendable {
        package let path: String
        package let media: ImportSidecar.Media
    }

    /// A JSON or XMP file of the export, and what reading it gave: the sidecar, or why it could not be read.
    package struct SidecarFile: Sendable {
        package let member: ImportMember
        package let sidecar: ImportSidecar?
        package let failure: String?

        package init(member: ImportMember, sidecar: ImportSidecar?, failure: String?) {
            self.member = member
            self.sidecar = sidecar
            self.failure = failure
        }
    }

    /// A CSV file of the export, and what reading it gave.
    package struct TableFile: Sendable {
        package let member: ImportMember
        package let table: ICloudTable?
        package let failure: String?

        package init(member: ImportMember, table: ICloudTable?, failure: String?) {
            self.member = member
            self.table = table
            self.failure = failure
        }
    }

    /// The sidecar of each media member, by its index in the media given.
    package var sidecars: [Int: Sidecar] = [:]
    /// Album titles, by folder path.
    package var albums: [String: String] = [:]
    /// Album titles by media member, from lists of names (an Apple data copy's `Albums/*.csv`): what the folder's
    /// title does not say.
    package var listedAlbums: [Int: [String]] = [:]
    /// Folders of an Apple shared album (titled by its `AlbumInfo.json`): their files are reduced copies.
    package var sharedAlbumFolders: Set<String> = []
    /// What each CSV file is, by its part and path: for the list of the files that are not media.
    package var tableReasons: [ImportMember.Place: String] = [:]
    /// Notes on a media member's row (a date that could not be read, two rows naming it).
    package var rowNotes: [Int: [String]] = [:]
    /// Media members of a folder with photo details that no row names: dated by the file alone.
    package var withoutRow: Set<Int> = []
    /// The CSV files some media file took its row from.
    package var usedTables: Set<ImportMember.Place> = []
    /// Folders whose files are trashed, archived or locked, or Google's own failed uploads: never albums.
    package var special: Set<String> = []
    /// JSON files that could not be read, with why. (Sidecars no media file uses are those that are in no
    /// ``sidecars`` entry: ``ImportNonMedia`` lists them.)
    package var problems: [String] = []

    /// The names, in the languages Google Photos writes them, of the folders that are never albums: the trash, the
    /// archive, the locked folder, failed videos.
    package static let specialFolderNames: Set<String> = [
        "recently deleted", "trash", "bin", "corbeille", "papierkorb", "papelera", "cestino", "prullenbak", "lixeira", "kosz", "ゴミ箱", "回收站",
        "archive", "archiv", "archivio", "archivo", "arquivo", "archief", "archiwum", "アーカイブ", "归档",
        "locked folder", "failed videos",
    ]
    /// The folders that hold trashed items.
    package static let trashFolderNames: Set<String> = [
        "recently deleted", "trash", "bin", "corbeille", "papierkorb", "papelera", "cestino", "prullenbak", "lixeira", "kosz", "ゴミ箱", "回收站",
    ]

    /// The folders of an export whose media are `media` (in the walk's order), whose JSON and XMP files read as
    /// `sidecarFiles` and whose CSV files as `tables`; `memories` makes an Apple data copy's memories albums.
    package init(
        media: [ImportPlan.Media], sidecarFiles: [SidecarFile], tables: [TableFile], partNames: [String], memories: Bool = false
    ) {
        var sharedAlbumDates: [String: (path: String, dates: [String: Int64])] = [:]
        func place(_ member: ImportMember) -> String { "\(partNames[member.part]): \(member.path)" }
        // Folders are merged across parts: a photo and its sidecar may be in two archives.
        var mediaByFolder: [String: [Int]] = [:]
        for (index, item) in media.enumerated() { mediaByFolder[item.member.folder, default: []].append(index) }
        var sidecarsByFolder: [String: [String: (ImportMember, ImportSidecar.Media)]] = [:]
        for json in sidecarFiles {
            switch json.sidecar {
            case nil:
                problems.append("\(place(json.member)): \(json.failure ?? "not read")")
            case .media(let found)?:
                sidecarsByFolder[json.member.folder, default: [:]][json.member.name] = (json.member, found)
            case .album(let album)?:
                // An untitled album keeps its members, under its folder's name (Google's placeholder).
                let folderName = json.member.folder.split(separator: "/").last.map(String.init) ?? json.member.folder
                albums[json.member.folder] = album.title.flatMap { $0.isEmpty ? nil : $0 } ?? folderName
                if album.isShared {
                    sharedAlbumFolders.insert(json.member.folder)
                    if !album.photoDates.isEmpty { sharedAlbumDates[json.member.folder] = (json.member.path, album.photoDates) }
                }
            case .other?:
                break
            }
        }
        for folder in Set(mediaByFolder.keys).union(sidecarsByFolder.keys) {
            let name = folder.split(separator: "/").last.map { $0.lowercased() } ?? ""
            // A folder with an album's metadata is that album, whatever its name ("Archive" can be an album's title).
            if Self.specialFolderNames.contains(name), albums[folder] == nil { special.insert(folder) }
            let members = mediaByFolder[folder] ?? []
            let inFolder = sidecarsByFolder[folder] ?? [:]
            let result = ImportSidecarMatcher.match(
                media: members.map { media[$0].member.name }, sidecars: inFolder.keys.sorted())
            for (position, match) in result.matches.enumerated() where position < members.count {
                guard let name = match.sidecar, let (member, found) = inFolder[name] else { continue }
                sidecars[members[position]] = Sidecar(path: member.path, media: found)
            }
        }
        // A shared album's files are dated by its AlbumInfo.json, where they have no sidecar of their own.
        for (folder, dated) in sharedAlbumDates {
            for index in mediaByFolder[folder] ?? [] where sidecars[index] == nil {
                guard let date = dated.dates[ImportName.nfc(media[index].member.name)] else { continue }
                sidecars[index] = Sidecar(path: dated.path, media: ImportSidecar.Media(captureSeconds: date))
            }
        }
        for folder in special { albums[folder] = nil }
        readTables(tables, media: media, partNames: partNames, memories: memories)
        problems.sort()
    }

    /// Whether a member is in the trash: in a trash folder, or its sidecar says so.
    package func isTrashed(_ index: Int, member: ImportMember) -> Bool {
        if sidecars[index]?.media.trashed == true { return true }
        let name = member.folder.split(separator: "/").last.map { $0.lowercased() } ?? ""
        return Self.trashFolderNames.contains(name) && special.contains(member.folder)
    }
}

internal import PortableFoundation

/// What the Takeout's folders say of its media: each media file's sidecar (matched by name within its folder, across
/// parts), which folders are albums and under which title, and which are the trash
/// (`docs/formats/takeout.md#sidecar-names`, `docs/guide/takeout.md#albums`).
struct TakeoutFolders: Sendable {
    /// A media member's sidecar: its path in the tree and what it says.
    struct Sidecar: Sendable {
        let path: String
        let media: ImportSidecar.Media
    }

    /// The sidecar of each media member, by the member's index in ``TakeoutIngest/media``.
    var sidecars: [Int: Sidecar] = [:]
    /// Album titles, by folder path.
    var albums: [String: String] = [:]
    /// Album titles by media member, from lists of names (an Apple data copy's `Albums/*.csv`): what the folder's
    /// title does not say.
    var listedAlbums: [Int: [String]] = [:]
    /// Folders of an Apple shared album (titled by its `AlbumInfo.json`): their files are reduced copies.
    var sharedAlbumFolders: Set<String> = []
    /// What each CSV file is, by its part and path: for the list of the files that are not media.
    var tableReasons: [ImportMember.Place: String] = [:]
    /// Notes on a media member's row (a date that could not be read, two rows naming it).
    var rowNotes: [Int: [String]] = [:]
    /// Media members of a folder with photo details that no row names: dated by the file alone.
    var withoutRow: Set<Int> = []
    /// The CSV files some media file took its row from.
    var usedTables: Set<ImportMember.Place> = []
    /// Folders whose files are trashed, archived or locked, or Google's own failed uploads: never albums.
    var special: Set<String> = []
    /// JSON files that could not be read, with why. (Sidecars no media file uses are those that are in no
    /// ``sidecars`` entry: ``ImportNonMedia`` lists them.)
    var problems: [String] = []

    /// The names, in the languages Google Photos writes them, of the folders that are never albums: the trash, the
    /// archive, the locked folder, failed videos.
    static let specialFolderNames: Set<String> = [
        "recently deleted", "trash", "bin", "corbeille", "papierkorb", "papelera", "cestino", "prullenbak", "lixeira", "kosz", "ゴミ箱", "回收站",
        "archive", "archiv", "archivio", "archivo", "arquivo", "archief", "archiwum", "アーカイブ", "归档",
        "locked folder", "failed videos",
    ]
    /// The folders that hold trashed items.
    static let trashFolderNames: Set<String> = [
        "recently deleted", "trash", "bin", "corbeille", "papierkorb", "papelera", "cestino", "prullenbak", "lixeira", "kosz", "ゴミ箱", "回收站",
    ]

    init(_ ingest: TakeoutIngest, partNames: [String], memories: Bool = false) {
        var sharedAlbumDates: [String: (path: String, dates: [String: Int64])] = [:]
        func place(_ member: ImportMember) -> String { "\(partNames[member.part]): \(member.path)" }
        // Folders are merged across parts: a photo and its sidecar may be in two archives.
        var mediaByFolder: [String: [Int]] = [:]
        for (index, media) in ingest.media.enumerated() { mediaByFolder[media.member.folder, default: []].append(index) }
        var sidecarsByFolder: [String: [String: (ImportMember, ImportSidecar.Media)]] = [:]
        for json in ingest.json {
            switch json.sidecar {
            case .failure(let error):
                problems.append("\(place(json.member)): \(TakeoutIngest.reason(error, in: place(json.member)))")
            case .success(.media(let media)):
                sidecarsByFolder[json.member.folder, default: [:]][json.member.name] = (json.member, media)
            case .success(.album(let album)):
                // An untitled album keeps its members, under its folder's name (Google's placeholder).
                let folderName = json.member.folder.split(separator: "/").last.map(String.init) ?? json.member.folder
                albums[json.member.folder] = album.title.flatMap { $0.isEmpty ? nil : $0 } ?? folderName
                if album.isShared {
                    sharedAlbumFolders.insert(json.member.folder)
                    if !album.photoDates.isEmpty { sharedAlbumDates[json.member.folder] = (json.member.path, album.photoDates) }
                }
            case .success(.other):
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
                media: members.map { ingest.media[$0].member.name }, sidecars: inFolder.keys.sorted())
            for (position, match) in result.matches.enumerated() where position < members.count {
                guard let name = match.sidecar, let (member, media) = inFolder[name] else { continue }
                sidecars[members[position]] = Sidecar(path: member.path, media: media)
            }
        }
        // A shared album's files are dated by its AlbumInfo.json, where they have no sidecar of their own.
        for (folder, dated) in sharedAlbumDates {
            for index in mediaByFolder[folder] ?? [] where sidecars[index] == nil {
                guard let date = dated.dates[ImportName.nfc(ingest.media[index].member.name)] else { continue }
                sidecars[index] = Sidecar(path: dated.path, media: ImportSidecar.Media(captureSeconds: date))
            }
        }
        for folder in special { albums[folder] = nil }
        readTables(ingest, partNames: partNames, memories: memories)
        problems.sort()
    }

    /// Whether a member is in the trash: in a trash folder, or its sidecar says so.
    func isTrashed(_ index: Int, member: ImportMember) -> Bool {
        if sidecars[index]?.media.trashed == true { return true }
        let name = member.folder.split(separator: "/").last.map { $0.lowercased() } ?? ""
        return Self.trashFolderNames.contains(name) && special.contains(member.folder)
    }
}

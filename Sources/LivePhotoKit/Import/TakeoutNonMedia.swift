/// The files of a Takeout that are not media, each with what it is and why it was not imported, and how many others
/// are the sidecars media files took their dates from (each of those is named by its media file's entry), so that
/// every file read is accounted for once (`docs/guide/takeout.md#what-becomes-of-each-file`).
struct TakeoutNonMedia {
    typealias Kind = LibraryImport.NonMediaFile.Kind

    /// In the parts' order, by path within a part.
    private(set) var files: [LibraryImport.NonMediaFile] = []
    /// The members that are a media file's sidecar.
    private(set) var sidecarFiles = 0

    static let unusedSidecar = "not a photo or video: a sidecar that matched no photo or video of its folder"

    /// Lists the files of `ingest` that are not media; a file of the export's own is called so in the words of
    /// `export` ("Takeout's own data").
    init(_ ingest: TakeoutIngest, folders: TakeoutFolders, partNames: [String], export: TakeoutExport) {
        let ownData = export.ownDataReason
        // A sidecar is named by its path: one path in two parts is one sidecar, whichever copy was read.
        let used = Set(folders.sidecars.values.map(\.path))
        var listed: [(member: TakeoutMember, kind: Kind, reason: String)] = []
        for member in ingest.others { listed.append((member, .takeoutData, ownData)) }
        for json in ingest.json {
            let member = json.member
            switch json.sidecar {
            case .success(.media):
                if used.contains(member.path) {
                    sidecarFiles += 1
                } else {
                    listed.append((member, .unusedSidecar, Self.unusedSidecar))
                }
            case .success(.album(let album)):
                let folderName = member.folder.split(separator: "/").last.map(String.init) ?? member.folder
                let title = folders.albums[member.folder] ?? album.title ?? folderName
                listed.append((member, .albumMetadata, "not a photo or video: the metadata of the album \"\(title)\""))
            case .success(.other):
                listed.append((member, .takeoutData, ownData))
            case .failure(let error):
                let place = "\(partNames[member.part]): \(member.path)"
                listed.append((member, .notRead, "not read: \(TakeoutIngest.reason(error, in: place))"))
            }
        }
        for (member, reason) in ingest.unread { listed.append((member, .notRead, "not read: \(reason)")) }
        for member in ingest.archives {
            listed.append((member, .takeoutData, "not a photo or video: a zip inside the export, whose files were read as well"))
        }
        for table in ingest.tables {
            let place = TakeoutIngest.Place(table.member)
            if folders.usedTables.contains(place) {
                sidecarFiles += 1
                continue
            }
            let reason = folders.tableReasons[place] ?? ownData
            let kind: Kind
            switch table.table {
            case .failure: kind = .notRead
            case .success(.names): kind = .albumMetadata
            case .success(.photoDetails): kind = .unusedSidecar
            case .success(.other): kind = .takeoutData
            }
            listed.append((table.member, kind, reason))
        }
        files = listed.sorted { ($0.member.part, $0.member.path) < ($1.member.part, $1.member.path) }.map {
            LibraryImport.NonMediaFile(part: partNames[$0.member.part], member: $0.member.path, kind: $0.kind, reason: $0.reason)
        }
    }

    /// `PART: MEMBER` of the files of `kinds`, in the list's order.
    func places(_ kinds: Set<Kind>) -> [String] {
        files.filter { kinds.contains($0.kind) }.map { "\($0.part): \($0.member)" }
    }
}

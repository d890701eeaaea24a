extension ImportNonMedia {
    /// Lists the files of `ingest` that are not media; a file of the export's own is called so in the words of
    /// `export` ("Takeout's own data").
    init(_ ingest: TakeoutIngest, folders: ImportFolders, partNames: [String], export: ImportExport) {
        var listing = Listing()
        listing.others = ingest.others
        listing.sidecars = ingest.json.map { json in
            switch json.sidecar {
            case .success(.media): (json.member, .media)
            case .success(.album(let album)): (json.member, .album(title: album.title))
            case .success(.other): (json.member, .other)
            case .failure(let error):
                (json.member, .failed(TakeoutIngest.reason(error, in: "\(partNames[json.member.part]): \(json.member.path)")))
            }
        }
        listing.unread = ingest.unread
        listing.archives = ingest.archives
        listing.tables = ingest.tables.map { table in
            switch table.table {
            case .failure: (table.member, .failed)
            case .success(.names): (table.member, .names)
            case .success(.photoDetails): (table.member, .photoDetails)
            case .success(.other): (table.member, .other)
            }
        }
        self.init(
            listing, usedSidecars: Set(folders.sidecars.values.map(\.path)), albums: folders.albums, usedTables: folders.usedTables,
            tableReasons: folders.tableReasons, partNames: partNames, export: export)
    }
}

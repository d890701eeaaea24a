import LivePhotoCore

extension ImportNonMedia {
    /// Lists the files of `ingest` that are not media; a file of the export's own is called so in the words of
    /// `export` ("Takeout's own data").
    init(_ ingest: TakeoutIngest, folders: ImportFolders, partNames: [String], export: ImportExport) {
        var listing = Listing()
        listing.others = ingest.others
        listing.unread = ingest.unread
        listing.archives = ingest.archives
        listing.add(sidecarFiles: ingest.sidecarFiles, tables: ingest.tableFiles)
        self.init(listing, folders: folders, partNames: partNames, export: export)
    }
}

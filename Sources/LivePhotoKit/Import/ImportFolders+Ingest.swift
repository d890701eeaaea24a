import LivePhotoCore

extension ImportFolders {
    /// The folders of what the parts' walk read (``TakeoutIngest``).
    init(_ ingest: TakeoutIngest, partNames: [String], memories: Bool = false) {
        self.init(
            media: ingest.media, sidecarFiles: ingest.sidecarFiles, tables: ingest.tableFiles, partNames: partNames, memories: memories)
    }
}

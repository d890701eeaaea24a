import LivePhotoCore

extension ImportExport {
    /// The export the parts walked are, judged from the sidecars and tables read (never from the parts' names).
    init(_ ingest: TakeoutIngest) {
        self.init(media: ingest.media, sidecarFiles: ingest.sidecarFiles, tables: ingest.tableFiles)
    }
}

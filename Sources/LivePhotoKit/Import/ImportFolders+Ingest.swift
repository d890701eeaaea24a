import LivePhotoCore

extension ImportFolders {
    /// The folders of what the parts' walk read (``TakeoutIngest``): a file that could not be read says why, in the
    /// words the report gives it.
    init(_ ingest: TakeoutIngest, partNames: [String], memories: Bool = false) {
        func place(_ member: ImportMember) -> String { "\(partNames[member.part]): \(member.path)" }
        let sidecarFiles = ingest.json.map { json in
            switch json.sidecar {
            case .success(let sidecar): SidecarFile(member: json.member, sidecar: sidecar, failure: nil)
            case .failure(let error):
                SidecarFile(member: json.member, sidecar: nil, failure: TakeoutIngest.reason(error, in: place(json.member)))
            }
        }
        let tables = ingest.tables.map { table in
            switch table.table {
            case .success(let read): TableFile(member: table.member, table: read, failure: nil)
            case .failure(let error):
                TableFile(member: table.member, table: nil, failure: TakeoutIngest.reason(error, in: place(table.member)))
            }
        }
        self.init(media: ingest.media, sidecarFiles: sidecarFiles, tables: tables, partNames: partNames, memories: memories)
    }
}

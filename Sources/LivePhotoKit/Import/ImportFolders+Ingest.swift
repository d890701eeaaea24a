import LivePhotoCore

extension TakeoutIngest {
    /// The JSON and XMP files the parts' walk read: one that could not be read says why, in the words the report
    /// gives it.
    func sidecarFiles(partNames: [String]) -> [ImportFolders.SidecarFile] {
        json.map { json in
            switch json.sidecar {
            case .success(let sidecar): ImportFolders.SidecarFile(member: json.member, sidecar: sidecar, failure: nil)
            case .failure(let error):
                ImportFolders.SidecarFile(
                    member: json.member, sidecar: nil,
                    failure: ImportFolders.reason(error, in: Self.place(json.member, partNames)))
            }
        }
    }

    /// The CSV files the parts' walk read.
    func tableFiles(partNames: [String]) -> [ImportFolders.TableFile] {
        tables.map { table in
            switch table.table {
            case .success(let read): ImportFolders.TableFile(member: table.member, table: read, failure: nil)
            case .failure(let error):
                ImportFolders.TableFile(
                    member: table.member, table: nil,
                    failure: ImportFolders.reason(error, in: Self.place(table.member, partNames)))
            }
        }
    }
}

extension TakeoutIngest {
    /// How the report names a member: by its part's name, where known, and its path.
    static func place(_ member: ImportMember, _ partNames: [String]) -> String {
        partNames.indices.contains(member.part) ? "\(partNames[member.part]): \(member.path)" : member.path
    }
}

extension ImportFolders {
    /// The folders of what the parts' walk read (``TakeoutIngest``).
    init(_ ingest: TakeoutIngest, partNames: [String], memories: Bool = false) {
        self.init(
            media: ingest.media, sidecarFiles: ingest.sidecarFiles(partNames: partNames), tables: ingest.tableFiles(partNames: partNames),
            partNames: partNames, memories: memories)
    }
}

extension ImportExport {
    /// The export the parts walked are, judged from the sidecars and tables read (never from the parts' names).
    init(_ ingest: TakeoutIngest) {
        var google: Set<Int> = [], apple: Set<Int> = []
        for json in ingest.json {
            switch json.sidecar {
            case .success(.media(let media)) where media.fromTakeout: google.insert(json.member.part)
            case .success(.album(let album)) where album.isShared: apple.insert(json.member.part)
            default: break
            }
        }
        for table in ingest.tables {
            if case .success(.photoDetails) = table.table { apple.insert(table.member.part) }
        }
        self.init(mediaParts: Set(ingest.media.map(\.member.part)), googleParts: google, appleParts: apple)
    }
}

/// Which export a run read, judged from what its parts hold (never from their names), so that the report's words name
/// it as its owner knows it: "not in the Takeout" for a Google Takeout, "the export" when the parts do not say.
///
/// A part is Google's when it holds Google's JSON sidecars (`photoTakenTime`), Apple's when it holds a data copy's
/// `Photo Details` CSV or a shared album's `AlbumInfo.json`. The run is one or the other only when every part that
/// holds media is that one alone: a Takeout read together with a camera's folder, or with Apple's data copy, is
/// "the export".
enum TakeoutExport: Sendable, Equatable {
    /// A Google Takeout, its archives or the folder they were extracted to.
    case googleTakeout
    /// Apple's data copy of iCloud Photos, its parts or their folders.
    case appleDataCopy
    /// A folder icloudpd or osxphotos wrote, a camera's folder, an export whose parts do not say, or several exports.
    case other

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
        let withMedia = Set(ingest.media.map(\.member.part))
        if withMedia.isEmpty {
            self = .other
        } else if withMedia.isSubset(of: google.subtracting(apple)) {
            self = .googleTakeout
        } else if withMedia.isSubset(of: apple.subtracting(google)) {
            self = .appleDataCopy
        } else {
            self = .other
        }
    }

    /// The export as a sentence names it ("a Live Photo's still whose movie is not in the Takeout").
    var name: String {
        switch self {
        case .googleTakeout: "the Takeout"
        case .appleDataCopy: "Apple's data copy"
        case .other: "the export"
        }
    }

    /// Why a file of the export's own (an index, a list, a Mac's `.DS_Store`) was not imported.
    var ownDataReason: String {
        switch self {
        case .googleTakeout: "not a photo or video: Takeout's own data"
        case .appleDataCopy: "not a photo or video: the data copy's own data"
        case .other: "not a photo or video: the export's own data"
        }
    }
}

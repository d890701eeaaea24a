/// Which export a run read, judged from what its parts hold (never from their names), so that the report's words name
/// it as its owner knows it: "not in the Takeout" for a Google Takeout, "the export" when the parts do not say.
///
/// A part is Google's when it holds Google's JSON sidecars (`photoTakenTime`), Apple's when it holds a data copy's
/// `Photo Details` CSV or a shared album's `AlbumInfo.json`. The run is one or the other only when every part that
/// holds media is that one alone: a Takeout read together with a camera's folder, or with Apple's data copy, is
/// "the export".
package enum ImportExport: Sendable, Equatable {
    /// A Google Takeout, its archives or the folder they were extracted to.
    case googleTakeout
    /// Apple's data copy of iCloud Photos, its parts or their folders.
    case appleDataCopy
    /// A folder icloudpd or osxphotos wrote, a camera's folder, an export whose parts do not say, or several exports.
    case other

    /// The export that parts holding media (`mediaParts`) are: Google's when each holds Google's sidecars and none
    /// Apple's marks (`googleParts`), Apple's the other way round, else neither.
    package init(mediaParts: Set<Int>, googleParts: Set<Int>, appleParts: Set<Int>) {
        if mediaParts.isEmpty {
            self = .other
        } else if mediaParts.isSubset(of: googleParts.subtracting(appleParts)) {
            self = .googleTakeout
        } else if mediaParts.isSubset(of: appleParts.subtracting(googleParts)) {
            self = .appleDataCopy
        } else {
            self = .other
        }
    }

    /// The export as a sentence names it ("a Live Photo's still whose movie is not in the Takeout").
    package var name: String {
        switch self {
        case .googleTakeout: "the Takeout"
        case .appleDataCopy: "Apple's data copy"
        case .other: "the export"
        }
    }

    /// Why a file of the export's own (an index, a list, a Mac's `.DS_Store`) was not imported.
    package var ownDataReason: String {
        switch self {
        case .googleTakeout: "not a photo or video: Takeout's own data"
        case .appleDataCopy: "not a photo or video: the data copy's own data"
        case .other: "not a photo or video: the export's own data"
        }
    }
}

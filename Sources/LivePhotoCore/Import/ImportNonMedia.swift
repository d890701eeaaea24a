/// The files of an export that are not media, each with what it is and why it was not imported, and how many others
/// are the sidecars media files took their dates from (each of those is named by its media file's entry), so that
/// every file read is accounted for once (`docs/guide/takeout.md#what-becomes-of-each-file`).
package struct ImportNonMedia {
    /// What a JSON or XMP file was read as.
    package enum SidecarRead: Sendable {
        case media
        /// An album's metadata, with the title it gives.
        case album(title: String?)
        /// Neither: the export's own data.
        case other
        /// Not read, and why.
        case failed(String)
    }

    /// What a CSV file was read as.
    package enum TableRead: Sendable {
        case failed
        /// A list of names: an album or a memory.
        case names
        case photoDetails
        case other
    }

    /// The export's files that are not media, as the shell read them.
    package struct Listing: Sendable {
        package var others: [ImportMember] = []
        package var sidecars: [(member: ImportMember, read: SidecarRead)] = []
        /// Members that could not be read at all (a path outside the tree), with why.
        package var unread: [(member: ImportMember, reason: String)] = []
        /// Zips inside the export, read as parts of their own.
        package var archives: [ImportMember] = []
        package var tables: [(member: ImportMember, read: TableRead)] = []

        package init() {}
    }

    /// In the parts' order, by path within a part.
    package private(set) var files: [ImportReport.NonMediaFile] = []
    /// The members that are a media file's sidecar.
    package private(set) var sidecarFiles = 0

    package static let unusedSidecar = "not a photo or video: a sidecar that matched no photo or video of its folder"

    /// Lists the files of `listing`. `usedSidecars`: the paths of the sidecars media files took (one path in two parts
    /// is one sidecar, whichever copy was read); `albums`: album titles by folder; `usedTables` and `tableReasons`:
    /// the CSV files some media file took its row from, and what each other one is.
    package init(
        _ listing: Listing, usedSidecars: Set<String>, albums: [String: String], usedTables: Set<ImportMember.Place>,
        tableReasons: [ImportMember.Place: String], partNames: [String], export: ImportExport
    ) {
        typealias Kind = ImportReport.NonMediaFile.Kind
        let ownData = export.ownDataReason
        var listed: [(member: ImportMember, kind: Kind, reason: String)] = []
        for member in listing.others { listed.append((member, .takeoutData, ownData)) }
        for (member, read) in listing.sidecars {
            switch read {
            case .media:
                if usedSidecars.contains(member.path) {
                    sidecarFiles += 1
                } else {
                    listed.append((member, .unusedSidecar, Self.unusedSidecar))
                }
            case .album(let title):
                let folderName = member.folder.split(separator: "/").last.map(String.init) ?? member.folder
                let title = albums[member.folder] ?? title ?? folderName
                listed.append((member, .albumMetadata, "not a photo or video: the metadata of the album \"\(title)\""))
            case .other:
                listed.append((member, .takeoutData, ownData))
            case .failed(let reason):
                listed.append((member, .notRead, "not read: \(reason)"))
            }
        }
        for (member, reason) in listing.unread { listed.append((member, .notRead, "not read: \(reason)")) }
        for member in listing.archives {
            listed.append((member, .takeoutData, "not a photo or video: a zip inside the export, whose files were read as well"))
        }
        for (member, read) in listing.tables {
            let place = ImportMember.Place(member)
            if usedTables.contains(place) {
                sidecarFiles += 1
                continue
            }
            let reason = tableReasons[place] ?? ownData
            let kind: Kind
            switch read {
            case .failed: kind = .notRead
            case .names: kind = .albumMetadata
            case .photoDetails: kind = .unusedSidecar
            case .other: kind = .takeoutData
            }
            listed.append((member, kind, reason))
        }
        files = listed.sorted { $0.member.part != $1.member.part ? $0.member.part < $1.member.part : $0.member.path < $1.member.path }
            .map { ImportReport.NonMediaFile(part: partNames[$0.member.part], member: $0.member.path, kind: $0.kind, reason: $0.reason) }
    }

    /// `PART: MEMBER` of the files of `kinds`, in the list's order.
    package func places(_ kinds: Set<ImportReport.NonMediaFile.Kind>) -> [String] {
        files.filter { kinds.contains($0.kind) }.map { "\($0.part): \($0.member)" }
    }
}

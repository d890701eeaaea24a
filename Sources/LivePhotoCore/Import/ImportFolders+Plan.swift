import MediaFormats

extension ImportFolders {
    /// What the plan decides by, for media `media` (in the walk's order): each one's sidecar, albums, rows, the trash.
    package func planFolders(media: [ImportPlan.Media]) -> ImportPlan.Folders {
        var decided = ImportPlan.Folders()
        for (index, found) in sidecars {
            var sidecar = ImportPlan.Sidecar(path: found.path)
            sidecar.captureSeconds = found.media.captureSeconds
            sidecar.captureTimeIsUpload = found.media.captureTimeIsUpload
            sidecar.hidden = found.media.hidden
            sidecar.title = found.media.title
            decided.sidecars[index] = sidecar
        }
        decided.albums = albums
        decided.listedAlbums = listedAlbums
        decided.sharedAlbumFolders = sharedAlbumFolders
        decided.rowNotes = rowNotes
        decided.withoutRow = withoutRow
        for (index, item) in media.enumerated() where isTrashed(index, member: item.member) { decided.trashed.insert(index) }
        return decided
    }

    /// The sidecar that speaks for a file of `plan`.
    package func sidecar(of file: Int, in plan: ImportPlan) -> Sidecar? { plan.sidecarMember(of: file).flatMap { sidecars[$0] } }

    /// What is written into each file of `job` (by file): its sidecar's facts, dated by the item's first file's
    /// sidecar where its own gives no time (a Live Photo's movie by its still's).
    package func stampFacts(of job: ImportPlan.Job, in plan: ImportPlan) -> [Int: ImportStamp.Facts] {
        let primary = job.files.first.flatMap { sidecar(of: $0.file, in: plan) }
        var facts: [Int: ImportStamp.Facts] = [:]
        for (file, _) in job.files {
            var fact = sidecar(of: file, in: plan).map { ImportStamp.Facts(sidecar: $0.media) } ?? ImportStamp.Facts()
            if fact.captureSeconds == nil { fact.captureSeconds = primary?.media.captureSeconds }
            facts[file] = fact
        }
        return facts
    }

    /// Whether `facts` are written over what a file has: the sidecar is preferred, unless its time is only an upload's.
    package static func prefersSidecar(_ facts: ImportStamp.Facts, options: ImportPlan.Options) -> Bool {
        options.prefersSidecar && !facts.captureTimeYields
    }

    /// An error's reason without the file it names when that is `place` (a report's entry names it already).
    package static func reason(_ error: LivePhotoError, in place: String) -> String {
        let text = error.description
        return text.hasPrefix("\(place): ") ? String(text.dropFirst(place.count + 2)) : text
    }
}

extension ImportFolders.SidecarFile {
    /// The largest JSON or XMP file read: a sidecar is a few kilobytes; an album's, with its items, some more.
    package static let maxSize: Int64 = 16 << 20

    /// A sidecar read from its bytes, `bytes` (nil: larger than ``maxSize``), an XMP file by its name; `place` names it
    /// in the report.
    package init(member: ImportMember, reading bytes: [UInt8]?, place: String) {
        guard let bytes else {
            self.init(member: member, sidecar: nil, failure: "too large for a sidecar or a table")
            return
        }
        do throws(LivePhotoError) {
            let sidecar =
                member.name.lowercased().hasSuffix(".xmp")
                ? try ImportSidecar.readXMP(bytes, file: place) : try ImportSidecar.read(bytes, file: place)
            self.init(member: member, sidecar: sidecar, failure: nil)
        } catch {
            self.init(member: member, sidecar: nil, failure: ImportFolders.reason(error, in: place))
        }
    }
}

extension ImportFolders.TableFile {
    /// A CSV file read from its bytes, `bytes` (nil: larger than ``ICloudTable/maxSize``); `place` names it.
    package init(member: ImportMember, reading bytes: [UInt8]?, place: String) {
        guard let bytes else {
            self.init(member: member, table: nil, failure: "too large for a sidecar or a table")
            return
        }
        do throws(LivePhotoError) {
            self.init(member: member, table: try ICloudTable.read(bytes, file: place), failure: nil)
        } catch {
            self.init(member: member, table: nil, failure: ImportFolders.reason(error, in: place))
        }
    }
}

extension ImportNonMedia.Listing {
    /// Adds the export's JSON, XMP and CSV files as they read.
    package mutating func add(sidecarFiles: [ImportFolders.SidecarFile], tables tableFiles: [ImportFolders.TableFile]) {
        sidecars += sidecarFiles.map { file in
            switch file.sidecar {
            case .media?: (file.member, .media)
            case .album(let album)?: (file.member, .album(title: album.title))
            case .other?: (file.member, .other)
            case nil: (file.member, .failed(file.failure ?? ""))
            }
        }
        tables += tableFiles.map { file in
            switch file.table {
            case nil: (file.member, .failed)
            case .names?: (file.member, .names)
            case .photoDetails?: (file.member, .photoDetails)
            case .other?: (file.member, .other)
            }
        }
    }
}

extension ImportNonMedia {
    /// Lists `listing` with what `folders` made of its sidecars and tables.
    package init(_ listing: Listing, folders: ImportFolders, partNames: [String], export: ImportExport) {
        self.init(
            listing, usedSidecars: Set(folders.sidecars.values.map { $0.path }), albums: folders.albums, usedTables: folders.usedTables,
            tableReasons: folders.tableReasons, partNames: partNames, export: export)
    }
}

extension ImportExport {
    /// The export the parts are, judged from the sidecars and tables read (never from the parts' names).
    package init(media: [ImportPlan.Media], sidecarFiles: [ImportFolders.SidecarFile], tables: [ImportFolders.TableFile]) {
        var google: Set<Int> = [], apple: Set<Int> = []
        for file in sidecarFiles {
            switch file.sidecar {
            case .media(let found)? where found.fromTakeout: google.insert(file.member.part)
            case .album(let album)? where album.isShared: apple.insert(file.member.part)
            default: break
            }
        }
        for file in tables {
            if case .photoDetails? = file.table { apple.insert(file.member.part) }
        }
        self.init(mediaParts: Set(media.map { $0.member.part }), googleParts: google, appleParts: apple)
    }
}

import LivePhotoKit
internal import PortableFoundation

/// A Live Photo, Motion Photo or orphan found in the served folder.
struct GalleryItem: Sendable, Encodable {
    /// A hash of ``name``: the same in every scan while the file keeps its place, so a page loaded before a rescan
    /// still reaches the items it shows (a number in the list would reach another item once files come or go).
    var id: String
    /// The first file's path below the folder.
    var name: String
    /// `live-photo`, `motion-photo`, `orphan-still` (its movie is missing) or `orphan-movie` (its still is missing).
    var kind: LibraryItem.Kind
    /// How a Live Photo's parts were paired: `identifier`, or `name` (a guess, said as such).
    var pairedBy: LibraryItem.Pairing?
    /// A Motion Photo's flavour: how its video is found.
    var flavor: InspectionReport.MotionPhotoReport.Flavor?
    /// Whose live photo it is (`apple`, or the Motion Photo's maker), as `scan` says.
    var family: PhotoFamily?
    var note: String?
    /// Internal paths; never sent. An orphan has only one of them.
    var photo: String?
    var movie: String?

    enum CodingKeys: String, CodingKey { case id, name, kind, pairedBy, flavor, family, note }
}

/// One page of the gallery, as `/api/gallery?offset=N&limit=M` sends it.
struct GalleryPage: Sendable, Encodable {
    var items: [GalleryItem]
    /// Items in the whole gallery.
    var total: Int
    var offset: Int
    var limit: Int
    /// Items of each kind in the whole gallery.
    var counts: [String: Int]
}

/// The Live Photos (paired by content identifier across names and folders, as `scan` pairs them), Motion Photos and
/// orphans in a folder and its subfolders, read through the same scan and index as `livephoto scan`: a rescan reads
/// only the files that changed. Items are addressed by number only, so no path from a request ever reaches the
/// file system.
actor Gallery {
    let root: String
    let indexPath: String?
    static let shownKinds: [LibraryItem.Kind] = [.livePhoto, .motionPhoto, .orphanStill, .orphanMovie]
    private(set) var items: [GalleryItem] = []
    private var byID: [String: Int] = [:]
    /// The scan under way: requests that come while it runs wait for it instead of starting another.
    private var scanning: Task<[GalleryItem], any Error>?
    /// The diagnosis under way (Gallery-repair.swift), shared the same way.
    var diagnosing: Task<GallerySurvey, any Error>?

    init(root: String, indexPath: String?) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.path
        self.indexPath = indexPath
    }

    /// Looks through the folder again.
    @discardableResult
    func scan() async throws -> [GalleryItem] {
        if let scanning { return try await scanning.value }
        let (root, indexPath) = (self.root, self.indexPath)
        // The scan reads headers and the index: on the blocking threads, never on the pool that serves requests.
        let task = Task {
            try await BlockingWork.run {
                let roots = Self.scanRoots(root)
                guard !roots.isEmpty else { return [GalleryItem]() }
                let scan = try await LibraryScanner.scan(roots, options: ScanOptions(indexPath: indexPath))
                return Self.items(of: scan.items, root: root)
            }
        }
        scanning = task
        defer { scanning = nil }
        items = try await task.value
        byID = Dictionary(items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        return items
    }

    /// What a scan of the gallery reads: the folder itself; in a library an import wrote (one that holds the run's
    /// hidden work folder), its entries but `Albums/`, whose files are the library's own again (links, which a scan
    /// does not follow, or with `--albums copies` copies, which would make each item a conflict of two photos and
    /// two movies with one identifier), and `Hidden/`, what was hidden in Photos and stays out of view.
    static func scanRoots(_ root: String) -> [String] {
        let fm = FileManager.default
        guard fm.fileExists(atPath: "\(root)/\(LibraryImport.workFolderName)") else { return [root] }
        let names = (try? fm.contentsOfDirectory(atPath: root)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "Albums" && $0 != "Hidden" }.sorted().map { "\(root)/\($0)" }
    }

    /// The shown items of a scan, in the order of their paths, each named by its first file's path below `root` (nil:
    /// below the root it was scanned from).
    static func items(of library: [LibraryItem], root: String? = nil) -> [GalleryItem] {
        var found: [GalleryItem] = []
        for item in library where shownKinds.contains(item.kind) {
            let photo: String?, movie: String?
            switch item.kind {
            case .livePhoto: (photo, movie) = (item.files[0], item.files.count > 1 ? item.files[1] : nil)
            case .orphanMovie: (photo, movie) = (nil, item.files[0])
            default: (photo, movie) = (item.files[0], nil)
            }
            let prefix = root.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
            let name = prefix.flatMap { item.files[0].hasPrefix($0) ? String(item.files[0].dropFirst($0.count)) : nil } ?? item.relativePath
            found.append(
                GalleryItem(
                    id: String(StableHash.fnv1a(name), radix: 16), name: name, kind: item.kind,
                    pairedBy: item.pairedBy,
                    flavor: item.flavor, family: item.family, note: item.note, photo: photo, movie: movie))
        }
        return found
    }

    /// Items `offset..<offset+limit` of the last scan, with the totals.
    func page(offset: Int, limit: Int) -> GalleryPage {
        let start = min(max(0, offset), items.count), end = min(items.count, start + max(0, limit))
        let counts = items.reduce(into: [String: Int]()) { counts, item in counts[item.kind.rawValue, default: 0] += 1 }
        return GalleryPage(items: Array(items[start..<end]), total: items.count, offset: start, limit: limit, counts: counts)
    }

    func item(_ id: String) -> GalleryItem? { byID[id].map { items[$0] } }
}

import LivePhotoKit
internal import PortableFoundation

/// A gallery item with what `repair` finds wrong with it, as `/api/gallery/problems` and `/api/gallery/repair` send
/// it: the item's own fields (``GalleryItem``), then the repair's entry, every file named below the gallery's folder.
struct GalleryProblemItem: Sendable, Encodable {
    var item: GalleryItem
    /// `planned` or `reported` in a diagnosis; `mended`, `failed` or `reported` after a repair.
    var status: LibraryRepair.Entry.Status
    var problems: [LibraryRepair.Problem]
    /// The files a repair wrote.
    var written: [String]?
    /// Why a repair failed.
    var reason: String?

    enum CodingKeys: String, CodingKey { case status, problems, written, reason }

    func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(problems, forKey: .problems)
        try container.encodeIfPresent(written, forKey: .written)
        try container.encodeIfPresent(reason, forKey: .reason)
    }
}

/// What `/api/gallery/problems` sends: the gallery's items with problems, in the gallery's order.
struct GalleryProblems: Sendable, Encodable {
    var items: [GalleryProblemItem]
    /// Items the diagnosis checked, shown in the gallery or not.
    var checked: Int
    /// Items with problems the gallery does not show (a plain photo whose Exif thumbnail has the wrong shape):
    /// `livephoto repair` mends them.
    var notShown: Int
}

/// What `/api/gallery/repair` sends: each item asked for that had problems, as the repair left it, and the ones
/// that had none.
struct GalleryRepairReport: Sendable, Encodable {
    var items: [GalleryProblemItem]
    var mended: Int
    var failed: Int
    /// Items asked for with nothing to mend.
    var unchanged: [String]
}

/// A diagnosis of the gallery's folder.
struct GallerySurvey: Sendable {
    /// The items with problems, in the order of their first file's path.
    var diagnoses: [LibraryRepair.Diagnosis]
    /// Items checked.
    var checked: Int
}

/// The gallery's problems: `livephoto repair`'s diagnosis of the folder, read on the blocking threads, each entry
/// matched to the gallery items whose files it names; and the mending of chosen items in place.
extension Gallery {
    /// Diagnoses the folder as `repair --dry-run` does (the same roots as a scan); one diagnosis at a time, however
    /// many ask.
    func survey(jobs: Int) async throws -> GallerySurvey {
        if let diagnosing { return try await diagnosing.value }
        let root = self.root
        let task = Task {
            try await BlockingWork.run {
                let roots = Self.scanRoots(root)
                guard !roots.isEmpty else { return GallerySurvey(diagnoses: [], checked: 0) }
                let survey = try await LibraryRepair.diagnose(roots, options: LibraryRepair.Options(jobs: jobs))
                return GallerySurvey(diagnoses: survey.diagnoses, checked: survey.itemsChecked)
            }
        }
        diagnosing = task
        defer { diagnosing = nil }
        return try await task.value
    }

    /// The diagnoses of `survey` by the gallery item they touch (an item is touched when the entry names its photo or
    /// its movie; the two halves of a pair that lost its identifier may show as two orphans, both touched), in the
    /// gallery's order, and the number of diagnoses that touch no item.
    func matched(_ survey: GallerySurvey) -> (items: [(GalleryItem, LibraryRepair.Diagnosis)], unmatched: Int) {
        var byFile: [String: Int] = [:]
        for (index, diagnosis) in survey.diagnoses.enumerated() {
            for file in diagnosis.entry.files { byFile[file] = index }
        }
        var used = Set<Int>()
        var found: [(GalleryItem, LibraryRepair.Diagnosis)] = []
        for item in items {
            let indexes = [item.photo, item.movie].compactMap { $0.flatMap { byFile[$0] } }
            guard let index = indexes.first else { continue }
            used.formUnion(indexes)
            found.append((item, survey.diagnoses[index]))
        }
        return (found, survey.diagnoses.count - used.count)
    }

    /// `entry` as the page is sent it: files below the folder, and in the words, no path of the server's.
    func shown(_ item: GalleryItem, _ entry: LibraryRepair.Entry, hiding workDirectory: String) -> GalleryProblemItem {
        let text = { (words: String) in
            ServerText.hidingPaths(in: PathText.replacingPaths(in: words, under: self.root) { $0.isEmpty ? "the gallery's folder" : $0 }, under: workDirectory)
        }
        let problems = entry.problems.map { problem in
            LibraryRepair.Problem(kind: problem.kind, file: relative(problem.file), detail: text(problem.detail), repair: problem.repair.map(text))
        }
        return GalleryProblemItem(
            item: item, status: entry.status, problems: problems,
            written: entry.status == .planned || entry.status == .reported ? nil : entry.written.map(relative),
            reason: entry.reason.map(text))
    }

    /// `path` below the folder; a path elsewhere by its last component only.
    func relative(_ path: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : URL(fileURLWithPath: path).lastPathComponent
    }
}

internal import PortableFoundation

/// Live Photo halves of one folder and name that could pair in more ways than one (docs/guide/repair.md#pairings):
/// a movie that lost its identifier beside two stills of its name (`IMG_0104.JPG` and `IMG_0104.jpeg`, each with an
/// identifier of its own), or a still beside two Live Photo movies. The scan pairs one still and one movie of a name
/// and leaves more alone, each on its own; the repair reports them together as one conflict, and writes nothing for
/// it: which of them belong together would be a guess.
enum RepairNameConflict {
    /// `items` with the Live Photo movies of each such name made one ``LibraryItem/Kind/conflict`` item, in the place
    /// of the first item of the name, that names every still and movie of it. The stills keep their own items too, so
    /// that what is wrong in each of them alone (a thumbnail, an orientation) is still found.
    static func grouped(_ items: [LibraryItem]) -> [LibraryItem] {
        var names: [PairingKey: [Int]] = [:]
        for (index, item) in items.enumerated() where isStill(item) || isLivePhotoMovie(item) {
            guard let file = item.files.first else { continue }
            names[PairingKey(path: file), default: []].append(index)
        }
        var conflicts: [Int: LibraryItem] = [:]
        var replaced: Set<Int> = []
        for indices in names.values {
            let stills = indices.filter { isStill(items[$0]) }
            let movies = indices.filter { isLivePhotoMovie(items[$0]) }
            guard !stills.isEmpty, !movies.isEmpty, stills.count + movies.count > 2, let first = indices.min() else { continue }
            let members = (stills + movies).map { items[$0] }
            let named = members.map { member in
                "\(URL(fileURLWithPath: member.files[0]).lastPathComponent) \(member.identifier ?? "none")"
            }
            conflicts[first] = LibraryItem(
                kind: .conflict, files: members.map { $0.files[0] }.sorted(),
                note:
                    "\(count(stills.count, "photo")) and \(count(movies.count, "movie")) of one name that no identifier pairs "
                    + "could pair in more ways than one (identifiers: \(named.joined(separator: ", ")))",
                root: items[first].root)
            replaced.formUnion(movies)
        }
        guard !conflicts.isEmpty else { return items }
        var result: [LibraryItem] = []
        for (index, item) in items.enumerated() {
            if let conflict = conflicts[index] { result.append(conflict) }
            if !replaced.contains(index) { result.append(item) }
        }
        return result
    }

    /// A still left alone by the scan: a Live Photo's without its movie, or one without an identifier.
    static func isStill(_ item: LibraryItem) -> Bool {
        (item.kind == .orphanStill || item.kind == .plainPhoto) && item.files.count == 1
    }

    /// A Live Photo's movie left alone by the scan (it has an identifier or a still-image-time track).
    static func isLivePhotoMovie(_ item: LibraryItem) -> Bool { item.kind == .orphanMovie && item.files.count == 1 }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}

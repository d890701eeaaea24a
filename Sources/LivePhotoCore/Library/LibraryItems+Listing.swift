extension LibraryItems {
    /// Every item of `files`, in the order scan lists them: the files of each content identifier first (stills and
    /// movies that carry one, vivo's halves aside), then every file left by its name key (stills and movies) or alone
    /// (anything else); the items sorted by their group's first path or name key, as the command line's index sorts
    /// them (``precedes(_:_:)``), so that the browser lists a folder's items as `scan --json` does. Paths relative to
    /// a folder (the browser's) sort as if below one root, as the command line's absolute paths do.
    package static func paired(_ files: [ScannedFile]) -> [LibraryItem] {
        func anchored(_ path: String) -> String { path.hasPrefix("/") ? path : "/" + path }
        var placed: [(sortKey: String, groupKey: String, seq: Int, item: LibraryItem)] = []
        func place(_ items: [LibraryItem], sortKey: String, groupKey: String) {
            for (seq, item) in items.enumerated() { placed.append((sortKey, groupKey, seq, item)) }
        }
        func isHalf(_ file: ScannedFile) -> Bool { file.kind == .still || file.kind == .movie }
        // 1. By identifier.
        let carrying = files.indices.filter { isHalf(files[$0]) && files[$0].identifier != nil && files[$0].pairingID == nil }
            .sorted { a, b in
                let (x, y) = (files[a], files[b])
                return x.identifier != y.identifier
                    ? precedes(x.identifier ?? "", y.identifier ?? "") : precedes(x.path, y.path)
            }
        var paired = Set<Int>()
        var start = 0
        while start < carrying.count {
            let identifier = files[carrying[start]].identifier ?? ""
            var end = start
            while end < carrying.count, files[carrying[end]].identifier == identifier { end += 1 }
            let group = Array(carrying[start..<end])
            if let item = byIdentifier(group.map { files[$0] }, identifier: identifier) {
                place([item], sortKey: anchored(files[group[0]].path), groupKey: "i" + identifier)
                paired.formUnion(group)
            }
            start = end
        }
        // 2. The rest: stills and movies by name key, anything else alone.
        let rest = files.indices.filter { !paired.contains($0) }.map { index in
            let file = files[index]
            let half = isHalf(file), path = anchored(file.path), stemKey = PairingKey(path: path).text
            return (file: file, order: half ? stemKey : path, groupKey: half ? "n" + stemKey : "f" + path)
        }.sorted { a, b in
            if a.order != b.order { return precedes(a.order, b.order) }
            if a.groupKey != b.groupKey { return precedes(a.groupKey, b.groupKey) }
            return precedes(anchored(a.file.path), anchored(b.file.path))
        }
        start = 0
        while start < rest.count {
            let key = rest[start].groupKey
            var end = start
            while end < rest.count, rest[end].groupKey == key { end += 1 }
            let group = rest[start..<end].map { $0.file }
            if key.hasPrefix("n") {
                place(byName(group), sortKey: String(key.dropFirst()), groupKey: key)
            } else {
                place(group.map(alone), sortKey: anchored(group[0].path), groupKey: key)
            }
            start = end
        }
        // 3. Every item, in order.
        return placed.sorted { a, b in
            if a.sortKey != b.sortKey { return precedes(a.sortKey, b.sortKey) }
            if a.groupKey != b.groupKey { return precedes(a.groupKey, b.groupKey) }
            return a.seq < b.seq
        }.map { $0.item }
    }
}

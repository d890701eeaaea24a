import MediaFormats

extension ImportPlan {
    /// `albums.json` (`--albums json`) for `albums` (title → files, relative to the library): each album's title and
    /// its files, sorted, laid out as Foundation's pretty-printing encoder lays out the same list (two spaces, `" : "`),
    /// so that the command line and a browser write the same bytes.
    package static func albumsJSON(_ albums: [String: [String]]) -> [UInt8] {
        func quoted(_ text: String) -> String { JSONValue.string(text).text }
        let sorted = albums.keys.sorted().map { (title: $0, files: Array(Set(albums[$0] ?? [])).sorted()) }
        guard !sorted.isEmpty else { return Array("[\n\n]\n".utf8) }
        var text = "[\n"
        for (index, album) in sorted.enumerated() {
            text += "  {\n    \"files\" : ["
            text +=
                album.files.isEmpty ? "\n\n    ]" : "\n" + album.files.map { "      \(quoted($0))" }.joined(separator: ",\n") + "\n    ]"
            text += ",\n    \"title\" : \(quoted(album.title))\n  }"
            text += index == sorted.count - 1 ? "\n" : ",\n"
        }
        return Array((text + "]\n").utf8)
    }
}

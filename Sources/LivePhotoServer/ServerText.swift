/// Text the server sends: it never shows where the server keeps its files.
enum ServerText {
    /// `text` with every path under `folder` replaced by its last component (`/tmp/livephoto-serve-0/42/uploads/ab/
    /// IMG.MOV` becomes `IMG.MOV`), and the folder itself by "the server's work folder".
    static func hidingPaths(in text: String, under folder: String) -> String {
        guard !folder.isEmpty else { return text }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var out = ""
        var rest = Substring(text)
        while let found = rest.range(of: prefix) {
            out += rest[..<found.lowerBound]
            let after = rest[found.upperBound...]
            let end = after.firstIndex { " \t\n:;,'\"()".contains($0) } ?? after.endIndex
            out += after[..<end].split(separator: "/").last.map(String.init) ?? "a file"
            rest = after[end...]
        }
        out += rest
        return out.replacingOccurrences(of: folder, with: "the server's work folder")
    }
}

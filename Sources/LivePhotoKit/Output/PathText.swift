import LivePhotoMedia

/// Text with the paths under a folder the user never sees (a work folder) replaced by names the user knows.
package enum PathText {
    /// `text` with every path under `folder` replaced by `name(rest)`, where `rest` is the path's part after the
    /// folder ("uploads/ab/IMG.MOV"), and the folder itself by `name("")`. A path ends at a space, quote, bracket or
    /// punctuation that separates it from the sentence.
    package static func replacingPaths(in text: String, under folder: String, with name: (String) -> String) -> String {
        guard !folder.isEmpty else { return text }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var out = ""
        var rest = Substring(text)
        while let found = rest.firstRange(of: prefix) {
            out += rest[..<found.lowerBound]
            let after = rest[found.upperBound...]
            let end = after.firstIndex { " \t\n:;,'\"()".contains($0) } ?? after.endIndex
            out += name(String(after[..<end]))
            rest = after[end...]
        }
        return (out + rest).replacing(every: folder, with: name(""))
    }
}

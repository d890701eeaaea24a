extension ScannedFile {
    /// The file at `path`, read from its headers.
    init(path: String) {
        self.init(path: path, report: FileAnalysis(path: path, depth: .identity).report)
    }
}

import LivePhotoCore

extension FileAnalysis {
    /// Opens and reads the file at `path`; one that cannot be opened gets an `InspectionReport.FileReport.error`.
    init(path: String, depth: Depth = .full) {
        do {
            self.init(try InputFile(path: path), depth: depth)
        } catch {
            self.init(unreadable: path, reason: error.reason, depth: depth)
        }
    }
}

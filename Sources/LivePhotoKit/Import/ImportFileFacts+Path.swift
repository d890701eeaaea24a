import MediaFormats

extension ImportFileFacts {
    /// Reads the file at `path`; never throws: a file that cannot be opened is ``Kind/other``.
    init(path: String) {
        guard let input = try? InputFile(path: path) else {
            self.init()
            return
        }
        self.init(input)
    }
}

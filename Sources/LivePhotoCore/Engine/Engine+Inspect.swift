import MediaFormats

extension Engine {
    /// `inspect FILE...`: each file's report, and whether one still and one movie pair. A file that cannot be read at all
    /// has its `error` in the report, which is still the answer: where the command prints the same report and exits 2,
    /// the engine's caller reads each file's `error`.
    static func inspect(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        try options.checkAllRead()
        guard !inputs.isEmpty else { throw .invalidArgument("name at least one file") }
        return .done(report: Inspection.report(inputs.map { .file(analysis($0).report) }).json, files: [])
    }

    /// `verify PHOTO MOVIE`: every check Photos and the lock screen make. A pair that fails a check is a report, not an
    /// error (the command exits 1 with the same report).
    static func verify(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        try options.checkAllRead()
        guard inputs.count == 2 else {
            throw .invalidArgument("give the photo and the movie of one Live Photo (\(inputs.count) files were given)")
        }
        let (photo, movie) = (inputs[0], inputs[1])
        let report = LivePhotoVerifier.verify(
            photo: photo.path, movie: movie.path, still: analysis(photo), video: analysis(movie))
        return .done(report: report.json, files: [])
    }

    /// The file read for inspect and verify; one that cannot be identified gets its error.
    static func analysis(_ file: RandomAccessFile, depth: FileAnalysis.Depth = .full) -> FileAnalysis {
        do throws(LivePhotoError) {
            return FileAnalysis(try InputFile(opened: file, path: file.path), depth: depth)
        } catch {
            return FileAnalysis(unreadable: file.path, reason: error.reason, depth: depth)
        }
    }
}

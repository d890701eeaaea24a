/// The other half of a Live Photo, chosen among the files beside one of its parts: the file that carries the same
/// content identifier first (among several, the one with the same name), else the one with the same name in any case
/// and extension (`IMG_0001.JPG` with `IMG_0001.mov` or `IMG_0001.MP4`) that has no identifier to contradict it. The
/// shell lists the folder and reads each candidate's identity; the choice and its words are here.
package struct Companion: Sendable, Equatable {
    /// How it was recognised.
    package enum Match: String, Sendable, Codable {
        /// It carries the same content identifier.
        case identifier
        /// Its name is the same but for case and extension, and it has no identifier to contradict that.
        case name
    }

    /// A file beside the part, read for what it is.
    package struct Candidate {
        package var path: String
        /// Its name without its extension, in lower case.
        package var stem: String
        package var report: InspectionReport.FileReport

        package init(path: String, stem: String, report: InspectionReport.FileReport) {
            (self.path, self.stem, self.report) = (path, stem, report)
        }
    }

    /// The file found.
    package var path: String
    package var matchedBy: Match
    /// The part it was found for.
    package var given: String
    /// Whether the file found is the movie (the part given is the still), or the still.
    package var isMovie: Bool

    /// The Live Photo's photo and movie.
    package var photo: String { isMovie ? given : path }
    package var movie: String { isMovie ? path : given }

    /// Which file was taken, and why, as a note for the user.
    package var note: String {
        switch matchedBy {
        case .identifier: "took \(path), beside \(given), which carries the same content identifier"
        case .name: "took \(path), beside \(given), by its name (one of them has no content identifier)"
        }
    }

    /// What the part at `path` (read as `own`) needs beside it: a movie for a still, a photo for a movie.
    /// - Throws: ``LivePhotoError/badInput(file:reason:)`` naming `path` when it is neither, or cannot be read.
    package static func wantsMovie(_ path: String, own: InspectionReport.FileReport) throws(LivePhotoError) -> Bool {
        if let error = own.error { throw .badInput(file: path, reason: error) }
        guard own.format.isStill || own.format.isMovie else { throw .badInput(file: path, reason: "not a photo or a movie") }
        return own.format.isStill
    }

    /// The other half of the part at `path` (read as `own`, named `stem` in lower case) among `candidates`, the files
    /// beside it whose extension says they are the other part.
    /// - Throws: ``LivePhotoError/badInput(file:reason:)`` naming `path` when no file matches, or several do.
    package static func choose(for path: String, own: InspectionReport.FileReport, stem: String, candidates: [Candidate])
        throws(LivePhotoError) -> Companion
    {
        let isStill = try wantsMovie(path, own: own)
        let wanted = isStill ? "movie" : "photo"
        let found = candidates.filter { $0.report.error == nil && (isStill ? $0.report.format.isMovie : $0.report.format.isStill) }
        if let identifier = own.contentIdentifier {
            let sharing = found.filter { $0.report.contentIdentifier == identifier }
            let sameName = sharing.filter { $0.stem == stem }
            if sharing.count == 1 || sameName.count == 1 {
                return Companion(
                    path: (sharing.count == 1 ? sharing : sameName)[0].path, matchedBy: .identifier, given: path, isMovie: isStill)
            }
            if sharing.count > 1 {
                throw .badInput(
                    file: path,
                    reason:
                        "\(sharing.count) files beside it carry its identifier \(identifier) (\(sharing.map { $0.path }.joined(separator: ", "))); "
                        + "give its \(wanted) too")
            }
        }
        // By name: a file whose identifier differs from this one's is another Live Photo's part.
        let named = found.filter { $0.stem == stem && (own.contentIdentifier == nil || $0.report.contentIdentifier == nil) }
        guard named.count == 1 else {
            let reason =
                named.isEmpty
                ? "no \(wanted) beside it carries its identifier or its name"
                : "\(named.count) files beside it have its name (\(named.map { $0.path }.joined(separator: ", ")))"
            throw .badInput(file: path, reason: "\(reason); give its \(wanted) too, or the .pvt bundle")
        }
        return Companion(path: named[0].path, matchedBy: .name, given: path, isMovie: isStill)
    }
}

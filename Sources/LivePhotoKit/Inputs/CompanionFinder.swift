import LivePhotoMedia
internal import PortableFoundation

/// The other part of a Live Photo, found beside one of its parts.
package struct Companion: Sendable, Equatable {
    /// How it was recognised.
    package enum Match: String, Sendable, Codable {
        /// It carries the same content identifier.
        case identifier
        /// Its name is the same but for case and extension, and it has no identifier to contradict that.
        case name
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
}

/// Finds the movie of a Live Photo's still, or the still of its movie, in the same folder: the file that carries
/// the same content identifier first (among several, the one with the same name), else the one with the same name
/// in any case and extension (`IMG_0001.JPG` with `IMG_0001.mov` or `IMG_0001.MP4`). Only files whose extension says
/// they are the other part are read, and only their headers.
package enum CompanionFinder {
    /// The other part of the still or movie at `path`.
    /// - Throws: `LivePhotoError.badInput(file:reason:)` naming `path` when no file matches, or several do.
    package static func find(for path: String) throws(LivePhotoError) -> Companion {
        let own = FileAnalysis(path: path, depth: .identity).report
        if let error = own.error { throw .badInput(file: path, reason: error) }
        let isStill = own.format.isStill
        guard isStill || own.format.isMovie else { throw .badInput(file: path, reason: "not a photo or a movie") }
        let wanted = isStill ? "movie" : "photo"
        let url = URL(fileURLWithPath: path)
        // Paths are named as the user gave them: relative stays relative.
        let folder = FileWalk.folder(of: path)
        let stem = url.deletingPathExtension().lastPathComponent.lowercased()
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw .io(path: folder, reason: "cannot list the folder: \(String(systemErrorOf: error))")
        }
        let extensions = isStill ? MediaExtensions.movies : MediaExtensions.stills
        let candidates = names.filter { name in
            !name.hasPrefix(".") && name != url.lastPathComponent
                && extensions.contains(URL(fileURLWithPath: name).pathExtension.lowercased())
        }.compactMap { name -> (path: String, stem: String, identifier: String?)? in
            let candidate = !path.contains("/") ? name : folder == "/" ? "/\(name)" : "\(folder)/\(name)"
            let report = FileAnalysis(path: candidate, depth: .identity).report
            guard report.error == nil, isStill ? report.format.isMovie : report.format.isStill else { return nil }
            return (candidate, URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent.lowercased(), report.contentIdentifier)
        }
        if let identifier = own.contentIdentifier {
            let sharing = candidates.filter { $0.identifier == identifier }
            let sameName = sharing.filter { $0.stem == stem }
            if sharing.count == 1 || sameName.count == 1 {
                return Companion(
                    path: (sharing.count == 1 ? sharing : sameName)[0].path, matchedBy: .identifier, given: path, isMovie: isStill)
            }
            if sharing.count > 1 {
                throw .badInput(
                    file: path,
                    reason:
                        "\(sharing.count) files beside it carry its identifier \(identifier) (\(sharing.map(\.path).joined(separator: ", "))); "
                        + "give its \(wanted) too")
            }
        }
        // By name: a file whose identifier differs from this one's is another Live Photo's part.
        let named = candidates.filter { $0.stem == stem && (own.contentIdentifier == nil || $0.identifier == nil) }
        guard named.count == 1 else {
            let found =
                named.isEmpty
                ? "no \(wanted) beside it carries its identifier or its name"
                : "\(named.count) files beside it have its name (\(named.map(\.path).joined(separator: ", ")))"
            throw .badInput(file: path, reason: "\(found); give its \(wanted) too, or the .pvt bundle")
        }
        return Companion(path: named[0].path, matchedBy: .name, given: path, isMovie: isStill)
    }
}

import LivePhotoMedia
internal import PortableFoundation

/// Finds the movie of a Live Photo's still, or the still of its movie, in the same folder: the folder listed, and only
/// the files whose extension says they are the other part read (their headers); which of them it is, the core's
/// `Companion.choose(for:own:stem:candidates:)` decides.
package enum CompanionFinder {
    /// The other part of the still or movie at `path`.
    /// - Throws: `LivePhotoError.badInput(file:reason:)` naming `path` when no file matches, or several do.
    package static func find(for path: String) throws(LivePhotoError) -> Companion {
        let own = FileAnalysis(path: path, depth: .identity).report
        let isStill = try Companion.wantsMovie(path, own: own)
        let url = URL(fileURLWithPath: path)
        // Paths are named as the user gave them: relative stays relative.
        let folder = FileWalk.folder(of: path)
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
        }.map { name in
            let candidate = !path.contains("/") ? name : folder == "/" ? "/\(name)" : "\(folder)/\(name)"
            return Companion.Candidate(
                path: candidate, stem: URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent.lowercased(),
                report: FileAnalysis(path: candidate, depth: .identity).report)
        }
        return try Companion.choose(
            for: path, own: own, stem: url.deletingPathExtension().lastPathComponent.lowercased(), candidates: candidates)
    }
}

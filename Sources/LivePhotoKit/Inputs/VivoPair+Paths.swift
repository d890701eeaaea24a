import LivePhotoCore
import MediaFormats
internal import PortableFoundation

extension VivoPair {
    /// The movie of `photo`'s pair: a movie of the same name (any case) beside it whose footer carries `pairingID`.
    static func movie(beside photo: String, pairingID: String) -> VivoPair? {
        let url = URL(fileURLWithPath: photo)
        let folder = url.deletingLastPathComponent().path, stem = url.deletingPathExtension().lastPathComponent.lowercased()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted() {
            let candidate = URL(fileURLWithPath: name)
            guard candidate.deletingPathExtension().lastPathComponent.lowercased() == stem,
                MediaExtensions.movies.contains(candidate.pathExtension.lowercased())
            else { continue }
            if let pair = pair(movie: "\(folder)/\(name)", pairingID: pairingID) { return pair }
        }
        return nil
    }

    /// The file at `path` as the movie of a pair whose id is `pairingID`; nil when its footer carries another id, or none.
    static func pair(movie path: String, pairingID: String) -> VivoPair? {
        guard let file = try? InputFile(path: path).file else { return nil }
        return pair(movie: file, path: path, pairingID: pairingID)
    }

    /// The pair of a photo and a movie given together, when both footers carry one id.
    static func pair(photo: InputFile, movie: String) -> VivoPair? {
        photo.vivoPairingID.flatMap { pair(movie: movie, pairingID: $0) }
    }
}

import LivePhotoKit
internal import PortableFoundation

/// A Live Photo given by one of its parts: the other is looked for beside it (``CompanionFinder``), and the user is
/// told which file was taken, on standard error so that `--json` output stays one document.
enum OtherHalf {
    /// The photo and movie of `files`: PHOTO MOVIE as given, or one part alone with the other found beside it.
    static func pair(_ files: [String], json: Bool) throws -> (photo: String, movie: String) {
        guard files.count == 1 else { return (files[0], files[1]) }
        let companion: Companion
        do {
            companion = try CompanionFinder.find(for: files[0])
        } catch {
            throw Failure.report(error, json: json)
        }
        StandardStreams.error("livephoto: note: \(companion.note)\n")
        return (companion.photo, companion.movie)
    }
}

import MediaFormats
internal import PortableFoundation

/// vivo's two-file live photo (its phones up to the X200): `STEM.jpg` and `STEM.mp4` in one folder, each ending with
/// vivo's footer, joined by the footers' pairing id as an Apple pair is by its content identifier (docs/formats/makers.md#vivo-two-file-live-photos).
struct VivoPair {
    /// The movie's path.
    let movie: String
    let pairingID: String
    /// The movie's frame times in seconds, in presentation order.
    let frameTimes: [Double]
    /// The cover's frame, from the movie's `com.android.camera.imageTime`, when it names one inside the movie.
    let coverFrameIndex: Int?

    /// The cover's time in the movie, when the movie names its frame.
    var coverSeconds: Double? { coverFrameIndex.map { frameTimes[$0] } }

    /// The pairing id of a photo's footer: a JPEG that ends with vivo's footer and holds no video of its own.
    /// The movie's footer (the last top-level box, a `uuid` of vivo's user type), when it has one.
    static func movieFooter(_ file: RandomAccessFile) -> VivoFooter? {
        guard let movie = try? Movie(file: file) else { return nil }
        return try? VivoFooter.inMovie(file, topLevel: movie.topLevel)
    }

    /// The movie of `photo`'s pair: a movie of the same name (any case) beside it whose footer carries `pairingID`.
    static func movie(beside photo: String, pairingID: String) -> VivoPair? {
        let url = URL(fileURLWithPath: photo)
        let folder = url.deletingLastPathComponent().path, stem = url.deletingPathExtension().lastPathComponent.lowercased()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted() {
            let candidate = URL(fileURLWithPath: name)
            guard candidate.deletingPathExtension().lastPathComponent.lowercased() == stem,
                BundleReader.movieExtensions.contains(candidate.pathExtension.lowercased())
            else { continue }
            if let pair = pair(movie: "\(folder)/\(name)", pairingID: pairingID) { return pair }
        }
        return nil
    }

    /// `movie` as the movie of a pair whose id is `pairingID`; nil when its footer carries another id, or none.
    static func pair(movie path: String, pairingID: String) -> VivoPair? {
        guard let file = try? InputFile(path: path).file, let movie = try? Movie(file: file),
            let footer = try? VivoFooter.inMovie(file, topLevel: movie.topLevel), footer.pairingID == pairingID
        else { return nil }
        let facts = MovieFacts(movie: movie)
        let times = ((try? facts.frameTimes()) ?? []).map(facts.seconds).sorted()
        let index = footer.imageTimeFrameIndex.flatMap { times.indices.contains($0) ? $0 : nil }
        return VivoPair(movie: path, pairingID: pairingID, frameTimes: times, coverFrameIndex: index)
    }

    /// The pair of a photo and a movie given together, when both footers carry one id.
    static func pair(photo: InputFile, movie: String) -> VivoPair? {
        photo.vivoPairingID.flatMap { pair(movie: movie, pairingID: $0) }
    }
}

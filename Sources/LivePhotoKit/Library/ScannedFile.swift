import LivePhotoMedia
internal import PortableFoundation

/// One file of a library scan, as its headers say.
struct ScannedFile: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case still, movie, motionPhoto(InspectionReport.MotionPhotoReport.Flavor, PhotoFamily), damaged(String), other
    }

    let path: String
    var kind: Kind
    var identifier: String?
    /// A movie with a still-image-time track: a Live Photo's, even without its identifier.
    var hasStillImageTime = false
    /// vivo's pairing id, from the footer of a vivo pair's photo or movie (`VivoPair`).
    var pairingID: String?

    init(path: String, kind: Kind, identifier: String? = nil, hasStillImageTime: Bool = false, pairingID: String? = nil) {
        self.path = path
        self.kind = kind
        self.identifier = identifier
        self.hasStillImageTime = hasStillImageTime
        self.pairingID = pairingID
    }

    init(path: String) {
        self.path = path
        let report = FileAnalysis(path: path, depth: .identity).report
        identifier = report.contentIdentifier
        pairingID = report.pairingIdentifier
        if report.format == .unknown {
            kind = Self.looksLikeMedia(path) ? .damaged(report.error ?? "not a JPEG, HEIC, QuickTime or MP4 file") : .other
        } else if let error = report.error {
            kind = .damaged(error)
        } else if let motion = report.motionPhoto {
            kind = .motionPhoto(motion.flavor, report.family ?? motion.flavor.usualFamily)
        } else if report.format.isStill {
            kind = .still
        } else if report.format.isMovie {
            kind = .movie
            hasStillImageTime = (report.movie?.stillImageTimeTrackCount ?? 0) > 0
        } else {
            kind = .other
        }
    }

    /// A Motion Photo's layout and family as the scan index keeps them, `FLAVOR:FAMILY` (`google-motion-photo:oppo`).
    static func storedMotion(_ flavor: InspectionReport.MotionPhotoReport.Flavor, _ family: PhotoFamily) -> String {
        "\(flavor.rawValue):\(family.rawValue)"
    }

    /// The layout and family of ``storedMotion(_:_:)``; an index written before families were kept holds `FLAVOR`
    /// alone, read with the layout's usual family until the file changes.
    static func motion(stored text: String) -> (InspectionReport.MotionPhotoReport.Flavor, PhotoFamily)? {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard let first = parts.first, let flavor = InspectionReport.MotionPhotoReport.Flavor(rawValue: first) else { return nil }
        guard parts.count == 2 else { return (flavor, flavor.usualFamily) }
        return PhotoFamily(rawValue: parts[1]).map { (flavor, $0) }
    }

    /// Extensions of photos and movies: such a file that cannot be read is damaged, not "other".
    static let mediaExtensions: Set<String> = ["jpg", "jpeg", "heic", "heif", "mov", "mp4", "m4v", "qt"]

    static func looksLikeMedia(_ path: String) -> Bool {
        mediaExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// The folder and the name without extension, case folded, with a trailing copy number (`IMG_1234(1)`) removed:
    /// what pairs files by name. Only files left unpaired by identifier need it.
    var stemKey: String { Self.stemKey(path) }

    static func stemKey(_ path: String) -> String {
        // String slicing, not URL: this runs for every file of every scan.
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { path[path.index(after: $0)...] } ?? path[...]
        var stem = Substring(name)
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { stem = name[..<dot] }
        var key = stem.lowercased()
        if key.hasSuffix(")"), let open = key.lastIndex(of: "("),
            key[key.index(after: open)..<key.index(before: key.endIndex)].allSatisfy(\.isNumber)
        {
            key = String(key[..<open]).trimmingWhitespace()
        }
        return folder + "/" + key
    }

    /// True for an edited copy's name beside the original's: `IMG_E1234` for `IMG_1234`.
    func isEditedVersion(of original: ScannedFile) -> Bool {
        let edited = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent.uppercased()
        let base = URL(fileURLWithPath: original.path).deletingPathExtension().lastPathComponent.uppercased()
        guard let underscore = base.firstIndex(of: "_") else { return false }
        return edited == base[...underscore] + "E" + base[base.index(after: underscore)...]
    }
}

/// One file of a library scan, as its headers say: the facts pairing needs (docs/guide/libraries.md#scan). The
/// command line keeps them in its index; the browser holds them for the files it was given.
package struct ScannedFile: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case still, movie, motionPhoto(InspectionReport.MotionPhotoReport.Flavor, PhotoFamily), damaged(String), other
    }

    /// As the shell names it: absolute on the command line, relative to the folder chosen in a browser.
    package let path: String
    package var kind: Kind
    package var identifier: String?
    /// A movie with a still-image-time track: a Live Photo's, even without its identifier.
    package var hasStillImageTime = false
    /// vivo's pairing id, from the footer of a vivo pair's photo or movie (`VivoPair`).
    package var pairingID: String?

    package init(path: String, kind: Kind, identifier: String? = nil, hasStillImageTime: Bool = false, pairingID: String? = nil) {
        self.path = path
        self.kind = kind
        self.identifier = identifier
        self.hasStillImageTime = hasStillImageTime
        self.pairingID = pairingID
    }

    /// The file at `path` as `report` (``FileAnalysis`` at ``FileAnalysis/Depth/identity``) says it is.
    package init(path: String, report: InspectionReport.FileReport) {
        self.path = path
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
    package static func storedMotion(_ flavor: InspectionReport.MotionPhotoReport.Flavor, _ family: PhotoFamily) -> String {
        "\(flavor.rawValue):\(family.rawValue)"
    }

    /// The layout and family of ``storedMotion(_:_:)``; an index written before families were kept holds `FLAVOR`
    /// alone, read with the layout's usual family until the file changes.
    package static func motion(stored text: String) -> (InspectionReport.MotionPhotoReport.Flavor, PhotoFamily)? {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard let first = parts.first, let flavor = InspectionReport.MotionPhotoReport.Flavor(rawValue: first) else { return nil }
        guard parts.count == 2 else { return (flavor, flavor.usualFamily) }
        return PhotoFamily(rawValue: parts[1]).map { (flavor, $0) }
    }

    /// Whether the name of `path` says a photo or a movie (``MediaExtensions``): such a file that cannot be read is
    /// damaged, not "other".
    package static func looksLikeMedia(_ path: String) -> Bool {
        MediaExtensions.all.contains(PathName.pathExtension(path).lowercased())
    }

    /// The key it pairs by name with (``PairingKey``), as the index keeps it.
    package var stemKey: String { PairingKey(path: path).text }

    /// The file as pairing reads it (a still or a movie; anything else is never paired, and reads as a still).
    package var pairingHalf: PairingHalf {
        PairingHalf(
            side: kind == .movie ? .movie : .still, folder: PathName.folder(of: path), name: PathName.lastComponent(path),
            identifier: identifier, hasStillImageTime: hasStillImageTime, vivoPairingID: pairingID)
    }
}

extension ScannedFile.Kind {
    /// The kind as scan's index and the engine's facts keep it: its name, and the reason for a damaged file (read back
    /// by ``init(stored:note:)``).
    package var stored: (text: String, note: String?) {
        switch self {
        case .still: ("still", nil)
        case .movie: ("movie", nil)
        case .motionPhoto(let flavor, let family): ("motion:" + ScannedFile.storedMotion(flavor, family), nil)
        case .damaged(let reason): ("damaged", reason)
        case .other: ("other", nil)
        }
    }

    /// The kind of ``stored``; nil for a name this version does not know.
    package init?(stored text: String, note: String?) {
        switch text {
        case "still": self = .still
        case "movie": self = .movie
        case "damaged": self = .damaged(note ?? "")
        case "other": self = .other
        default:
            guard text.hasPrefix("motion:"), let motion = ScannedFile.motion(stored: String(text.dropFirst(7))) else { return nil }
            self = .motionPhoto(motion.0, motion.1)
        }
    }
}

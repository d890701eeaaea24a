/// One thing a library scan found: a Live Photo (its still and movie), a Motion Photo, an orphan, a conflict, a plain
/// photo or movie, a damaged file, or another file. The JSON form is one object per item (`scan --json`).
public struct LibraryItem: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A still and its movie.
        case livePhoto = "live-photo"
        /// A JPEG or HEIC with its video inside; or vivo's two files (flavor `vivo-pair`), a photo and its MP4.
        case motionPhoto = "motion-photo"
        /// A Live Photo's still whose movie was not found.
        case orphanStill = "orphan-still"
        /// A Live Photo's movie whose still was not found.
        case orphanMovie = "orphan-movie"
        /// Files that cannot be paired as they are: one identifier on more stills or movies than one Live Photo has,
        /// or one name with two identifiers.
        case conflict
        case plainPhoto = "plain-photo"
        case plainMovie = "plain-movie"
        /// A photo or movie whose headers cannot be read.
        case damaged
        /// Anything else (sidecars, documents).
        case other
    }

    /// How a Live Photo's parts were paired.
    public enum Pairing: String, Sendable, Codable {
        /// Both carry the same content identifier.
        case identifier
        /// Same folder and name, without identifiers in both: a guess, said as such.
        case name
        /// vivo's two files: same folder and name, and one pairing id in both footers (the item's ``identifier``).
        case vivoPairingID = "vivo-pairing-id"
    }

    public var kind: Kind
    /// The still first, then the movie, for a Live Photo; the files in conflict; else the one file.
    public var files: [String]
    /// The content identifier, when there is one; for a vivo pair, vivo's pairing id.
    public var identifier: String?
    public var pairedBy: Pairing?
    /// Other stills of the same Live Photo: edited versions (`IMG_E1234.JPG` beside `IMG_1234.HEIC`).
    public var variants: [String] = []
    /// For a Motion Photo: how its video is found (`vivo-pair` for vivo's two files).
    public var flavor: InspectionReport.MotionPhotoReport.Flavor?
    /// Whose live photo it is: `apple` for a Live Photo and its orphaned parts, the maker's for a Motion Photo (`vivo`
    /// for vivo's pair); nil for plain, damaged and other files and for a conflict.
    public var family: PhotoFamily?
    /// Why a file is damaged, what the conflict is, what was guessed.
    public var note: String?
    /// The folder scanned to find it (the root its first file lies under): batches mirror the files' places below
    /// it, and shares are chosen by the path relative to it.
    public var root: String?

    /// An item; its ``family``, when not given, is what the kind says (Apple's for a Live Photo and its orphaned
    /// parts), else the usual family of the Motion Photo's ``flavor``.
    public init(
        kind: Kind, files: [String], identifier: String? = nil, pairedBy: Pairing? = nil, variants: [String] = [],
        flavor: InspectionReport.MotionPhotoReport.Flavor? = nil, family: PhotoFamily? = nil, note: String? = nil, root: String? = nil
    ) {
        self.kind = kind
        self.files = files
        self.identifier = identifier
        self.pairedBy = pairedBy
        self.variants = variants
        self.flavor = flavor
        self.family = family ?? kind.pairFamily ?? flavor?.usualFamily
        self.note = note
        self.root = root
    }

    /// The first file's path below ``root``; without a root, a relative path as it is (a browser's, relative to the
    /// folder chosen), else its name alone.
    public var relativePath: String {
        let first = files.first ?? ""
        if let root {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            if first.hasPrefix(prefix) { return String(first.dropFirst(prefix.count)) }
            if first == root { return PathName.lastComponent(first) }
        }
        return first.hasPrefix("/") ? PathName.lastComponent(first) : first
    }
}

public import PortableFoundation

/// Turns an export of a photo library into a clean library: a Google Takeout (its `.zip` or `.tgz` parts as downloaded,
/// or an extracted folder), Apple's data copy of iCloud Photos (its `.zip` parts or their folders), or a folder
/// icloudpd or osxphotos wrote. Every media file is written once, Live Photos paired by their identifier, Motion Photos
/// whole, capture dates and places from the sidecars, CSV rows and XMP files written into the files, duplicates
/// folded and albums kept (`docs/guide/takeout.md`, `docs/guide/icloud.md`).
public enum LibraryImport {
    /// What the library is for.
    public enum Destination: String, Sendable, Codable, CaseIterable {
        /// Pairs as pairs, Motion Photos as Motion Photos.
        case keep
        /// Every Motion Photo also converted to a Live Photo, for Photos on a Mac or iCloud.
        case apple
        /// Every Live Photo converted to a Motion Photo (of ``Options/flavor``).
        case android
    }

    /// The folders files are written into, by capture time.
    public enum Layout: String, Sendable, Codable, CaseIterable {
        /// All in the output folder.
        case flat
        /// `YYYY/`.
        case year
        /// `YYYY/MM/`.
        case yearMonth = "year-month"
    }

    /// How album membership is kept.
    public enum AlbumMode: String, Sendable, Codable, CaseIterable {
        /// `Albums/TITLE/` holds relative symbolic links to the one copy of each file.
        case links
        /// `Albums/TITLE/` holds copies.
        case copies
        /// One `albums.json`: each album's title and the files in it.
        case json
        /// Albums are not kept.
        case none
    }

    /// How a Takeout is read and written.
    public struct Options: Sendable {
        /// The library's folder; created when missing. A second run into it resumes.
        public var outputDirectory: String
        public var destination: Destination
        /// The Motion Photo flavor of ``Destination/android``.
        public var flavor: MotionConversionOptions.Flavor
        public var layout: Layout
        public var albums: AlbumMode
        /// Write trashed and recently deleted items too (they are skipped by default).
        public var includeTrashed: Bool
        /// Leave out the items hidden in Photos (by default they go under `Hidden/`).
        public var skipHidden = false
        /// Make albums of an Apple data copy's memories too.
        public var memories = false
        /// Replace a date or place already in a file by the sidecar's (by default a file's own is kept).
        public var prefersSidecar: Bool
        /// How many files are analysed and written at once.
        public var jobs: Int

        public init(
            outputDirectory: String, destination: Destination = .keep, flavor: MotionConversionOptions.Flavor = .samsung,
            layout: Layout = .yearMonth, albums: AlbumMode = .links, includeTrashed: Bool = false, prefersSidecar: Bool = false,
            jobs: Int = ProcessInfo.processInfo.activeProcessorCount
        ) {
            self.outputDirectory = outputDirectory
            self.destination = destination
            self.flavor = flavor
            self.layout = layout
            self.albums = albums
            self.includeTrashed = includeTrashed
            self.prefersSidecar = prefersSidecar
            self.jobs = max(1, jobs)
        }
    }

    /// How far a run has got.
    public struct Progress: Sendable, Equatable {
        /// What the run is doing.
        public enum Stage: String, Sendable, Codable {
            /// Reading the parts' directories and the JSON sidecars.
            case reading
            /// Copying media out of the parts.
            case copying
            /// Pairing, dating and writing the library.
            case writing
        }

        public var stage: Stage
        public var completedFiles: Int
        public var totalFiles: Int
        public var completedBytes: Int64
        public var totalBytes: Int64
        public var completedParts: Int
        public var totalParts: Int

        public init(
            stage: Stage, completedFiles: Int, totalFiles: Int, completedBytes: Int64, totalBytes: Int64, completedParts: Int,
            totalParts: Int
        ) {
            self.stage = stage
            self.completedFiles = completedFiles
            self.totalFiles = totalFiles
            self.completedBytes = completedBytes
            self.totalBytes = totalBytes
            self.completedParts = completedParts
            self.totalParts = totalParts
        }
    }

    /// What became of one media file of the Takeout.
    public struct Entry: Sendable, Codable, Equatable {
        /// What became of it.
        public enum Outcome: String, Sendable, Codable, CaseIterable {
            /// Written to ``Entry/output``.
            case written
            /// One half of a Live Photo written as a pair; ``Entry/output`` is this half's file.
            case pairedLivePhoto = "paired-live-photo"
            /// A Motion Photo's separate video, folded into the Motion Photo at ``Entry/output`` (it already held the
            /// same video, or the video was embedded again).
            case mergedIntoMotionPhoto = "merged-into-motion-photo"
            /// The same bytes as ``Entry/duplicateOf``: written once.
            case duplicate
            /// Written by an earlier run into the same folder.
            case alreadyWritten = "already-written"
            /// Not written, on purpose (``Entry/reason``: trashed).
            case skipped
            /// Not written: ``Entry/reason`` says why.
            case failed
        }

        /// The part it came from (its file name), or the folder given.
        public var part: String
        /// Its path inside the part.
        public var member: String
        public var outcome: Outcome
        /// The file written for it, relative to the output folder.
        public var output: String?
        /// The part and member of the copy that was written, for a duplicate (`PART: MEMBER`).
        public var duplicateOf: String?
        /// Why it was skipped or failed.
        public var reason: String?
        /// The sidecar its date and place came from (its path in the part), when one was found.
        public var sidecar: String?
        /// What was written into the file: `date`, `place`, `description`, `title`, `keywords`, `rating`, `people`.
        public var wrote: [String]
        /// The albums it is in, by title.
        public var albums: [String]
        /// Things worth knowing ("possibly one Motion Photo with …").
        public var notes: [String]

        public init(
            part: String, member: String, outcome: Outcome, output: String? = nil, duplicateOf: String? = nil, reason: String? = nil,
            sidecar: String? = nil, wrote: [String] = [], albums: [String] = [], notes: [String] = []
        ) {
            self.part = part
            self.member = member
            self.outcome = outcome
            self.output = output
            self.duplicateOf = duplicateOf
            self.reason = reason
            self.sidecar = sidecar
            self.wrote = wrote
            self.albums = albums
            self.notes = notes
        }
    }

    /// Everything a run did, and what it could not.
    public struct Report: Sendable, Codable, Equatable {
        /// Every media file of the input, in the parts' order.
        public var entries: [Entry]
        /// Every file of the input that is not media, but the sidecars media files took their dates from (each named
        /// by its media file's ``Entry/sidecar``): in the parts' order, each with what it is and why it was not
        /// imported.
        public var nonMediaFiles: [NonMediaFile]
        /// How many files of the input are sidecars a media file took its date and place from.
        public var sidecarFiles: Int
        /// Files of the Takeout that are not media (HTML, album JSON, print orders), by `PART: MEMBER`: the
        /// ``NonMediaFile/Kind/takeoutData`` and ``NonMediaFile/Kind/albumMetadata`` ones of ``nonMediaFiles``.
        public var otherFiles: [String]
        /// JSON sidecars that matched no media file (`PART: MEMBER`), sorted.
        public var unusedSidecars: [String]
        /// Problems with a whole part or with a member that is not media (a corrupt part, a JSON that is not JSON, a
        /// member path outside the tree): `PART: MEMBER: REASON`.
        public var problems: [String]
        /// The library's folder.
        public var outputDirectory: String

        public init(
            entries: [Entry] = [], nonMediaFiles: [NonMediaFile] = [], sidecarFiles: Int = 0, otherFiles: [String] = [],
            unusedSidecars: [String] = [], problems: [String] = [], outputDirectory: String
        ) {
            self.entries = entries
            self.nonMediaFiles = nonMediaFiles
            self.sidecarFiles = sidecarFiles
            self.otherFiles = otherFiles
            self.unusedSidecars = unusedSidecars
            self.problems = problems
            self.outputDirectory = outputDirectory
        }

        /// How many media files ended each way.
        public func count(_ outcome: Entry.Outcome) -> Int { entries.filter { $0.outcome == outcome }.count }

        /// How many files that are not media are of each kind.
        public func count(_ kind: NonMediaFile.Kind) -> Int { nonMediaFiles.filter { $0.kind == kind }.count }

        /// Whether some media file failed or some part or member could not be read.
        public var hasFailures: Bool { !problems.isEmpty || entries.contains { $0.outcome == .failed } }
    }
}

extension LibraryImport.Layout {
    /// The core's layout of the same name.
    var placement: ImportPlacement.Layout {
        switch self {
        case .flat: .flat
        case .year: .year
        case .yearMonth: .yearMonth
        }
    }
}

extension LibraryImport.Report {
    /// The core's report of a run into `outputDirectory`.
    init(_ report: ImportReport, outputDirectory: String) {
        self.init(
            entries: report.entries.map(LibraryImport.Entry.init), nonMediaFiles: report.nonMediaFiles.map(LibraryImport.NonMediaFile.init),
            sidecarFiles: report.sidecarFiles, otherFiles: report.otherFiles, unusedSidecars: report.unusedSidecars,
            problems: report.problems, outputDirectory: outputDirectory)
    }
}

extension LibraryImport.Entry {
    /// The core's entry, as the command reports it.
    init(_ entry: ImportReport.Entry) {
        self.init(
            part: entry.part, member: entry.member, outcome: Outcome(rawValue: entry.outcome.rawValue) ?? .failed, output: entry.output,
            duplicateOf: entry.duplicateOf, reason: entry.reason, sidecar: entry.sidecar, wrote: entry.wrote, albums: entry.albums,
            notes: entry.notes)
    }
}

extension LibraryImport.NonMediaFile {
    /// The core's file, as the command reports it.
    init(_ file: ImportReport.NonMediaFile) {
        self.init(part: file.part, member: file.member, kind: Kind(rawValue: file.kind.rawValue) ?? .notRead, reason: file.reason)
    }
}

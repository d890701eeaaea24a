internal import PortableFoundation

/// Finds and mends what apps, editors and old iOS versions broke in a library, without re-encoding
/// (docs/guide/repair.md): Live Photo halves that lost their shared identifier, pairs that `verify` fails (a movie
/// without its still-image-time track), stills shown differently from viewer to viewer (an Exif thumbnail of the
/// wrong shape, a HEIC whose Exif orientation contradicts its `irot`/`imir`), Motion Photos whose XMP directory lies
/// about where the video is, and, when asked, Live Photo movies without the track the lock screen needs.
///
/// Every file under the paths is diagnosed first (``diagnose(_:options:progress:)``); ``mend(_:options:progress:each:)``
/// then writes the repairs, each file through a staged copy renamed over the original (or into another folder),
/// keeping every byte the repair does not change and the file's modification time.
public enum LibraryRepair {
    /// How a repair runs.
    public struct Options: Sendable {
        /// Write the mended files here, mirroring their places below the path given, instead of over the originals;
        /// both halves of a mended Live Photo go there.
        public var outputDirectory: String?
        /// With ``outputDirectory``, replace files already there.
        public var force = false
        /// Give valid Live Photo movies the `live-photo-info` track the lock screen needs (docs/formats/wallpaper.md#gates).
        public var wallpaper = false
        /// Encode Live Photo movies shown turned by their rotation matrix again with upright frames (lossy, needs ffmpeg).
        public var bakesRotation = false
        /// The ffmpeg executable for ``bakesRotation``, for finding the frame that looks like the still, and for
        /// comparing an Exif thumbnail of another shape with its photo (default: ffmpeg on the PATH).
        public var ffmpegPath: String?
        /// How many items are read or written at once.
        public var jobs: Int
        /// Follow symbolic links to folders while walking.
        public var followLinks = false

        /// Options that mend in place, `jobs` items at a time (default: the number of cores).
        public init(outputDirectory: String? = nil, wallpaper: Bool = false, jobs: Int? = nil) {
            self.outputDirectory = outputDirectory
            self.wallpaper = wallpaper
            self.jobs = max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        }
    }

    /// One thing wrong with a file, and what the repair writes for it.
    public struct Problem: Sendable, Codable, Equatable {
        /// What kind of problem it is.
        public enum Kind: String, Sendable, Codable, CaseIterable {
            /// A Live Photo half lacks the identifier its other half carries (or both lack one).
            case missingIdentifier = "missing-identifier"
            /// A still and a movie that belong together carry different identifiers.
            case identifierMismatch = "identifier-mismatch"
            /// Files that could belong together in more ways than one, or that do not fit each other: nothing is guessed.
            case pairingConflict = "pairing-conflict"
            /// The Exif thumbnail's shape disagrees with the photo's (shown stretched by Windows and some galleries).
            case thumbnailShape = "thumbnail-shape"
            /// A HEIC's Exif `Orientation` states another turn than its `irot`/`imir` properties.
            case orientationContradiction = "orientation-contradiction"
            /// A Motion Photo's XMP directory does not lead to its video.
            case motionPhotoDirectory = "motion-photo-directory"
            /// A HEIC Motion Photo whose video does not end the file, as the format requires.
            case motionPhotoLayout = "motion-photo-layout"
            /// A pair whose halves share an identifier but that `verify` fails: Photos will not pair it.
            case verification = "verify"
            /// A Live Photo movie the lock screen would not animate.
            case wallpaper
            /// With `--bake-rotation`: a Live Photo movie shown turned by its track's rotation matrix.
            case rotation
            /// A photo or movie whose headers cannot be read.
            case damaged
        }

        public var kind: Kind
        /// The file the problem is in.
        public var file: String
        /// What is wrong.
        public var detail: String
        /// What the repair writes; nil when this problem is only reported (it cannot be mended losslessly, or it
        /// would take a guess).
        public var repair: String?

        public init(kind: Kind, file: String, detail: String, repair: String?) {
            self.kind = kind
            self.file = file
            self.detail = detail
            self.repair = repair
        }
    }

    /// One item with problems: a Live Photo's two files, or one file.
    public struct Entry: Sendable, Codable, Equatable {
        /// Where the item stands.
        public enum Status: String, Sendable, Codable, CaseIterable {
            /// Diagnosed; the repairs are not written yet (or, in a dry run, never).
            case planned
            /// Every repair was written.
            case mended
            /// Only problems that are reported, none that can be mended.
            case reported
            /// Writing the repairs failed: the files are as they were, unless ``reason`` names the one of a pair that was
            /// mended (``reason`` says why).
            case failed
        }

        /// The item's files: a Live Photo's still, then its movie.
        public var files: [String]
        public var problems: [Problem]
        public var status: Status
        /// The files written.
        public var written: [String] = []
        /// Why writing failed.
        public var reason: String?

        /// True when some problem has a repair.
        public var isMendable: Bool { problems.contains { $0.repair != nil } }
    }

    /// The diagnosis of one item: what is wrong, and the edits that mend it.
    public struct Diagnosis: Sendable {
        /// What is wrong (status ``Entry/Status/planned`` or ``Entry/Status/reported``).
        public var entry: Entry
        /// The folder given whose walk found the item (the `--out` mirror is relative to it).
        let root: String?
        let edits: [RepairEdit]
        /// Each file's stamp when it was read: a file changed since is not written.
        let stamps: [String: RepairFileStamp]
    }

    /// What a diagnosis read.
    public struct Survey: Sendable {
        /// The items with problems, in the order of their first file's path.
        public var diagnoses: [Diagnosis]
        /// Files found under the paths.
        public var filesFound: Int
        /// Items (Live Photos, Motion Photos, single files) checked.
        public var itemsChecked: Int
    }

    /// Walks `paths` (folders or files), pairs what belongs together as `scan` does, and diagnoses every item.
    /// Nothing is written.
    /// - Throws: `LivePhotoError` when the paths cannot be walked.
    public static func diagnose(_ paths: [String], options: Options, progress: (LibraryBatch.Progress) -> Void = { _ in })
        async throws(LivePhotoError)
        -> Survey
    {
        var items: [LibraryItem] = []
        var scanOptions = ScanOptions(jobs: options.jobs, followLinks: options.followLinks)
        scanOptions.itemKinds = nil
        let summary = try await LibraryScanner.scan(paths, options: scanOptions) { items.append($0) }
        // One file reached by two paths (a link, a folder given twice under two names) is diagnosed once.
        var seen: [RepairFileStamp] = []
        items = items.filter { item in
            let stamps = item.files.compactMap(RepairFileStamp.init(path:))
            if stamps.contains(where: { stamp in seen.contains(where: stamp.isSameFile) }) { return false }
            seen += stamps
            return true
        }
        items = RepairNameConflict.grouped(items)
        var diagnoses = [Diagnosis?](repeating: nil, count: items.count)
        var done = 0
        let checks = RepairDiagnosis.Checks(
            wallpaper: options.wallpaper, bakesRotation: options.bakesRotation, ffmpegPath: options.ffmpegPath)
        await BoundedTasks.run(items, limit: options.jobs) { (item: LibraryItem) async -> Diagnosis? in
            await RepairDiagnosis.diagnose(item, checks: checks)
        } collect: { index, diagnosis in
            diagnoses[index] = diagnosis
            done += 1
            progress(.items(done, of: items.count))
        }
        return Survey(diagnoses: diagnoses.compactMap { $0 }, filesFound: summary.filesFound, itemsChecked: items.count)
    }

    /// Writes the repairs of `diagnoses`, `options.jobs` items at a time, and hands each entry to `each` as it is
    /// done (in the order given). An item whose writing fails is left as it was and reported ``Entry/Status/failed``.
    /// - Returns: every entry, in the order given.
    @discardableResult
    public static func mend(
        _ diagnoses: [Diagnosis], options: Options, progress: (LibraryBatch.Progress) -> Void = { _ in }, each: (Entry) -> Void = { _ in }
    ) async -> [Entry] {
        var entries = [Entry?](repeating: nil, count: diagnoses.count)
        var (next, finished, failed) = (0, 0, 0)
        let destination = RepairWriter.Destination(
            outputDirectory: options.outputDirectory, force: options.force, ffmpegPath: options.ffmpegPath)
        await BoundedTasks.run(diagnoses, limit: options.jobs) { (diagnosis: Diagnosis) async -> Entry in
            await RepairWriter.write(diagnosis, to: destination)
        } collect: { index, entry in
            entries[index] = entry
            finished += 1
            if entry.status == .failed { failed += 1 }
            // Handed on in order: the entries finished early wait for those before them.
            while next < entries.count, let ready = entries[next] {
                each(ready)
                next += 1
            }
            progress(.items(finished, of: diagnoses.count, failed: failed))
        }
        return entries.compactMap { $0 }
    }
}

extension LibraryBatch.Progress {
    /// Items only, no bytes.
    static func items(_ finished: Int, of total: Int, failed: Int = 0) -> LibraryBatch.Progress {
        LibraryBatch.Progress(
            finishedItems: finished, totalItems: total, failedItems: failed, skippedItems: 0, finishedBytes: 0, totalBytes: 0)
    }
}

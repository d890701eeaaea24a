import MediaFormats

/// The diagnosis of one library item: each of its files checked for what ``LibraryRepair`` mends
/// (docs/guide/repair.md#what-it-finds), and the edits that mend it.
enum RepairDiagnosis {
    typealias Problem = LibraryRepair.Problem

    /// The checks asked for beyond the ones always made.
    struct Checks: Sendable {
        var wallpaper: Bool
        var bakesRotation: Bool
        /// The ffmpeg that compares an Exif thumbnail of another shape with its photo (default: ffmpeg on the PATH;
        /// without one, such a thumbnail is not judged).
        var ffmpegPath: String?
    }

    /// What is wrong with `item`; nil when nothing is.
    static func diagnose(_ item: LibraryItem, checks: Checks) async -> LibraryRepair.Diagnosis? {
        // Taken before anything is read, so that a change while the checks read is seen too.
        var stamps: [String: RepairFileStamp] = [:]
        for file in item.files + item.variants { stamps[file] = RepairFileStamp(path: file) }
        var plan = Plan()
        guard let first = item.files.first else { return nil }
        switch item.kind {
        case .livePhoto:
            guard item.files.count == 2 else { return nil }
            let (still, movie) = (first, item.files[1])
            if item.pairedBy == .name {
                RepairPairing.restore(still: still, movie: movie, into: &plan)
            }
            RepairVerification.check(still: still, movie: movie, into: &plan)
            await RepairStillCheck.check(still, ffmpegPath: checks.ffmpegPath, into: &plan)
            if checks.bakesRotation { RepairRotation.check(still: still, movie: movie, into: &plan) }
            // A baked movie gets the wallpaper track when it has none.
            if checks.wallpaper, !plan.movies.contains(where: { $0.changes.bake != nil }) { RepairWallpaper.check(movie, into: &plan) }
        case .conflict:
            if !RepairPairing.reconcile(item, into: &plan) {
                plan.problems.append(
                    Problem(
                        kind: .pairingConflict, file: first,
                        detail: "\(item.note ?? "these files cannot be paired as they are"): \(item.files.joined(separator: ", "))",
                        repair: nil))
            }
        case .motionPhoto:
            await RepairStillCheck.check(first, ffmpegPath: checks.ffmpegPath, into: &plan)
            if item.flavor != .vivoPair { RepairMotionPhotoCheck.check(first, into: &plan) }
        case .orphanStill:
            await RepairStillCheck.check(first, ffmpegPath: checks.ffmpegPath, into: &plan)
        case .plainPhoto:
            // A photo whose XMP promises a video that its directory does not lead to reads as a plain photo.
            await RepairStillCheck.check(first, ffmpegPath: checks.ffmpegPath, into: &plan)
            RepairMotionPhotoCheck.check(first, into: &plan)
        case .damaged:
            RepairMotionPhotoCheck.check(first, into: &plan)
            if plan.problems.isEmpty {
                plan.problems.append(Problem(kind: .damaged, file: first, detail: item.note ?? "cannot be read", repair: nil))
            } else {
                await RepairStillCheck.check(first, ffmpegPath: checks.ffmpegPath, into: &plan)
            }
        case .orphanMovie:
            // A Live Photo's movie without its still: its still time is in its own track.
            if checks.bakesRotation { RepairRotation.check(still: nil, movie: first, into: &plan) }
        case .plainMovie, .other:
            break
        }
        for variant in item.variants where InputFile.kind(of: variant).isStill {
            await RepairStillCheck.check(variant, ffmpegPath: checks.ffmpegPath, into: &plan)
        }
        guard !plan.problems.isEmpty else { return nil }
        var edits = plan.edits
        // A mended Live Photo is written whole: its unchanged half goes with it to another folder.
        if item.kind == .livePhoto || item.kind == .conflict, !edits.isEmpty {
            for file in item.files.prefix(2) where !edits.contains(where: { $0.path == file }) { edits.append(.unchanged(path: file)) }
        }
        let mendable = plan.problems.contains { $0.repair != nil }
        return LibraryRepair.Diagnosis(
            entry: LibraryRepair.Entry(files: item.files, problems: plan.problems, status: mendable ? .planned : .reported),
            root: item.root, edits: mendable ? edits : [], stamps: stamps)
    }

    /// Problems found so far in an item, and the changes to each file.
    struct Plan {
        var problems: [Problem] = []
        var stills: [(path: String, changes: RepairEdit.StillChanges)] = []
        var movies: [(path: String, changes: RepairEdit.MovieChanges)] = []

        mutating func changeStill(_ path: String, _ change: (inout RepairEdit.StillChanges) -> Void) {
            Self.change(&stills, path, default: RepairEdit.StillChanges(), change)
        }

        mutating func changeMovie(_ path: String, _ change: (inout RepairEdit.MovieChanges) -> Void) {
            Self.change(&movies, path, default: RepairEdit.MovieChanges(), change)
        }

        /// The changes planned so far for the movie at `path`; nil when there are none.
        func movieChanges(_ path: String) -> RepairEdit.MovieChanges? { movies.first { $0.path == path }?.changes }

        /// The identifier the repair writes into the movie at `path`; nil when it writes none.
        func movieIdentifier(_ path: String) -> ContentIdentifier? { movieChanges(path)?.identifier }

        /// Makes `change` to the changes of `path` in `list`, starting them from `initial` when there are none yet.
        private static func change<Changes>(
            _ list: inout [(path: String, changes: Changes)], _ path: String, default initial: Changes, _ change: (inout Changes) -> Void
        ) {
            if let index = list.firstIndex(where: { $0.path == path }) {
                change(&list[index].changes)
            } else {
                var changes = initial
                change(&changes)
                list.append((path, changes))
            }
        }

        var edits: [RepairEdit] {
            stills.map { RepairEdit.still(path: $0.path, $0.changes) } + movies.map { RepairEdit.movie(path: $0.path, $0.changes) }
        }
    }
}

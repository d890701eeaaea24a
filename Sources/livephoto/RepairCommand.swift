import ArgumentParser
import LivePhotoKit
internal import PortableFoundation

struct RepairCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repair",
        abstract: "Find and mend what apps, editors and old iOS versions broke in a library, without re-encoding.",
        discussion: """
            Diagnoses every file under each PATH, then mends what can be mended losslessly:
              - Live Photo halves that lost their shared content identifier (iOS 18.0 movies, editors that drop the \
            Apple MakerNote) or carry two different ones get one, written into the half that lacks it, when the movie \
            is a Live Photo's and both were captured within 2 s; when that cannot be told (a movie beside two stills \
            of its name), the conflict is reported and nothing is guessed;
              - a pair that `verify` says Photos will not accept is reported with the checks it fails; a movie without \
            its still-image-time track gets one, at the frame that looks like the still (else the middle), by the \
            same lossless remux as make;
              - an Exif thumbnail whose shape disagrees with the photo (squashed or stretched into another shape, told \
            from the standard letterboxed one by its pixels, through ffmpeg) is unlinked; a HEIC whose Exif Orientation \
            states another turn than its irot/imir gets the orientation irot/imir show (iPhones write the same turn \
            in both: such files are left byte for byte);
              - a Motion Photo whose XMP directory does not lead to its video (Samsung's placeholder lengths, stale \
            lengths) gets the directory rewritten to the true byte ranges;
              - with --wallpaper, a Live Photo movie without the live-photo-info track the lock screen needs gets one;
              - with --bake-rotation (the one lossy repair), a Live Photo movie shown turned by its rotation matrix \
            (front-camera and portrait movies) is encoded again with upright frames, its auxiliary video tracks with \
            it, keeping its identifier, still time, sound and other tracks; a movie whose still is not beside it is \
            baked alone, with the still time of its own track.

            Every problem is listed, with the file and what the repair writes, before anything is written. Files are \
            mended in place through a staged copy renamed over the original (an interrupted run never leaves a \
            half-written original), keeping every byte the repair does not change, the modification time and the \
            permissions; with --out, the mended files (both halves of a Live Photo) go into another folder instead.

            Examples:
              livephoto repair ~/Pictures/Library --dry-run
              livephoto repair IMG_0001.HEIC IMG_0001.MOV
              livephoto repair ~/Pictures/Library --out ~/Pictures/Mended --json > r.jsonl
              livephoto repair Wallpapers/ --wallpaper
              livephoto repair Selfies/ --bake-rotation --out Upright/

            Exit status: 0 when nothing is wrong or every problem was mended (with --dry-run: when every problem can \
            be mended), 6 when some item failed (a file --out holds already without --force, a file changed since it \
            was checked, a read-only file, ffmpeg missing for --bake-rotation...) or has a problem that is not mended; \
            each is listed with its reason. 130 when interrupted.
            """
    )

    @Argument(help: "Folders or files to check.")
    var paths: [String]

    @Flag(help: "List the problems and what would be written; write nothing.")
    var dryRun = false

    @Option(name: .long, help: "Write the mended files here (mirroring their folders) instead of over the originals.")
    var out: String?

    @Flag(help: "With --out, replace files already there.")
    var force = false

    @Flag(help: "Give Live Photo movies without it the live-photo-info track the lock screen's wallpaper needs.")
    var wallpaper = false

    @Flag(
        help:
            "Encode Live Photo movies that rely on a rotation matrix again, with upright frames, for players that ignore the matrix (lossy; needs ffmpeg)."
    )
    var bakeRotation = false

    @Option(help: "The ffmpeg executable for --bake-rotation (default: ffmpeg on the PATH).")
    var ffmpeg: String?

    @Option(help: "How many items are read or written at once (default: the number of cores).")
    var jobs: Int?

    @Flag(help: "Follow symbolic links to folders.")
    var followLinks = false

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name the folders or files to check") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if force, out == nil { throw ValidationError("--force only applies with --out (in place, files are always mended)") }
    }

    func run() async throws {
        common.bootstrap(batch: true)
        InterruptHandling.install()
        var options = LibraryRepair.Options(outputDirectory: out, wallpaper: wallpaper, jobs: jobs)
        options.force = force
        options.followLinks = followLinks
        options.bakesRotation = bakeRotation
        options.ffmpegPath = ffmpeg
        let json = common.json
        let bar = BatchProgressBar(label: "repair", enabled: !json)
        let survey: LibraryRepair.Survey
        do {
            survey = try await LibraryRepair.diagnose(paths, options: options) { bar.show($0) }
        } catch {
            bar.finish()
            throw Failure.report(error, json: json)
        }
        bar.finish()
        if !json { print(Self.diagnosisText(survey), terminator: "") }
        var entries = survey.diagnoses.map(\.entry)
        let mendable = survey.diagnoses.indices.filter { survey.diagnoses[$0].entry.isMendable }
        if !dryRun, !mendable.isEmpty {
            let mended = await LibraryRepair.mend(mendable.map { survey.diagnoses[$0] }, options: options, progress: { bar.show($0) })
            bar.finish()
            for (index, entry) in zip(mendable, mended) { entries[index] = entry }
        }
        if json {
            for entry in entries { ImportCommand.printLine(RepairLine(entry)) }
            ImportCommand.printLine(RepairSummary(survey: survey, entries: entries, dryRun: dryRun))
        } else {
            print(Self.outcomeText(entries, dryRun: dryRun), terminator: "")
        }
        if InterruptHandling.requested { throw ExitCode(130) }
        // Some item failed, or some problem is one that is not mended.
        if entries.contains(where: { $0.status == .failed || $0.problems.contains { $0.repair == nil } }) {
            throw ExitCode(Failure.someItemsFailed)
        }
    }

    /// Every problem found, item by item, then the counts.
    static func diagnosisText(_ survey: LibraryRepair.Survey) -> String {
        var text = ""
        for diagnosis in survey.diagnoses {
            text += diagnosis.entry.files.joined(separator: " + ") + "\n"
            for problem in diagnosis.entry.problems {
                text += "  \(problem.kind.rawValue): \(problem.file): \(problem.detail)\n"
                text += problem.repair.map { "    repair: \($0)\n" } ?? "    not mended: nothing is written for this\n"
            }
        }
        let problems = survey.diagnoses.reduce(0) { $0 + $1.entry.problems.count }
        text += "\(survey.filesFound) files, \(survey.itemsChecked) items checked: "
        text +=
            problems == 0
            ? "nothing to repair\n"
            : "\(problems) problem\(problems == 1 ? "" : "s") in \(survey.diagnoses.count) item\(survey.diagnoses.count == 1 ? "" : "s")\n"
        return text
    }

    /// What was written, or would be.
    static func outcomeText(_ entries: [LibraryRepair.Entry], dryRun: Bool) -> String {
        guard !entries.isEmpty else { return "" }
        func count(_ status: LibraryRepair.Entry.Status) -> Int { entries.filter { $0.status == status }.count }
        var text = ""
        if dryRun {
            text += "dry run: \(count(.planned)) item\(count(.planned) == 1 ? "" : "s") would be mended; nothing was written\n"
        } else {
            text += "mended: \(count(.mended))\n"
            if count(.failed) > 0 { text += "failed: \(count(.failed))\n" }
            for entry in entries where entry.status == .failed {
                text += "failed: \(entry.files.joined(separator: ", ")): \(entry.reason ?? "")\n"
            }
        }
        if count(.reported) > 0 { text += "not mended: \(count(.reported)) (reported above)\n" }
        return text
    }
}

/// One `--json` line per item with problems.
struct RepairLine: Encodable {
    let type = "item"
    let files: [String]
    let status: String
    let problems: [LibraryRepair.Problem]
    let written: [String]
    let reason: String?

    init(_ entry: LibraryRepair.Entry) {
        files = entry.files
        status = entry.status.rawValue
        problems = entry.problems
        written = entry.written
        reason = entry.reason
    }
}

/// The last `--json` line: the counts.
struct RepairSummary: Encodable {
    let type = "summary"
    let dryRun: Bool
    let filesFound: Int
    let itemsChecked: Int
    let itemsWithProblems: Int
    let statuses: [String: Int]

    init(survey: LibraryRepair.Survey, entries: [LibraryRepair.Entry], dryRun: Bool) {
        self.dryRun = dryRun
        filesFound = survey.filesFound
        itemsChecked = survey.itemsChecked
        itemsWithProblems = entries.count
        var counts: [String: Int] = [:]
        for status in LibraryRepair.Entry.Status.allCases { counts[status.rawValue] = entries.filter { $0.status == status }.count }
        statuses = counts
    }
}

import LivePhotoKit
internal import PortableFoundation

/// How far an import has got, as the Import view shows it (``LibraryImport/Progress`` in the page's words).
struct ImportProgress: Sendable, Encodable, Equatable {
    var stage: LibraryImport.Progress.Stage
    var files: Int
    var totalFiles: Int
    var bytes: Int64
    var totalBytes: Int64
    var parts: Int
    var totalParts: Int

    init(_ p: LibraryImport.Progress) {
        stage = p.stage
        files = p.completedFiles
        totalFiles = p.totalFiles
        bytes = p.completedBytes
        totalBytes = p.totalBytes
        parts = p.completedParts
        totalParts = p.totalParts
    }

    /// 0…1 across the whole import: reading and copying the parts (by bytes) is the first 60 %, writing the library
    /// (by items) the rest.
    var fraction: Double {
        switch stage {
        case .reading, .copying: totalBytes > 0 ? 0.6 * min(1, Double(bytes) / Double(totalBytes)) : 0
        case .writing: 0.6 + (totalFiles > 0 ? 0.4 * min(1, Double(files) / Double(totalFiles)) : 0)
        }
    }
}

/// What an import did, as the Import view shows it at the end: counts by outcome, then each failure with its reason,
/// the sidecars that matched nothing and the problems. Lists are cut at ``maxListed`` (the counts stay whole), and no
/// text names a path of the server's or of the run's hidden work folder.
struct ImportSummary: Sendable, Encodable, Equatable {
    /// A media file that was not written, and why.
    struct Failure: Sendable, Encodable, Equatable {
        var part: String
        var member: String
        var reason: String
    }

    static let maxListed = 500

    /// Media files read.
    var mediaFiles: Int
    /// Media files by outcome (`written`, `paired-live-photo`, `merged-into-motion-photo`, `duplicate`,
    /// `already-written`, `skipped`, `failed`), every outcome present.
    var outcomes: [String: Int]
    /// Files of the Takeout that are not media (HTML, album JSON), not copied.
    var otherFiles: Int
    var failures: [Failure]
    var unusedSidecars: [String]
    var unusedSidecarCount: Int
    var problems: [String]
    var problemCount: Int
    /// Things worth knowing about single files (`MEMBER: NOTE`).
    var notes: [String]
    /// Whether some file or part failed.
    var hasFailures: Bool

    /// The summary of `report`, with every path under `hidden` (the work folders) reduced to its last component.
    init(_ report: LibraryImport.Report, hiding hidden: [String]) {
        func clean(_ text: String) -> String {
            hidden.reduce(text) { ServerText.hidingPaths(in: $0, under: $1, calling: "the import's work folder") }
        }
        mediaFiles = report.entries.count
        outcomes = Dictionary(uniqueKeysWithValues: LibraryImport.Entry.Outcome.allCases.map { ($0.rawValue, report.count($0)) })
        otherFiles = report.otherFiles.count
        failures = report.entries.filter { $0.outcome == .failed }.prefix(Self.maxListed).map {
            Failure(part: clean($0.part), member: clean($0.member), reason: clean($0.reason ?? "no reason given"))
        }
        unusedSidecars = report.unusedSidecars.prefix(Self.maxListed).map(clean)
        unusedSidecarCount = report.unusedSidecars.count
        problems = report.problems.prefix(Self.maxListed).map(clean)
        problemCount = report.problems.count
        notes = Array(report.entries.flatMap { entry in entry.notes.map { "\(entry.member): \($0)" } }.prefix(Self.maxListed)).map(clean)
        hasFailures = report.hasFailures
    }

    /// One sentence for the job's own summary.
    var sentence: String {
        let written = outcomes.filter { !["failed", "skipped", "duplicate"].contains($0.key) }.values.reduce(0, +)
        return "\(mediaFiles) media files read, \(written) in the library, \(outcomes["failed"] ?? 0) failed."
    }
}

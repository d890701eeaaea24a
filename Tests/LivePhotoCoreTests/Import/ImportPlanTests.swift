import LivePhotoCore
import MediaFormats
import Testing

/// The import's plan on plain values: what is left out and why, how items are placed and named, and what the report
/// says of every member, with no file read.
@Suite("ImportPlan")
struct ImportPlanTests {
    static func media(_ path: String, _ outcome: ImportPlan.Outcome, size: Int64 = 10) -> ImportPlan.Media {
        ImportPlan.Media(member: ImportMember(part: 0, path: path, size: size), outcome: outcome)
    }

    static func still(_ identifier: String? = nil, seconds: Int64? = 1_704_110_400) -> ImportFileFacts {
        var facts = ImportFileFacts(kind: .still, format: .jpeg)
        facts.identifier = identifier
        facts.ownCaptureSeconds = seconds
        return facts
    }

    @Test("a folder is walked files first, then subfolders, each by name")
    func walkOrder() {
        let paths = ["b/x.jpg", "a.jpg", "a/z.jpg", "a/b/y.jpg", "c.jpg", "a/a.jpg"]
        #expect(paths.sorted(by: ImportMember.walkPrecedes) == ["a.jpg", "c.jpg", "a/a.jpg", "a/z.jpg", "a/b/y.jpg", "b/x.jpg"])
    }

    @Test("a trashed still takes its movie with it; an empty file is skipped with the file it stands in for named")
    func leftOut() {
        var folders = ImportPlan.Folders()
        folders.trashed = [0]
        let media = [
            Self.media("Trash/IMG_1.JPG", .landed(0)), Self.media("Trash/IMG_1.MOV", .landed(1)),
            Self.media("Photos/VID.mp4", .landed(2), size: 0), Self.media("Photos/VID-1.mp4", .landed(3)),
        ]
        var plan = ImportPlan(media: media, sizes: [10, 10, 0, 10], folders: folders, options: ImportPlan.Options(), export: .other)
        var movie = ImportFileFacts(kind: .movie, format: .quicktime)
        movie.identifier = "A"
        movie.ownCaptureSeconds = 1_704_110_400
        plan.group(facts: [0: Self.still("A"), 1: movie, 3: ImportFileFacts(kind: .movie, format: .mp4)]) { _, _, _ in false }
        plan.date(kept: [:])
        let jobs = plan.jobs { _ in [] }
        #expect(jobs.count == 1 && jobs[0].folder == "Undated")
        var results: [Int: ImportPlan.Done] = [:]
        for job in jobs { results[job.number] = plan.done(of: job, written: Set(job.files.map(\.file)), failure: nil) }
        let report = plan.report(
            results: results, partNames: ["Takeout"],
            nonMedia: ImportNonMedia(
                ImportNonMedia.Listing(), usedSidecars: [], albums: [:], usedTables: [], tableReasons: [:], partNames: ["Takeout"],
                export: .other))
        #expect(report.entries.map(\.outcome) == [.skipped, .skipped, .skipped, .written])
        #expect(report.entries[1].reason?.hasPrefix("the other half of a Live Photo in the trash") == true)
        #expect(report.entries[2].reason == "empty (0 bytes): no photo or video to write, a placeholder beside VID-1.mp4")
    }

    @Test("items go by their capture time and take their names once a folder; a duplicate names the copy written")
    func placed() {
        let media = [
            Self.media("DCIM/IMG_1.JPG", .landed(0)), Self.media("DCIM/b/IMG_1.JPG", .landed(1)),
            Self.media("DCIM/c/IMG_1.JPG", .duplicate(of: 0)),
        ]
        var plan = ImportPlan(
            media: media, sizes: [10, 10, 10], folders: ImportPlan.Folders(), options: ImportPlan.Options(), export: .other)
        plan.group(facts: [0: Self.still(), 1: Self.still()]) { _, _, _ in false }
        plan.date(kept: [:])
        let jobs = plan.jobs { folder in folder == "2024/01" ? ["IMG_1.jpg"] : [] }
        #expect(jobs.map { plan.copies(of: $0).copies.map(\.output) } == [["2024/01/IMG_1-2.JPG"], ["2024/01/IMG_1-3.JPG"]])
        var results: [Int: ImportPlan.Done] = [:]
        for job in jobs { results[job.number] = plan.done(of: job, written: Set(job.files.map(\.file)), failure: nil) }
        let report = plan.report(
            results: results, partNames: ["P"],
            nonMedia: ImportNonMedia(
                ImportNonMedia.Listing(), usedSidecars: [], albums: [:], usedTables: [], tableReasons: [:], partNames: ["P"],
                export: .other))
        #expect(report.entries[2].outcome == .duplicate && report.entries[2].duplicateOf == "P: DCIM/IMG_1.JPG")
        #expect(report.entries[2].output == "2024/01/IMG_1-2.JPG")
        #expect(plan.records(of: results[jobs[0].number]!, partNames: ["P"]).count == 2)
    }
}

import Foundation
import TestSupport
import Testing

/// `livephoto takeout` as a user runs it: the summary, JSON lines, and the exit codes a damaged part and a full disk
/// give.
@Suite("the takeout command")
struct TakeoutCommandTests {
    typealias M = TakeoutFixture.Member

    /// A Takeout of one Live Photo (the iPhone sample, numbered by Takeout) and its sidecars, in one zip part.
    func takeout(in ws: Workspace) throws -> String {
        let folder = "\(TakeoutFixture.root)/Photos from 2023"
        return try TakeoutFixture.zip(
            [
                M(path: "\(folder)/IMG_3853(1).HEIC", bytes: try TakeoutFixture.bytes(ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"))),
                M(path: "\(folder)/IMG_3853.MOV", bytes: try TakeoutFixture.bytes(ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV"))),
                M(
                    path: "\(folder)/IMG_3853.HEIC.supplemental-metadata(1).json",
                    bytes: TakeoutFixture.sidecar(title: "IMG_3853.HEIC", time: 1_690_000_000)),
            ], to: ws.file("takeout-001.zip"))
    }

    @Test("a damaged part: exit 6, one JSON line per media file and a summary line, the rest written", .needsSamples)
    func damagedPart() async throws {
        let ws = try Workspace()
        let good = try takeout(in: ws)
        let damaged = try TakeoutFixture.zip(
            [
                M(
                    path: "\(TakeoutFixture.root)/Photos from 2023/IMG_0002.JPG",
                    bytes: try TakeoutFixture.bytes(try await ClipStore.shared.jpeg()), deflated: false)
            ],
            to: ws.file("takeout-002.zip"))
        var bytes = try TakeoutFixture.bytes(damaged)
        bytes[150] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let run = try await LivePhotoCLI.run(["takeout", good, damaged, "--out", ws.file("library"), "--json"])
        #expect(run.status == 6, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.count == run.stdout.split(separator: "\n").count, "a line that is not JSON")
        #expect(lines.count == 4)
        let summary = try #require(lines.last)
        #expect(summary["type"] as? String == "summary" && summary["mediaFiles"] as? Int == 3)
        let outcomes = try #require(summary["outcomes"] as? [String: Int])
        #expect(outcomes["paired-live-photo"] == 2 && outcomes["failed"] == 1)
        let failed = try #require(lines.first { $0["outcome"] as? String == "failed" })
        #expect(failed["part"] as? String == "takeout-002.zip")
        #expect((failed["reason"] as? String)?.contains("CRC") == true)
        #expect(FileManager.default.fileExists(atPath: ws.file("library/2025/01/IMG_3853.HEIC")))

        // The text summary says the same, and what failed.
        let text = try await LivePhotoCLI.run(["takeout", good, damaged, "--out", ws.file("again")])
        #expect(text.status == 6)
        #expect(text.stdout.contains("paired-live-photo") && text.stdout.contains("failed: takeout-002.zip: "))
    }

    @Test("--json: a line for every media file and every other file (memory titles, album metadata…), the counts adding up")
    func everyFileIsALine() async throws {
        let ws = try Workspace()
        let root = TakeoutFixture.root, year = "\(root)/Photos from 2023", album = "\(root)/Summer"
        let jpeg = try TakeoutFixture.bytes(try await ClipStore.shared.jpeg(width: 112, height: 84))
        let members = [
            M(path: "Takeout/archive_browser.html", bytes: Array("<html></html>".utf8)),
            M(path: "\(root)/user-generated-memory-titles.json", bytes: Array(#"[{"title": "A summer to remember"}]"#.utf8)),
            M(path: "\(root)/print-subscriptions.json", bytes: Array(#"{"printSubscriptions": []}"#.utf8)),
            M(path: "\(root)/shared_album_comments.json", bytes: Array(#"[{"text": "Lovely"}]"#.utf8)),
            M(path: "\(year)/IMG_0001.JPG", bytes: jpeg),
            M(path: "\(year)/IMG_0001.JPG.json", bytes: TakeoutFixture.sidecar(title: "IMG_0001.JPG", time: 1_690_000_000)),
            M(path: "\(year)/orphan.jpg.json", bytes: TakeoutFixture.sidecar(title: "orphan.jpg", time: 1_690_000_000)),
            M(path: "\(album)/metadata.json", bytes: TakeoutFixture.album("Summer 2023")),
            M(path: "\(album)/IMG_0001.JPG", bytes: jpeg),
        ]
        let part = try TakeoutFixture.zip(members, to: ws.file("takeout-001.zip"))
        let run = try await LivePhotoCLI.run(["takeout", part, "--out", ws.file("library"), "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.count == run.stdout.split(separator: "\n").count, "a line that is not JSON")
        let media = lines.filter { $0["type"] == nil }, nonMedia = lines.filter { $0["type"] as? String == "non-media" }
        let summary = try #require(lines.last)
        #expect(summary["type"] as? String == "summary")
        #expect(media.count == 2 && nonMedia.count == 6, "\(run.stdout)")
        // Each member of the part is a line, or the sidecar a line names; the summary's counts add up to them all.
        let named =
            media.compactMap { $0["member"] as? String } + media.compactMap { $0["sidecar"] as? String }
            + nonMedia.compactMap { $0["member"] as? String }
        #expect(named.sorted() == members.map(\.path).sorted())
        let (mediaFiles, nonMediaFiles, sidecars) = (
            summary["mediaFiles"] as? Int, summary["nonMediaFiles"] as? Int, summary["sidecarFiles"] as? Int
        )
        #expect(mediaFiles == 2 && nonMediaFiles == 6 && sidecars == 1, "\(summary)")
        let kinds = try #require(summary["nonMedia"] as? [String: Int])
        #expect(kinds["takeout-data"] == 4 && kinds["album-metadata"] == 1 && kinds["unused-sidecar"] == 1, "\(kinds)")
        // Each says its part, and why it was not imported.
        let titles = try #require(nonMedia.first { ($0["member"] as? String)?.hasSuffix("user-generated-memory-titles.json") == true })
        #expect(titles["part"] as? String == "takeout-001.zip" && titles["kind"] as? String == "takeout-data")
        #expect(titles["reason"] as? String == "not a photo or video: Takeout's own data")
        let metadata = try #require(nonMedia.first { ($0["member"] as? String)?.hasSuffix("Summer/metadata.json") == true })
        #expect(metadata["kind"] as? String == "album-metadata" && (metadata["reason"] as? String)?.contains("Summer 2023") == true)
    }

    @Test("a full disk: exit 4, nothing half-written under a real name; the next run finishes", .needsSamples)
    func fullDisk() async throws {
        let ws = try Workspace()
        let part = try takeout(in: ws)
        let out = ws.file("library")
        // A file size limit (with its signal ignored) makes writes past 1 MB fail as a full disk does.
        let script = "trap '' XFSZ; ulimit -f 2048; exec '\(ProjectPaths.executable)' takeout '\(part)' --out '\(out)'"
        let run = try await Tool.run("sh", ["-c", script], check: false)
        #expect(run.status == 4, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("write") || run.stderr.contains("large"), "\(run.stderr)")
        #expect(!run.stderr.contains(".livephoto-takeout"), "the error shows the work folder: \(run.stderr)")
        let left = FileTree.files(under: out).filter { !$0.hasPrefix(".livephoto-takeout/") }
        #expect(left.isEmpty, "\(left)")
        let again = try await LivePhotoCLI.run(["takeout", part, "--out", out])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(FileTree.files(under: out).contains { $0.hasSuffix("2025/01/IMG_3853.MOV") })
    }
}

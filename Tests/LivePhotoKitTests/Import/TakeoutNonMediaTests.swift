import Foundation
import LivePhotoKit
import TestSupport
import Testing

/// Every file of a Takeout is accounted for: each media file by its entry, each sidecar a media file used by that
/// entry's `sidecar`, and every other file as a non-media file, with what it is and why it was not imported.
@Suite("Takeout: files that are not media")
struct TakeoutNonMediaTests {
    typealias M = TakeoutFixture.Member

    /// A Takeout of one photo (in its year folder and an album), its sidecar, and the files Takeout writes beside them.
    static func members() async throws -> [M] {
        let jpeg = try TakeoutFixture.bytes(try await ClipStore.shared.jpeg(width: 120, height: 90))
        let root = TakeoutFixture.root, year = "\(root)/Photos from 2023", album = "\(root)/Summer"
        return [
            M(path: "Takeout/archive_browser.html", bytes: Array("<html></html>".utf8)),
            M(path: "\(root)/user-generated-memory-titles.json", bytes: Array(#"[{"title": "A summer to remember"}]"#.utf8)),
            M(path: "\(root)/print-subscriptions.json", bytes: Array(#"{"printSubscriptions": []}"#.utf8)),
            M(path: "\(root)/shared_album_comments.json", bytes: Array(#"[{"text": "Lovely", "author": "Margot"}]"#.utf8)),
            M(path: "\(year)/IMG_0001.JPG", bytes: jpeg),
            M(
                path: "\(year)/IMG_0001.JPG.supplemental-metadata.json",
                bytes: TakeoutFixture.sidecar(title: "IMG_0001.JPG", time: 1_690_000_000)),
            M(
                path: "\(year)/orphan.jpg.supplemental-metadata.json",
                bytes: TakeoutFixture.sidecar(title: "orphan.jpg", time: 1_690_000_000)),
            M(path: "\(year)/broken.json", bytes: Array("{not json".utf8)),
            M(path: "\(album)/metadata.json", bytes: TakeoutFixture.album("Summer 2023")),
            M(path: "\(album)/IMG_0001.JPG", bytes: jpeg),
        ]
    }

    @Test("memory titles, print orders, comments, album metadata, unused and unreadable JSON: each listed with its part and why")
    func everyFileAccountedFor() async throws {
        let ws = try Workspace()
        let members = try await Self.members()
        let part = try TakeoutFixture.zip(members, to: ws.file("takeout-001.zip"))
        var options = LibraryImport.Options(outputDirectory: ws.file("library"))
        options.jobs = 2
        let report = try await LibraryImport.run([part], options: options)

        // Each file once: a media file's entry, the sidecar it names, or a non-media file.
        #expect(report.entries.count == 2 && report.sidecarFiles == 1 && report.nonMediaFiles.count == 7)
        #expect(report.entries.count + report.sidecarFiles + report.nonMediaFiles.count == members.count)
        let accounted = report.entries.map(\.member) + report.entries.compactMap(\.sidecar) + report.nonMediaFiles.map(\.member)
        #expect(Set(accounted) == Set(members.map(\.path)))
        #expect(report.nonMediaFiles.allSatisfy { $0.part == "takeout-001.zip" })

        func file(_ suffix: String) throws -> LibraryImport.NonMediaFile {
            try #require(report.nonMediaFiles.first { $0.member.hasSuffix(suffix) }, "\(suffix) is not listed")
        }
        for name in ["user-generated-memory-titles.json", "print-subscriptions.json", "shared_album_comments.json", "archive_browser.html"]
        {
            let listed = try file(name)
            #expect(listed.kind == .takeoutData && listed.reason == "not a photo or video: Takeout's own data", "\(listed)")
        }
        let album = try file("Summer/metadata.json")
        #expect(album.kind == .albumMetadata && album.reason.contains("Summer 2023"), "\(album)")
        #expect(try file("orphan.jpg.supplemental-metadata.json").kind == .unusedSidecar)
        let broken = try file("broken.json")
        #expect(broken.kind == .notRead && broken.reason.contains("not a JSON file"), "\(broken)")

        // The lists the summary keeps say the same.
        #expect(report.count(.takeoutData) == 4 && report.count(.albumMetadata) == 1)
        #expect(report.otherFiles.count == 5 && report.otherFiles.contains("takeout-001.zip: \(TakeoutFixture.root)/Summer/metadata.json"))
        #expect(report.unusedSidecars == ["takeout-001.zip: \(TakeoutFixture.root)/Photos from 2023/orphan.jpg.supplemental-metadata.json"])
        #expect(report.problems.contains { $0.contains("broken.json") })
    }
}

import Foundation
import LivePhotoKit
import TestSupport
import Testing

/// The `YYYY/MM/` folder `takeout` writes each item into follows the capture time the file keeps, the one that is its
/// modification time: its own date unless it had none (or the sidecar is preferred), a Live Photo's by its still.
@Suite("Takeout: folders by the date the file keeps")
struct TakeoutFolderTests {
    typealias M = TakeoutFixture.Member

    /// 2021-03-30 08:00:00 UTC, 10:00 in +02:00.
    static let capture = 1_617_091_200
    /// What the sidecars say: 2024-07-15 00:00:00 UTC, years later.
    static let later = 1_721_001_600
    /// 2021-03-31 23:00:00 UTC: 01:00 on 1 April in +02:00.
    static let monthEnd = 1_617_231_600
    /// 2021-03-15 00:00:00 UTC.
    static let midMonth = 1_615_766_400

    /// The UTC `YYYY/MM` of a file's modification time.
    func modifiedMonth(_ path: String) throws -> String {
        let date = try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let parts = calendar.dateComponents([.year, .month], from: date)
        let year = try #require(parts.year), month = try #require(parts.month)
        return String(format: "%04d/%02d", year, month)
    }

    @Test("a photo's and a movie's own dates place them, not the sidecar's years later; a pair goes by its still; names numbered there")
    func folderFollowsTheKeptDate() async throws {
        let ws = try Workspace()
        let folder = "\(TakeoutFixture.root)/Photos from 2024", earlier = "\(TakeoutFixture.root)/Photos from 2021"
        // A photo that keeps its date with its offset.
        let own = try ws.write(try TakeoutFixture.bytes(try await ClipStore.shared.jpeg(width: 160, height: 90)), to: "own.jpg")
        try await Tool.run(
            "exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2021:03:30 10:00:00", "-OffsetTimeOriginal=+02:00", own])
        // A clock without offset (1 April, 01:00) two hours from its sidecar's instant (31 March, 23:00 UTC): that moment.
        let clock = try ws.write(try TakeoutFixture.bytes(try await ClipStore.shared.jpeg(width: 176, height: 90)), to: "clock.jpg")
        try await Tool.run("exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2021:04:01 01:00:00", clock])
        let undated = try await ClipStore.shared.jpeg(width: 208, height: 90)
        // Another IMG_0001.JPG, without a date, in another folder of the Takeout: its sidecar says March 2021.
        let namesake = try await ClipStore.shared.jpeg(width: 240, height: 90)
        // A movie whose headers keep its creation time.
        let movie = ws.file("movie.mp4")
        try await Tool.run(
            "ffmpeg",
            [
                "-v", "error", "-i", try await ClipStore.shared.path(ClipSpec(container: .mp4, seconds: 1)), "-c", "copy",
                "-metadata", "creation_time=2021-03-30T08:00:00Z", movie,
            ])
        // A Live Photo whose still keeps its date and whose movie has none.
        let pairStill = try ws.write(try TakeoutFixture.bytes(try await ClipStore.shared.jpeg(width: 224, height: 126)), to: "pair.jpg")
        try await Tool.run(
            "exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2021:03:30 10:00:00", "-OffsetTimeOriginal=+02:00", pairStill])
        let made = try await LivePhotoMaker.make(
            photo: pairStill, video: try await ClipStore.shared.path(ClipSpec()),
            options: MakeOptions(outputDirectory: ws.file("made"), name: "P"))
        func sidecar(_ name: String, _ time: Int, in place: String? = nil) -> M {
            M(path: "\(place ?? folder)/\(name).supplemental-metadata.json", bytes: TakeoutFixture.sidecar(title: name, time: time))
        }
        let part = try TakeoutFixture.zip(
            [
                M(path: "\(earlier)/IMG_0001.JPG", bytes: try TakeoutFixture.bytes(namesake)),
                sidecar("IMG_0001.JPG", Self.midMonth, in: earlier),
                M(path: "\(folder)/IMG_0001.JPG", bytes: try TakeoutFixture.bytes(own)), sidecar("IMG_0001.JPG", Self.later),
                M(path: "\(folder)/IMG_0002.JPG", bytes: try TakeoutFixture.bytes(clock)), sidecar("IMG_0002.JPG", Self.monthEnd),
                M(path: "\(folder)/IMG_0003.JPG", bytes: try TakeoutFixture.bytes(undated)), sidecar("IMG_0003.JPG", Self.later),
                M(path: "\(folder)/VID_0004.mp4", bytes: try TakeoutFixture.bytes(movie)), sidecar("VID_0004.mp4", Self.later),
                M(path: "\(folder)/IMG_0005.JPG", bytes: try TakeoutFixture.bytes(try #require(made.photo))),
                sidecar("IMG_0005.JPG", Self.later),
                M(path: "\(folder)/IMG_0005.MOV", bytes: try TakeoutFixture.bytes(try #require(made.movie))),
                sidecar("IMG_0005.MOV", Self.later),
            ], to: ws.file("takeout-001.zip"))

        for prefersSidecar in [false, true] {
            let out = ws.file(prefersSidecar ? "preferred" : "library")
            var options = LibraryImport.Options(outputDirectory: out, prefersSidecar: prefersSidecar)
            options.jobs = 2
            let report = try await LibraryImport.run([part], options: options)
            #expect(!report.hasFailures, "\(report.problems)")
            func output(_ name: String) throws -> String {
                let entry = try #require(report.entries.first { $0.member.hasSuffix(name) }, "no entry for \(name)")
                return try #require(entry.output, "\(name): \(entry.outcome) \(entry.reason ?? "")")
            }
            let expected: [String: String] =
                prefersSidecar
                ? [
                    "2021/IMG_0001.JPG": "2021/03/IMG_0001.JPG", "2024/IMG_0001.JPG": "2024/07/IMG_0001.JPG",
                    "IMG_0002.JPG": "2021/03/IMG_0002.JPG", "IMG_0003.JPG": "2024/07/IMG_0003.JPG", "VID_0004.mp4": "2024/07/VID_0004.mp4",
                    "IMG_0005.JPG": "2024/07/IMG_0005.JPG", "IMG_0005.MOV": "2024/07/IMG_0005.MOV",
                ]
                : [
                    // The Exif date in its offset (beside the other IMG_0001 of March 2021: numbered); the clock that is
                    // the sidecar's moment; the sidecar's, for a photo without a date; the movie's creation time; the
                    // pair, both halves, by its still's own date.
                    "2021/IMG_0001.JPG": "2021/03/IMG_0001.JPG", "2024/IMG_0001.JPG": "2021/03/IMG_0001-2.JPG",
                    "IMG_0002.JPG": "2021/03/IMG_0002.JPG", "IMG_0003.JPG": "2024/07/IMG_0003.JPG", "VID_0004.mp4": "2021/03/VID_0004.mp4",
                    "IMG_0005.JPG": "2021/03/IMG_0005.JPG", "IMG_0005.MOV": "2021/03/IMG_0005.MOV",
                ]
            for (name, path) in expected.sorted(by: { $0.key < $1.key }) {
                #expect(try output(name) == path, "\(name), prefersSidecar: \(prefersSidecar)")
            }
            // The folder and the modification time say the same month (a pair's by its still).
            for name in ["2021/IMG_0001.JPG", "2024/IMG_0001.JPG", "IMG_0002.JPG", "IMG_0003.JPG", "VID_0004.mp4", "IMG_0005.JPG"] {
                let path = try output(name)
                #expect(try modifiedMonth("\(out)/\(path)") == String(path.prefix(7)), "\(name), prefersSidecar: \(prefersSidecar)")
            }
            // A rerun finds every file where the first run put it.
            let again = try await LibraryImport.run([part], options: options)
            #expect(again.entries.allSatisfy { $0.outcome == .alreadyWritten }, "\(again.entries.map(\.outcome))")
            for (name, path) in expected { #expect(again.entries.first { $0.member.hasSuffix(name) }?.output == path, "\(name)") }
        }
    }
}

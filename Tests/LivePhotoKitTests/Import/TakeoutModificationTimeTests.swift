import Foundation
import LivePhotoKit
import TestSupport
import Testing

/// The modification time of each file `takeout` writes is the capture time the file keeps: the date that won for its
/// metadata, its own unless it had none (or the sidecar is preferred).
@Suite("Takeout: modification times")
struct TakeoutModificationTimeTests {
    typealias M = TakeoutFixture.Member

    /// 2021-03-30 08:00:00 UTC, 10:00 in +02:00; the sidecars say three days later.
    static let capture = 1_617_091_200
    static let later = capture + 3 * 86_400

    func modificationTime(_ path: String) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date).map { Int($0.timeIntervalSince1970) }
    }

    @Test("a photo's Exif date with its offset and a movie's creation date are the mtimes, not the sidecar's time three days later")
    func ownCaptureTimeIsTheModificationTime() async throws {
        let ws = try Workspace()
        let folder = "\(TakeoutFixture.root)/Photos from 2021"
        // A photo that keeps its date with its offset; one that keeps a clock without offset; one with no date.
        let withOffset = try ws.write(try TakeoutFixture.bytes(try await ClipStore.shared.jpeg(width: 160, height: 90)), to: "offset.jpg")
        try await Tool.run(
            "exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2021:03:30 10:00:00", "-OffsetTimeOriginal=+02:00", withOffset])
        let clockOnly = try ws.write(try TakeoutFixture.bytes(try await ClipStore.shared.jpeg(width: 176, height: 90)), to: "clock.jpg")
        try await Tool.run("exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2021:03:30 10:00:00", clockOnly])
        let clockNear = try ws.write(try TakeoutFixture.bytes(try await ClipStore.shared.jpeg(width: 192, height: 90)), to: "near.jpg")
        try await Tool.run("exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2021:03:30 10:00:00", clockNear])
        let undated = try await ClipStore.shared.jpeg(width: 208, height: 90)
        // A movie whose headers keep its creation time.
        let movie = ws.file("movie.mp4")
        try await Tool.run(
            "ffmpeg",
            [
                "-v", "error", "-i", try await ClipStore.shared.path(ClipSpec(container: .mp4, seconds: 1)), "-c", "copy",
                "-metadata", "creation_time=2021-03-30T08:00:00Z", movie,
            ])
        func sidecar(_ name: String, _ time: Int) -> M {
            M(path: "\(folder)/\(name).supplemental-metadata.json", bytes: TakeoutFixture.sidecar(title: name, time: time))
        }
        let part = try TakeoutFixture.zip(
            [
                M(path: "\(folder)/IMG_0001.JPG", bytes: try TakeoutFixture.bytes(withOffset)), sidecar("IMG_0001.JPG", Self.later),
                M(path: "\(folder)/IMG_0002.JPG", bytes: try TakeoutFixture.bytes(clockOnly)), sidecar("IMG_0002.JPG", Self.later),
                // Its clock is 10:00 in a zone it does not state; the sidecar's 08:00 UTC is that moment.
                M(path: "\(folder)/IMG_0003.JPG", bytes: try TakeoutFixture.bytes(clockNear)), sidecar("IMG_0003.JPG", Self.capture),
                M(path: "\(folder)/IMG_0004.JPG", bytes: try TakeoutFixture.bytes(undated)), sidecar("IMG_0004.JPG", Self.later),
                M(path: "\(folder)/VID_0005.mp4", bytes: try TakeoutFixture.bytes(movie)), sidecar("VID_0005.mp4", Self.later),
            ], to: ws.file("takeout-001.zip"))

        for prefersSidecar in [false, true] {
            let out = ws.file(prefersSidecar ? "preferred" : "library")
            var options = LibraryImport.Options(outputDirectory: out, prefersSidecar: prefersSidecar)
            options.jobs = 2
            let report = try await LibraryImport.run([part], options: options)
            func mtime(_ name: String) throws -> Int? {
                let entry = try #require(report.entries.first { $0.member.hasSuffix(name) }, "no entry for \(name)")
                return try modificationTime("\(out)/\(try #require(entry.output))")
            }
            if prefersSidecar {
                // The sidecar's date was written over each file's own: it is every file's date.
                for name in ["IMG_0001.JPG", "IMG_0002.JPG", "IMG_0004.JPG", "VID_0005.mp4"] {
                    #expect(try mtime(name) == Self.later, "\(name)")
                }
                #expect(try mtime("IMG_0003.JPG") == Self.capture)
            } else {
                #expect(try mtime("IMG_0001.JPG") == Self.capture, "the Exif date in its offset")
                #expect(try mtime("VID_0005.mp4") == Self.capture, "the movie's creation time")
                // A clock without offset three days from the sidecar is another moment: read as UTC.
                #expect(try mtime("IMG_0002.JPG") == Self.capture + 7200)
                #expect(try mtime("IMG_0003.JPG") == Self.capture)
                // A file without a date of its own gets the sidecar's, and it is its date.
                #expect(try mtime("IMG_0004.JPG") == Self.later)
            }
        }
    }
}

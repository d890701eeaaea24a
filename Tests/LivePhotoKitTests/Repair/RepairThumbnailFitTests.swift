import Foundation
import LivePhotoKit
import TestSupport
import Testing

extension RepairTests {
    /// A one-frame `testsrc2` JPEG of `size` at `path`, with the Exif thumbnail ffmpeg makes of it through `filter`.
    func photo(_ path: String, size: String, thumbnail filter: String) async throws {
        let thumbnail = path + ".thumb.jpg"
        defer { try? FileManager.default.removeItem(atPath: thumbnail) }
        _ = try await Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=\(size)", "-frames:v", "1", "-y", path])
        _ = try await Tool.run("ffmpeg", ["-v", "error", "-i", path, "-vf", filter, "-frames:v", "1", "-y", thumbnail])
        _ = try await Tool.run("exiftool", ["-q", "-overwrite_original", "-ThumbnailImage<=\(thumbnail)", path])
        #expect(try await Readers.exiftoolNumbers(path, ["ThumbnailLength"])["ThumbnailLength"] != nil)
    }

    @Test("a 4:3 photo's thumbnail squashed to 160×90 is unlinked; the same shapes letterboxed or pillarboxed are right as they are")
    func squashedThumbnail() async throws {
        let ws = try Workspace()
        let squashed = ws.file("squashed.jpg")
        try await photo(squashed, size: "192x144", thumbnail: "scale=160:90")
        // A 16:9 photo in the Exif standard's 160×120, letterboxed; a 4:3 photo in 160×90, pillarboxed.
        var fine: [String: [UInt8]] = [:]
        for (name, size, filter) in [
            ("letterboxed.jpg", "192x108", "scale=160:90,pad=160:120:0:15:black"),
            ("pillarboxed.jpg", "192x144", "scale=120:90,pad=160:90:20:0:black"),
        ] {
            let path = ws.file(name)
            try await photo(path, size: size, thumbnail: filter)
            fine[path] = try bytes(path)
        }
        let pixels = try await Readers.pixelDigest(squashed)

        let (survey, entries) = try await repair([ws.path])
        #expect(survey.diagnoses.map(\.entry.files) == [[squashed]], "\(survey.diagnoses.map(\.entry))")
        let problem = try #require(survey.diagnoses.first?.entry.problems.first)
        #expect(problem.kind == .thumbnailShape && problem.detail.contains("160×90 for a 192×144 photo"), "\(problem.detail)")
        #expect(entries.map(\.status) == [.mended])
        let tags = try await Readers.exiftoolNumbers(squashed, ["ThumbnailLength", "Warning"])
        #expect(tags["ThumbnailLength"] == nil && tags["Warning"] == nil)
        #expect(try await Readers.pixelDigest(squashed) == pixels)
        for (path, before) in fine { #expect(try bytes(path) == before) }
    }
}

extension RepairTests {
    @Test(
        "a JPEG stored 4032×3024, shown turned by Orientation 6: its stored picture squashed to 160×90 is unlinked, pillarboxed kept"
    )
    func squashedThumbnailOfTurnedPhoto() async throws {
        let ws = try Workspace()
        // The thumbnails are made from the pixels as stored, as a camera or a tool stores them beside a turned photo.
        let squashed = ws.file("squashed.jpg"), pillarboxed = ws.file("pillarboxed.jpg")
        try await photo(squashed, size: "4032x3024", thumbnail: "scale=160:90")
        try await photo(pillarboxed, size: "4032x3024", thumbnail: "scale=120:90,pad=160:90:20:0:black")
        for path in [squashed, pillarboxed] {
            _ = try await Tool.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=6", path])
            #expect(try await Readers.exiftoolNumbers(path, ["Orientation"])["Orientation"] == "6")
        }
        let fine = try bytes(pillarboxed)
        let pixels = try await Readers.pixelDigest(squashed)

        let (survey, entries) = try await repair([ws.path])
        #expect(survey.diagnoses.map(\.entry.files) == [[squashed]], "\(survey.diagnoses.map(\.entry))")
        let problem = try #require(survey.diagnoses.first?.entry.problems.first)
        #expect(problem.kind == .thumbnailShape, "\(problem)")
        #expect(problem.detail.contains("160×90 for a 4032×3024 photo as stored, shown 3024×4032"), "\(problem.detail)")
        #expect(entries.map(\.status) == [.mended])
        let tags = try await Readers.exiftoolNumbers(squashed, ["ThumbnailLength", "Orientation", "Warning"])
        #expect(tags["ThumbnailLength"] == nil && tags["Warning"] == nil && tags["Orientation"] == "6")
        #expect(try await Readers.pixelDigest(squashed) == pixels)
        #expect(try bytes(pillarboxed) == fine)
    }
}

import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

extension RepairTests {
    /// A Live Photo `name` made in `ws` from a clip shown turned by its rotation matrix, the still at 1.5 s: its movie's
    /// identifier and video stream (ffprobe's), checked to carry the rotation.
    static func rotatedLivePhoto(in ws: Workspace, name: String) async throws -> (identifier: String?, video: [String: Any]?) {
        let photo = try await ClipStore.shared.jpeg()
        let clip = try await ClipStore.shared.path(ClipSpec(rotation: 90))
        #expect(try await LivePhotoCLI.run(["make", photo, clip, "--out", ws.path, "--name", name, "--cover", "1.5"]).status == 0)
        let movie = ws.file("\(name).MOV")
        let before = try await Readers.ffprobeStreams(movie).first { $0["codec_type"] as? String == "video" }
        #expect((before?["side_data_list"] as? [[String: Any]])?.contains { $0["rotation"] != nil } == true)
        return (try await Readers.exiftoolMovieIdentifier(movie), before)
    }

    @Test("--bake-rotation bakes a Live Photo movie without its still too: same identifier, the still time of its own track")
    func rotationBakedWithoutStill() async throws {
        let ws = try Workspace()
        let (identifier, before) = try await Self.rotatedLivePhoto(in: ws, name: "IMG_0002")
        try FileManager.default.removeItem(atPath: ws.file("IMG_0002.JPG"))
        let movie = ws.file("IMG_0002.MOV")

        var options = LibraryRepair.Options(jobs: 1)
        options.bakesRotation = true
        let (survey, entries) = try await repair([ws.path], options)
        #expect(survey.diagnoses.first?.entry.problems.map(\.kind) == [.rotation], "\(survey.diagnoses.map(\.entry))")
        #expect(entries.map(\.status) == [.mended], "\(entries)")
        let video = try #require(try await Readers.ffprobeStreams(movie).first { $0["codec_type"] as? String == "video" })
        #expect(video["width"] as? Int == before?["height"] as? Int && video["height"] as? Int == before?["width"] as? Int)
        #expect((video["side_data_list"] as? [[String: Any]])?.contains { $0["rotation"] != nil } != true)
        #expect(try await Readers.exiftoolMovieIdentifier(movie) == identifier)
        let report = await LivePhotoInspector.inspect([movie])
        #expect(abs((report.files.first?.movie?.coverTimeSeconds ?? 0) - 1.5) < 0.04)
        // The movie alone is written: no still appears beside it.
        #expect(try ws.contents() == ["IMG_0002.MOV"])
    }
}

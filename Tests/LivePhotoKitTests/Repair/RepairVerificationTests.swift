import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

extension RepairTests {
    /// A Live Photo made by `make` from the video alone in `folder` (its still the frame at 0.8 s, not the middle one),
    /// then its still-image-time track taken out, as tools that set only the identifiers leave a pair.
    func pairWithoutStillImageTime(in folder: String, wallpaper: Bool) async throws -> (String, String) {
        let clip = try await ClipStore.shared.path(ClipSpec())
        var arguments = ["make", clip, "--out", folder, "--name", "IMG_0005", "--cover", "0.8"]
        if !wallpaper { arguments.append("--no-wallpaper") }
        let made = try await LivePhotoCLI.run(arguments)
        #expect(made.status == 0, "\(made.stderr)")
        let (still, movie) = ("\(folder)/IMG_0005.JPG", "\(folder)/IMG_0005.MOV")
        let file = try RandomAccessFile(path: movie)
        let parsed = try Movie(file: file)
        var rewrite = try MovieRewrite(movie: parsed, fileType: parsed.fileType ?? .quickTime)
        rewrite.keepsOtherTopLevelBoxes = true
        rewrite.droppedTrackIDs = Set(
            parsed.tracks.filter { $0.isTimedMetadata && $0.metadataKeys?.key(named: AppleTimedMetadata.stillImageTimeKey) != nil }
                .map(\.trackID))
        #expect(rewrite.droppedTrackIDs.count == 1)
        try Data(try written(rewrite.layout().pieces, from: file)).write(to: URL(fileURLWithPath: movie))
        #expect(try await Readers.exiftoolMovieIdentifier(movie) == Readers.exiftoolStillIdentifier(still))
        let verify = try await LivePhotoCLI.run(["verify", still, movie])
        #expect(verify.status != 0 && verify.stdout.contains("still-image-time"), "\(verify.stdout)")
        return (still, movie)
    }

    @Test(
        "a pair whose identifiers match but that verify fails (no still-image-time track) gets the track at the still's frame, losslessly")
    func stillImageTimeTrackAdded() async throws {
        let ws = try Workspace()
        let (still, movie) = try await pairWithoutStillImageTime(in: ws.path, wallpaper: true)
        let frames = try await Readers.videoFramemd5(movie)
        let stillBefore = try bytes(still)

        let (survey, entries) = try await repair([ws.path])
        #expect(survey.diagnoses.first?.entry.problems.map(\.kind.rawValue) == ["verify"], "\(survey.diagnoses.map(\.entry))")
        #expect(survey.diagnoses.first?.entry.problems.first?.detail.contains("still-image-time") == true)
        #expect(entries.map(\.status) == [.mended], "\(entries)")
        #expect(try await verifies(still, movie))
        #expect(try await Readers.videoFramemd5(movie) == frames)
        #expect(try bytes(still) == stillBefore)
        // The frame that looks like the still (0.8 s), not the middle one (1.5 s).
        let report = await LivePhotoInspector.inspect([movie])
        #expect(
            abs((report.files.first?.movie?.coverTimeSeconds ?? 0) - 0.8) < 0.02, "\(report.files.first?.movie?.coverTimeSeconds ?? -1)")
        // Mended once: a second run finds nothing.
        #expect(try await LibraryRepair.diagnose([ws.path], options: LibraryRepair.Options(jobs: 1)).diagnoses.isEmpty)
    }

    @Test("--wallpaper: such a pair made without the lock screen's track gets it with the still-image-time track; verify passes")
    func stillImageTimeAndWallpaperTracksAdded() async throws {
        let ws = try Workspace()
        let (still, movie) = try await pairWithoutStillImageTime(in: ws.path, wallpaper: false)
        let frames = try await Readers.videoFramemd5(movie)

        let (survey, entries) = try await repair([ws.path], LibraryRepair.Options(wallpaper: true, jobs: 1))
        #expect(survey.diagnoses.first?.entry.problems.map(\.kind.rawValue) == ["verify", "wallpaper"], "\(survey.diagnoses.map(\.entry))")
        #expect(entries.map(\.status) == [.mended], "\(entries)")
        #expect(try await verifies(still, movie))
        #expect(try await Readers.videoFramemd5(movie) == frames)
        let report = await LivePhotoInspector.inspect([movie])
        #expect(report.files.first?.movie?.wallpaper?.ready == true)
        #expect(try await LibraryRepair.diagnose([ws.path], options: LibraryRepair.Options(wallpaper: true, jobs: 1)).diagnoses.isEmpty)
    }
}

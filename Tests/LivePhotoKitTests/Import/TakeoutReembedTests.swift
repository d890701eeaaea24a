import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// A JPEG Motion Photo whose embedded video was cut off gets its separate video back: an MP4 byte for byte, another
/// movie laid out again as one.
@Suite("Takeout: a lost Motion Photo video embedded again")
struct TakeoutReembedTests {
    typealias M = TakeoutFixture.Member

    /// A Google Motion Photo made from a JPEG of `width`×96 and an MP4, cut in the middle of its video; the video it
    /// held; and the JPEG.
    func cutMotionPhoto(in ws: Workspace, width: Int) async throws -> (cut: [UInt8], video: [UInt8], photo: String) {
        let photo = try await ClipStore.shared.jpeg(width: width, height: 96)
        let made = try await LivePhotoConverter.toMotionPhoto(
            photo: photo, movie: try await ClipStore.shared.path(ClipSpec(container: .mp4, seconds: 2)),
            options: MotionConversionOptions(outputDirectory: ws.file("made-\(width)"), name: "motion", flavor: .google))
        let whole = try TakeoutFixture.bytes(made.output)
        let span = try #require(try MotionPhotoFile(file: RandomAccessFile(path: made.output)).video)
        let video = Array(whole[Int(span.offset)..<Int(span.end)])
        return (Array(whole.prefix(Int(span.offset + span.length / 2))), video, photo)
    }

    /// The embedded video of the Motion Photo at `path`, written to `name` in `ws`.
    func embeddedVideo(_ path: String, in ws: Workspace, as name: String) throws -> String {
        let span = try #require(try MotionPhotoFile(file: RandomAccessFile(path: path)).video)
        let bytes = try TakeoutFixture.bytes(path)
        return try ws.write(Array(bytes[Int(span.offset)..<Int(span.end)]), to: name)
    }

    /// The lengths of the items of the file's XMP `Container:Directory`, as exiftool reads them.
    func directoryLengths(_ path: String) async throws -> [Int] {
        let run = try await Tool.run("exiftool", ["-j", "-n", "-struct", "-MotionPhoto", "-Directory", path])
        let tags = try #require((try JSONSerialization.jsonObject(with: run.stdoutData) as? [[String: Any]])?.first)
        #expect(tags["MotionPhoto"] as? Int == 1, "\(tags)")
        let items = try #require(tags["Directory"] as? [[String: Any]], "\(tags)")
        return items.compactMap { ($0["Item"] as? [String: Any])?["Length"] as? Int }
    }

    @Test("a separate MP4 is embedded byte for byte, a QuickTime movie laid out again as an MP4; exiftool and ffprobe read both")
    func separateVideoEmbeddedAsItIs() async throws {
        let ws = try Workspace()
        let folder = "\(TakeoutFixture.root)/Photos from 2023"
        let pixel = try await cutMotionPhoto(in: ws, width: 128)
        // The separate `.MP` as the camera wrote it (here ffmpeg): an MP4 whose layout a remux changes.
        let cameraMP4 = try TakeoutFixture.bytes(try await ClipStore.shared.path(ClipSpec(container: .mp4, seconds: 2)))
        #expect(cameraMP4 != pixel.video, "the remuxed MP4 is the camera's: the test would prove nothing")
        let mvimg = try await cutMotionPhoto(in: ws, width: 144)
        let mov = try await ClipStore.shared.path(ClipSpec(container: .mov, seconds: 2))
        let pixelName = "PXL_20230101_120000000.MP.jpg", mvimgName = "MVIMG_20230102_120000.jpg"
        let part = try TakeoutFixture.zip(
            [
                M(path: "\(folder)/\(pixelName)", bytes: pixel.cut),
                M(path: "\(folder)/PXL_20230101_120000000.MP", bytes: cameraMP4),
                M(
                    path: "\(folder)/\(TakeoutFixture.sidecarName(for: pixelName))",
                    bytes: TakeoutFixture.sidecar(title: pixelName, time: 1_672_574_400)),
                M(path: "\(folder)/\(mvimgName)", bytes: mvimg.cut),
                M(path: "\(folder)/MVIMG_20230102_120000.mov", bytes: try TakeoutFixture.bytes(mov)),
            ], to: ws.file("takeout-001.zip"))
        let report = try await LibraryImport.run([part], options: LibraryImport.Options(outputDirectory: ws.file("library"), jobs: 2))
        #expect(!report.hasFailures, "\(report.problems) \(report.entries.filter { $0.outcome == .failed })")

        // The MP4 the photo lost is its video again, byte for byte, at the end the XMP directory gives.
        let photo = try #require(report.entries.first { $0.member.hasSuffix(pixelName) })
        let separate = try #require(report.entries.first { $0.member.hasSuffix("PXL_20230101_120000000.MP") })
        #expect(photo.outcome == .written && separate.outcome == .mergedIntoMotionPhoto && separate.output == photo.output)
        let written = ws.file("library/\(try #require(photo.output))")
        let embedded = try embeddedVideo(written, in: ws, as: "embedded.mp4")
        let separateFile = try ws.write(cameraMP4, to: "separate.mp4")
        #expect(try await fileDigest(embedded) == fileDigest(separateFile), "the embedded video is not the separate file's bytes")
        let bytes = try TakeoutFixture.bytes(written)
        #expect(bytes.suffix(cameraMP4.count).elementsEqual(cameraMP4), "the MP4 is not the file's last bytes")
        #expect(photo.notes.contains { $0.contains("byte for byte") }, "\(photo.notes)")
        // exiftool reads a valid Motion Photo whose directory gives the MP4's length; ffprobe reads the video.
        #expect(try await Readers.exiftool(written, ["-validate", "-warning"])["ExifTool:Validate"] == "OK")
        #expect(try await directoryLengths(written) == [0, cameraMP4.count])
        let streams = try await Readers.ffprobeStreams(embedded)
        #expect(streams.contains { $0["codec_type"] as? String == "video" && $0["codec_name"] as? String == "h264" })
        // The photo's image is the one it had, and nothing of the cut video stays before the new one.
        #expect(try await Readers.pixelDigest(written) == Readers.pixelDigest(pixel.photo))
        let inspected = try #require(await LivePhotoInspector.inspect([written]).files.first)
        #expect(inspected.motionPhoto?.videoLength == Int64(cameraMP4.count))

        // A QuickTime movie is not what a Motion Photo holds: it is laid out again as an MP4, its frames the same.
        let other = try #require(report.entries.first { $0.member.hasSuffix(mvimgName) })
        #expect(other.outcome == .written && other.notes.contains { $0.contains("laid out again") }, "\(other.notes)")
        let otherPath = ws.file("library/\(try #require(other.output))")
        let remuxed = try embeddedVideo(otherPath, in: ws, as: "remuxed.mp4")
        #expect(InputFile.kind(of: remuxed) == .mp4)
        #expect(try await Readers.videoFramemd5(remuxed) == Readers.videoFramemd5(mov))
        #expect(try await Readers.exiftool(otherPath, ["-validate", "-warning"])["ExifTool:Validate"] == "OK")
        #expect(try await directoryLengths(otherPath).last == (try TakeoutFixture.bytes(remuxed).count))
    }
}

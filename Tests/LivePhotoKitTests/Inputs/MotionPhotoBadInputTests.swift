import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// Motion Photos that lie: each is a clear error naming the file, and nothing is written.
@Suite("split: bad Motion Photos", .needsSamples)
struct MotionPhotoBadInputTests {
    /// A copy of `sample` with `find` replaced by `replace` (the same length, so only the meaning changes).
    static func patched(_ sample: String, _ find: String, _ replace: String, in ws: Workspace, name: String) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ProjectPaths.sample(sample))))
        let needle = Array(find.utf8), new = Array(replace.utf8)
        precondition(needle.count == new.count)
        let at = try #require((0...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) })
        bytes.replaceSubrange(at..<at + needle.count, with: new)
        return try ws.write(bytes, to: name)
    }

    static func expectFailure(_ path: String, _ words: String, ws: Workspace) async {
        await #expect {
            _ = try await LivePhotoSplitter.split([path], options: SplitOptions(outputDirectory: ws.file("out")))
        } throws: { error in
            guard case .badInput(let file, let reason) = error as? LivePhotoError else { return false }
            return file == path && reason.contains(words)
        }
        #expect((try? ws.contents("out"))?.isEmpty ?? true)
        // inspect describes what it can read (the photo) and lists the problem instead of failing the file.
        let report = await LivePhotoInspector.inspect([path]).files[0]
        #expect(report.error == nil, "\(report.error ?? "")")
        #expect(report.still != nil)
        #expect(report.problems.contains { $0.contains(words) }, "\(report.problems)")
    }

    @Test("malformed XMP")
    func malformedXMP() async throws {
        let ws = try Workspace()
        let path = try Self.patched("libmphoto_motion_photo_v1_synthetic.jpg", "</rdf:Seq>", "</rdf:Sex>", in: ws, name: "bad.jpg")
        await Self.expectFailure(path, "XMP: </rdf:Sex> closes <rdf:Seq>", ws: ws)
    }

    @Test("a directory length past the start of the file")
    func lengthPastEnd() async throws {
        let ws = try Workspace()
        let path = try Self.patched(
            "libmphoto_motion_photo_v1_synthetic.jpg", "Item:Length=\"122562\"", "Item:Length=\"922562\"", in: ws, name: "long.jpg")
        await Self.expectFailure(path, "more than the file holds", ws: ws)
    }

    @Test("a directory length that lands where no MP4 starts (a file cut short)")
    func truncated() async throws {
        let ws = try Workspace()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ProjectPaths.sample("libmphoto_motion_photo_v1_synthetic.jpg"))))
        let path = try ws.write(Array(bytes.dropLast(5000)), to: "cut.jpg")
        await Self.expectFailure(path, "no MP4 starts at byte", ws: ws)
    }

    @Test("a MicroVideoOffset that points at no MP4")
    func microVideoOffset() async throws {
        let ws = try Workspace()
        let path = try Self.patched(
            "libmphoto_microvideo_samsung-remuxed.jpg", "MicroVideoOffset=\"122562\"", "MicroVideoOffset=\"999999\"", in: ws,
            name: "off.jpg")
        await Self.expectFailure(path, "MicroVideoOffset", ws: ws)
    }

    @Test("a HEIC whose XMP says Motion Photo but has no mpvd box")
    func mpvdMissing() async throws {
        let ws = try Workspace()
        let path = try Self.patched("androidx-media_sample_MP.heic", "mpvd", "free", in: ws, name: "nompvd.heic")
        await Self.expectFailure(path, "no 'mpvd' box", ws: ws)
    }

    /// A JPEG, then Samsung's records (the MP4 inside MotionPhoto_Data), then SEFH/SEFT, and no XMP.
    static func samsungJPEG(ws: Workspace, shift: Int64 = 0) async throws -> (path: String, jpeg: [UInt8], mp4: [UInt8]) {
        let jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try await ClipStore.shared.jpeg())))
        let mp4 = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try await ClipStore.shared.path(ClipSpec(container: .mp4)))))
        let bytes = SamsungTrailerBuilder.file(
            prefix: jpeg, records: [(0x0A01, "Image_UTC_Data", Array("1608199394872".utf8)), (0x0A30, "MotionPhoto_Data", mp4)],
            shiftOffsets: shift)
        return (try ws.write(bytes, to: shift == 0 ? "samsung.jpg" : "shifted.jpg"), jpeg, mp4)
    }

    @Test("a Samsung JPEG found by its SEF trailer alone splits; with its offsets outside the file it is refused")
    func samsungTrailer() async throws {
        let ws = try Workspace()
        let (path, jpeg, mp4) = try await Self.samsungJPEG(ws: ws)
        let r = try #require(try await LivePhotoSplitter.split([path], options: SplitOptions(outputDirectory: ws.file("ok"))).first)
        #expect(r.kind == .samsungMotionPhoto && r.videoLocator == .samsungTrailer)
        #expect(await LivePhotoInspector.inspect([path]).files.first?.motionPhoto?.flavor == .samsung)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: r.video))) == mp4)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: r.photo))) == jpeg)
        #expect(r.removed.contains("Samsung trailer"))
        let (shifted, _, _) = try await Self.samsungJPEG(ws: ws, shift: 10_000_000)
        await Self.expectFailure(shifted, "outside the file", ws: ws)
    }
}

import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// What real captures from many phones bend (issue 10): each test is built from a real sample, patched only where
/// a phone we do not have differs from it.
@Suite("real captures", .needsSamples)
struct RealCaptureTests {
    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// A copy of `source` with the one occurrence of `find` replaced by `replace` (the same length).
    static func patched(_ source: String, _ find: [UInt8], _ replace: [UInt8], to path: String) throws -> String {
        var bytes = try Self.bytes(source)
        #expect(find.count == replace.count)
        let starts = (0...(bytes.count - find.count)).filter { bytes[$0] == find[0] && bytes[$0..<$0 + find.count].elementsEqual(find) }
        try #require(starts.count == 1, "\(find) occurs \(starts.count) times")
        bytes.replaceSubrange(starts[0]..<starts[0] + find.count, with: replace)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The primary image's XMP as libheif (pillow-heif) reports it.
    static func primaryXMP(_ path: String) async throws -> String {
        let script = """
            import sys, pillow_heif
            x = pillow_heif.open_heif(sys.argv[1]).info.get("xmp")
            sys.stdout.write(x.decode("utf-8", "replace") if x else "")
            """
        return try await Tool.run(Readers.python, ["-c", script, path]).stdout
    }

    static func item(_ id: UInt32, of path: String) throws -> [UInt8] {
        let file = try RandomAccessFile(path: path)
        return try HEIFFile(file: file).itemData(id, in: file)
    }

    static let iPhoneHEIC = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC")
    static let iPhoneMOV = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")
    /// In the iPhone 15 HEIC, XMP item 64 describes the gain map (cdsc → 63) and item 68 the primary (cdsc → 46, 66).
    static let gainMapXMPItem: UInt32 = 64

    // MARK: 1. The primary image's XMP item

    @Test("--to motion writes into the primary's XMP item; the gain map's stays byte-identical; libheif reads it")
    func primaryXMPItem() async throws {
        let ws = try Workspace()
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: Self.iPhoneHEIC, movie: Self.iPhoneMOV, options: MotionConversionOptions(outputDirectory: ws.path, name: "IMG"))
        let heif = try HEIFFile(file: RandomAccessFile(path: result.output))
        #expect(heif.primaryXMPItem?.id == 68)
        #expect(try Self.item(Self.gainMapXMPItem, of: result.output) == Self.item(Self.gainMapXMPItem, of: Self.iPhoneHEIC))
        let xmp = try await Self.primaryXMP(result.output)
        #expect(xmp.contains("MotionPhoto=\"1\"") || xmp.contains("MotionPhoto>1<"), "\(xmp.prefix(300))")
        #expect(xmp.contains("Container:Directory"))
        await #expect(try !Self.primaryXMP(Self.iPhoneHEIC).contains("MotionPhoto"))
        // Read back through the primary's item only.
        let motion = try MotionPhotoFile(file: RandomAccessFile(path: result.output))
        #expect(motion.xmp?.presentationTimestampUs == 900_000)
        #expect(try await Readers.pixelDigest(result.output) == Readers.pixelDigest(Self.iPhoneHEIC))
    }

    @Test("a HEIC whose only XMP describes the gain map (as iOS 26 writes) gets a new XMP item for the primary")
    func onlyGainMapXMP() async throws {
        let ws = try Workspace()
        // Item 68 (the primary's XMP) made an item of an unknown type, which readers skip: only the gain map's is left.
        let ios26 = try Self.patched(
            Self.iPhoneHEIC, [0x00, 0x44, 0x00, 0x00] + Array("mime".utf8), [0x00, 0x44, 0x00, 0x00] + Array("mimx".utf8),
            to: ws.file("ios26.HEIC"))
        let input = try HEIFFile(file: RandomAccessFile(path: ios26))
        #expect(input.xmpItems.map(\.id) == [Self.gainMapXMPItem])
        #expect(input.primaryXMPItem == nil)
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: ios26, movie: Self.iPhoneMOV, options: MotionConversionOptions(outputDirectory: ws.path, name: "IMG"))
        let output = try HEIFFile(file: RandomAccessFile(path: result.output))
        let added = try #require(output.primaryXMPItem)
        #expect(added.id != Self.gainMapXMPItem)
        #expect(output.references.contains { $0.type == "cdsc" && $0.fromItemID == added.id && $0.toItemIDs == [46] })
        #expect(try Self.item(Self.gainMapXMPItem, of: result.output) == Self.item(Self.gainMapXMPItem, of: ios26))
        await #expect(try Self.primaryXMP(result.output).contains("Container:Directory"))
        #expect(try await Readers.exiftool(result.output, ["-XMP-GCamera:MotionPhoto"])["XMP-GCamera:MotionPhoto"] == "1")
        #expect(try await Readers.pixelDigest(result.output) == Readers.pixelDigest(ios26))
        let split = try #require(
            try await LivePhotoSplitter.split([result.output], options: SplitOptions(outputDirectory: ws.file("s"))).first)
        #expect(abs((split.coverTimeSeconds ?? 0) - 0.9) < 1e-6)
        #expect(
            try Self.bytes(split.video)
                == Array(try Self.bytes(result.output)[Int(result.videoOffset)..<Int(result.videoOffset + result.videoLength)]))
    }

    @Test("inspect and split take Motion Photo properties from the primary's XMP only, never from a gain map's")
    func gainMapXMPIgnored() async throws {
        let ws = try Workspace()
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: Self.iPhoneHEIC, movie: Self.iPhoneMOV, options: MotionConversionOptions(outputDirectory: ws.path, name: "IMG"))
        // iref cdsc 68 → [46, 66] becomes 68 → [63, 63]: the properties now describe the gain map.
        let moved = try Self.patched(
            result.output, Array("cdsc".utf8) + [0x00, 0x44, 0x00, 0x02, 0x00, 0x2E, 0x00, 0x42],
            Array("cdsc".utf8) + [0x00, 0x44, 0x00, 0x02, 0x00, 0x3F, 0x00, 0x3F], to: ws.file("gainmap.heic"))
        let motion = try MotionPhotoFile(file: RandomAccessFile(path: moved))
        #expect(motion.xmp == nil)
        #expect(motion.videoLocator == .mpvdBox)
        let report = await LivePhotoInspector.inspect([moved]).files[0]
        #expect(report.role == .motionPhoto && report.motionPhoto?.coverTimeSeconds == nil)
    }

    @Test("a broken or unknown-version iref leaves the HEIC readable, with no references")
    func brokenItemReferences() async throws {
        let ws = try Workspace()
        // The cdsc from item 68 claims 65535 references.
        let broken = try Self.patched(
            Self.iPhoneHEIC, Array("cdsc".utf8) + [0x00, 0x44, 0x00, 0x02], Array("cdsc".utf8) + [0x00, 0x44, 0xFF, 0xFF],
            to: ws.file("broken.HEIC"))
        let heif = try HEIFFile(file: RandomAccessFile(path: broken))
        #expect(heif.references.isEmpty && heif.primaryXMPItem == nil)
        let report = await LivePhotoInspector.inspect([broken]).files[0]
        #expect(report.error == nil && report.contentIdentifier == "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8")
        #expect(
            try ItemReferenceBox(Atom(type: "iref", data: [2, 0, 0, 0, 0, 0, 0, 12] + Array("cdsc".utf8) + [0, 1, 0, 0])).references.isEmpty
        )
        #expect(throws: (any Error).self) {
            try ItemReferenceBox(Atom(type: "iref", data: [0, 0, 0, 0, 0, 0, 0, 12] + Array("cdsc".utf8) + [0, 1, 0, 9]))
        }
        let good = try ItemReferenceBox(
            Atom(type: "iref", data: [1, 0, 0, 0, 0, 0, 0, 18] + Array("dimg".utf8) + [0, 0, 0, 7, 0, 1, 0, 0, 0, 9])
        ).references
        #expect(good == [ItemReference(type: "dimg", fromItemID: 7, toItemIDs: [9])])
    }

    // MARK: 2. A cover past the last frame

    static let samsung = ProjectPaths.sample("samsung-s22-google-motionphoto-v1_ente.heic")

    @Test("a presentation timestamp past the last frame snaps to the last frame, with a note; -1 means the middle")
    func lateCover() async throws {
        let ws = try Workspace()
        let late = try Self.patched(
            Self.samsung, Array("Us=\"2056590\"".utf8), Array("Us=\"2990844\"".utf8), to: ws.file("late.heic"))
        let result = try await LivePhotoConverter.toLivePhoto(late, options: MakeOptions(outputDirectory: ws.file("a")))
        let movie = try #require(result.movie)
        let frames = try await Readers.packetTimes(movie, stream: 0)
        let last = try #require(frames.last)
        #expect(abs(result.coverTime - last) < 0.0005, "cover \(result.coverTime), last frame \(last)")
        #expect(result.notes.contains { $0.contains("2.991 s") && $0.contains("outside the video") }, "\(result.notes)")
        #expect(await LivePhotoVerifier.verify(photo: try #require(result.photo), movie: movie).passed)

        let unset = try Self.patched(
            Self.samsung, Array("Us=\"2056590\"".utf8), Array("Us=\"-000001\"".utf8), to: ws.file("unset.heic"))
        let middle = try await LivePhotoConverter.toLivePhoto(unset, options: MakeOptions(outputDirectory: ws.file("b")))
        let middleMovie = try #require(middle.movie)
        let durationText = try #require(try await Readers.ffprobeStreams(middleMovie).first?["duration"] as? String)
        let duration = try #require(Double(durationText))
        #expect(abs(middle.coverTime - duration / 2) < 0.04, "cover \(middle.coverTime) of \(duration)")
        #expect(middle.notes.contains { $0.contains("no presentation timestamp") })
    }

    @Test("convert --cover outside the video is an error naming the Motion Photo, never a work file")
    func coverOutsideNamesTheUsersFile() async throws {
        let ws = try Workspace()
        await #expect {
            _ = try await LivePhotoConverter.toLivePhoto(Self.samsung, options: MakeOptions(outputDirectory: ws.path, coverTime: 20))
        } throws: { error in
            let text = (error as? LivePhotoError)?.description ?? ""
            return text.contains("outside the video") && text.contains(Self.samsung) && !text.contains(".livephoto-")
        }
        let cover = try await LivePhotoConverter.toLivePhoto(Self.samsung, options: MakeOptions(outputDirectory: ws.path, coverTime: 0.5))
        #expect(abs(cover.coverTime - 0.5) < 0.02)
        #expect(cover.notes.isEmpty, "\(cover.notes)")
    }

    // MARK: 3. Another maker's MakerNote

    /// A JPEG whose Exif says `Make` Google and holds a MakerNote that is not Apple's, as Pixel photos do.
    static func googleJPEG(ws: Workspace) async throws -> String {
        let plain = try await ClipStore.shared.jpeg()
        let made = ws.file("made.jpg")
        try await Tool.run("exiftool", ["-q", "-Make=Google", "-Model=Pixel 8", "-o", made, plain])
        let file = try RandomAccessFile(path: made)
        let jpeg = try JPEGFile(file: file)
        var tiff = try ExifTIFF(bytes: try #require(try jpeg.exifTIFF(in: file)))
        try tiff.setMakerNote(Array("HDRP\u{2}\u{0}".utf8) + [UInt8](repeating: 0x5A, count: 64))
        let out = ws.file("PXL.jpg")
        try Data(
            try jpeg.headerReplacingExif(with: tiff.bytes, in: file)
                + (try file.read(at: jpeg.scanOffset, count: Int(file.size - jpeg.scanOffset)))
        )
        .write(to: URL(fileURLWithPath: out))
        return out
    }

    @Test(
        "a Pixel photo with Google's MakerNote converts and makes without --force, says so, and passes verify at cover 0; refused when asked"
    )
    func foreignMakerNote() async throws {
        let ws = try Workspace()
        let pixel = try await Self.googleJPEG(ws: ws)
        let clip = try await ClipStore.shared.path(ClipSpec())
        let made = try await LivePhotoMaker.make(photo: pixel, video: clip, options: MakeOptions(outputDirectory: ws.file("made")))
        #expect(made.notes.contains { $0.contains("MakerNote from Google was replaced by Apple's") }, "\(made.notes)")
        var refusing = MakeOptions(outputDirectory: ws.file("m"))
        refusing.refusesForeignMakerNote = true
        await #expect {
            _ = try await LivePhotoMaker.make(photo: pixel, video: clip, options: refusing)
        } throws: { error in
            guard case .refused(_, let reason, .replaceForeignMakerNote) = error as? LivePhotoError else { return false }
            return reason.contains("MakerNote from Google, not Apple's") && !reason.contains("--")
        }
        // A Live movie with its still at 0 s, then a Motion Photo of the Pixel JPEG and it (timestamp 0, as Pixels write).
        let atZero = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: clip, options: MakeOptions(outputDirectory: ws.file("z"), coverTime: 0))
        let motion = try await LivePhotoConverter.toMotionPhoto(
            photo: pixel, movie: try #require(atZero.movie), options: MotionConversionOptions(outputDirectory: ws.file("mp")))
        #expect(motion.presentationTimestampUs == 0)
        #expect(motion.notes == ["the photo was not part of a Live Photo (no content identifier); the movie was"])
        let live = try await LivePhotoConverter.toLivePhoto(motion.output, options: MakeOptions(outputDirectory: ws.file("live")))
        #expect(live.coverTime == 0)
        #expect(live.notes.contains { $0.contains("MakerNote from Google was replaced") }, "\(live.notes)")
        let report = await LivePhotoVerifier.verify(photo: try #require(live.photo), movie: try #require(live.movie))
        let failed = report.checks.filter { !$0.passed && $0.requirement != .informational }
        #expect(report.passed && failed.isEmpty, "\(failed)")
        #expect(try await Readers.pixelDigest(try #require(live.photo)) == Readers.pixelDigest(pixel))
    }

    // MARK: 4. verify and camera originals
}

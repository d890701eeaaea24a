import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// What real captures from many phones bend (issue 10): each test is built from a real sample, patched only where
/// a phone we do not have differs from it.
@Suite("real captures")
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
        "a Pixel photo with Google's MakerNote converts without --force, says so, and passes verify at cover 0; make still asks for --force"
    )
    func foreignMakerNote() async throws {
        let ws = try Workspace()
        let pixel = try await Self.googleJPEG(ws: ws)
        let clip = try await ClipStore.shared.path(ClipSpec())
        await #expect {
            _ = try await LivePhotoMaker.make(photo: pixel, video: clip, options: MakeOptions(outputDirectory: ws.file("m")))
        } throws: { error in
            guard case .refused(_, let reason, .replaceForeignMakerNote) = error as? LivePhotoError else { return false }
            return reason.contains("MakerNote from another camera maker") && !reason.contains("--")
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

    static func recommendedFailures(_ report: VerificationReport) -> [VerificationReport.Check] {
        report.checks.filter { !$0.passed && $0.requirement != .informational }
    }

    @Test("the real iOS 18.2 pair passes every required and recommended check (it has no tref)")
    func realPairPasses() async throws {
        let report = await LivePhotoVerifier.verify(photo: Self.iPhoneHEIC, movie: Self.iPhoneMOV)
        #expect(report.passed)
        #expect(Self.recommendedFailures(report).isEmpty, "\(Self.recommendedFailures(report))")
        let reference = try #require(report.checks.first { $0.id == "still-image-time-reference" })
        #expect(reference.requirement == .informational && !reference.passed)
    }

    @Test("a camera original with its still between two frames (as iOS 14 and 16 wrote) passes; the check says which frames")
    func stillBetweenFrames() async throws {
        let ws = try Workspace()
        // The still-image-time track's empty edit (540 ticks at 600/s = 0.900 s) made 550 (0.917 s), between the
        // frames at 0.900 and 0.933 s.
        let between = try Self.patched(
            Self.iPhoneMOV, [0x00, 0x00, 0x02, 0x1C, 0xFF, 0xFF, 0xFF, 0xFF], [0x00, 0x00, 0x02, 0x26, 0xFF, 0xFF, 0xFF, 0xFF],
            to: ws.file("between.MOV"))
        let report = await LivePhotoVerifier.verify(photo: Self.iPhoneHEIC, movie: between)
        #expect(report.passed)
        #expect(Self.recommendedFailures(report).isEmpty, "\(Self.recommendedFailures(report))")
        let onFrame = try #require(report.checks.first { $0.id == "still-time-on-frame" })
        #expect(onFrame.requirement == .informational && !onFrame.passed)
        #expect(onFrame.detail.contains("0.917 s lies between the frames at 0.900 and 0.933 s"), "\(onFrame.detail)")
        #expect(report.wallpaper?.gates.first { $0.id == "G2" }?.passed == false)
        // make keeps such a camera original's still time as it is.
        let made = try await LivePhotoMaker.make(
            photo: Self.iPhoneHEIC, video: between, options: MakeOptions(outputDirectory: ws.file("o")))
        #expect(made.keptExistingStillTime && abs(made.coverTime - 550.0 / 600) < 1e-6)
    }

    @Test("a broken member of a .pvt.zip is named as inside the zip, never where it was extracted")
    func zipMemberNamed() async throws {
        let ws = try Workspace()
        let clip = try Self.bytes(try await ClipStore.shared.path(ClipSpec()))
        let cut = try ws.write(Array(clip.prefix(200)), to: "cut.mov")
        let zip = ws.file("IMG.pvt.zip")
        try await SplitTests.zip(zip, [("IMG.pvt/IMG.JPG", try await ClipStore.shared.jpeg()), ("IMG.pvt/IMG.MOV", cut)])
        await #expect {
            _ = try await LivePhotoSplitter.split([zip], options: SplitOptions(outputDirectory: ws.file("out")))
        } throws: { error in
            let text = (error as? LivePhotoError)?.description ?? ""
            return text.contains("\(zip)/IMG.MOV") && !text.contains(".livephoto-")
        }
        #expect(try ws.contents("out").isEmpty)
    }

    // MARK: 5. Mismatched pairs

    @Test("a photo and a movie of two different Live Photos are refused by split and convert unless --force")
    func mismatchedPairs() async throws {
        let ws = try Workspace()
        let other = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: try await ClipStore.shared.path(ClipSpec()),
            options: MakeOptions(outputDirectory: ws.file("other"), name: "OTHER"))
        let otherMovie = try #require(other.movie)
        func refused(_ error: any Error) -> Bool {
            guard case .refused(let file?, let reason, .takeMismatchedPartsTogether) = error as? LivePhotoError else { return false }
            return file == Self.iPhoneHEIC && reason.contains("71DCA213-5710-4A6C-BC6D-CE6306AEB8D8")
                && reason.contains(other.identifier.rawValue) && reason.contains(otherMovie)
        }
        await #expect {
            _ = try await LivePhotoSplitter.split([Self.iPhoneHEIC, otherMovie], options: SplitOptions(outputDirectory: ws.file("s")))
        } throws: { refused($0) }
        await #expect {
            _ = try await LivePhotoConverter.toMotionPhoto(
                photo: Self.iPhoneHEIC, movie: otherMovie, options: MotionConversionOptions(outputDirectory: ws.file("m")))
        } throws: { refused($0) }
        #expect(try ws.contents("s").isEmpty && ws.contents("m").isEmpty)

        // --force: each part keeps its own name.
        let forced = try #require(
            try await LivePhotoSplitter.split(
                [Self.iPhoneHEIC, otherMovie], options: SplitOptions(outputDirectory: ws.file("f"), force: true)
            ).first)
        #expect(forced.photo == ws.file("f/iphone_IMG_3853_gwy15.HEIC") && forced.video == ws.file("f/OTHER.MOV"))
        #expect(forced.notes.contains { $0.contains("different Live Photos") })
        let motion = try await LivePhotoConverter.toMotionPhoto(
            photo: Self.iPhoneHEIC, movie: otherMovie, options: MotionConversionOptions(outputDirectory: ws.file("fm"), force: true))
        #expect(motion.notes.contains { $0.contains("different Live Photos") })

        // Two plain files still make a Motion Photo, and the result says neither was a Live Photo.
        let plain = try await LivePhotoConverter.toMotionPhoto(
            photo: try await ClipStore.shared.jpeg(), movie: try await ClipStore.shared.path(ClipSpec()),
            options: MotionConversionOptions(outputDirectory: ws.file("p")))
        #expect(plain.notes == ["neither the photo nor the movie was part of a Live Photo (no content identifier in either)"])
    }

    // MARK: 7. Messages a person understands

    @Test("a movie alone: a Live Photo's takes its photo from beside it, or asks for it; a plain one is not part of a Live Photo")
    func movieAlone() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec())
        await #expect {
            _ = try await LivePhotoSplitter.split([clip], options: SplitOptions(outputDirectory: ws.path))
        } throws: { error in
            guard case .badInput(let file, let reason) = error as? LivePhotoError else { return false }
            return file == clip && reason.contains("not part of a Live Photo") && !reason.contains("give its photo")
        }
        // The iPhone's movie alone in a folder: nothing beside it is its photo.
        let lone = ws.file("lone")
        try FileManager.default.createDirectory(atPath: lone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.iPhoneMOV, toPath: lone + "/IMG.MOV")
        await #expect {
            _ = try await LivePhotoSplitter.split([lone + "/IMG.MOV"], options: SplitOptions(outputDirectory: ws.file("out")))
        } throws: { error in
            guard case .badInput(_, let reason) = error as? LivePhotoError else { return false }
            return reason.contains("no photo beside it carries its identifier or its name") && reason.contains("give its photo too")
        }
        try FileManager.default.removeItem(atPath: lone)
        await #expect {
            _ = try await LivePhotoSplitter.split(
                [try await ClipStore.shared.jpeg(), clip], options: SplitOptions(outputDirectory: ws.path))
        } throws: { error in
            guard case .badInput(_, let reason) = error as? LivePhotoError else { return false }
            return reason.contains("nothing to split")
        }
        await #expect {
            _ = try await LivePhotoConverter.toLivePhoto(Self.iPhoneMOV, options: MakeOptions(outputDirectory: ws.path))
        } throws: { error in
            guard case .badInput(_, let reason) = error as? LivePhotoError else { return false }
            return reason.contains("this is a movie; a Live Photo is made from a Motion Photo")
        }
        #expect(try ws.contents().isEmpty)
    }

    @Test("bytes in messages are hex pairs with what was expected")
    func hexMessages() async throws {
        let ws = try Workspace()
        let fake = try ws.write([0x00, 0x00, 0xD8, 0x41, 0x42, 0x09, 0x08, 0x01, 0x33, 0x44], to: "fake.jpg")
        await #expect {
            _ = try await LivePhotoMaker.make(
                photo: fake, video: try await ClipStore.shared.path(ClipSpec()), options: MakeOptions(outputDirectory: ws.file("o")))
        } throws: { error in
            (error as? LivePhotoError)?.description.contains("found 00 00 D8 41 42 09 08 01, expected FF D8") == true
        }
        let cut = try Self.bytes(ProjectPaths.sample("libmphoto_motion_photo_v1_synthetic.jpg"))
        let path = try ws.write(Array(cut.dropLast(5000)), to: "cut.jpg")
        let problems = await LivePhotoInspector.inspect([path]).files[0].problems
        #expect(
            problems.contains { $0.range(of: #"found ([0-9A-F]{2} ){7}[0-9A-F]{2}, expected"#, options: .regularExpression) != nil },
            "\(problems)")
    }

    // MARK: 8. Vitality keys

    static func keys(_ movie: String) async throws -> [String: String] {
        try await Readers.exiftool(
            movie, ["-Keys:LivePhotoVitalityScore", "-Keys:LivePhotoVitalityScoringVersion", "-Keys:ContentIdentifier"])
    }

    @Test("make writes vitality score 1.0 and scoring version 4, keeping a movie's own")
    func vitalityKeys() async throws {
        let ws = try Workspace()
        let made = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: try await ClipStore.shared.path(ClipSpec()),
            options: MakeOptions(outputDirectory: ws.file("a")))
        let movie = try #require(made.movie)
        let keys = try await Self.keys(movie)
        #expect(keys["Keys:LivePhotoVitalityScore"] == "1" && keys["Keys:LivePhotoVitalityScoringVersion"] == "4", "\(keys)")
        // The bytes real captures have (docs/formats/live-photo.md#movie-metadata): float32 type 23, and an 8-byte type-21 integer.
        let bytes = try Self.bytes(movie)
        func contains(_ needle: [UInt8]) -> Bool {
            (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
        }
        #expect(contains([0x00, 0x00, 0x00, 0x17, 0x00, 0x00, 0x00, 0x00, 0x3F, 0x80, 0x00, 0x00]))
        #expect(contains([0x00, 0x00, 0x00, 0x15, 0x00, 0x00, 0x00, 0x00] + [0, 0, 0, 0, 0, 0, 0, 4]))
        // A movie with its own score keeps it.
        let lower = try Self.patched(
            movie, [0x00, 0x00, 0x00, 0x17, 0x00, 0x00, 0x00, 0x00, 0x3F, 0x80, 0x00, 0x00],
            [0x00, 0x00, 0x00, 0x17, 0x00, 0x00, 0x00, 0x00, 0x3F, 0x00, 0x00, 0x00], to: ws.file("half.MOV"))
        let again = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: lower, options: MakeOptions(outputDirectory: ws.file("b")))
        await #expect(try Self.keys(try #require(again.movie))["Keys:LivePhotoVitalityScore"] == "0.5")
        // A real capture's keys are kept as they are.
        let real = try await LivePhotoMaker.make(
            photo: Self.iPhoneHEIC, video: Self.iPhoneMOV, options: MakeOptions(outputDirectory: ws.file("c")))
        let before = try await Readers.exiftool(Self.iPhoneMOV, ["-Keys:all"]).filter {
            !$0.key.contains("ContentIdentifier") && $0.key != "SourceFile"
        }
        let after = try await Readers.exiftool(try #require(real.movie), ["-Keys:all"]).filter {
            !$0.key.contains("ContentIdentifier") && $0.key != "SourceFile"
        }
        #expect(before == after)
    }

    // MARK: 9. Dates

    static func modificationDate(_ path: String) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    /// Exif, XMP and QuickTime dates as exiftool reads them (the file system's left out).
    static func embeddedDates(_ path: String) async throws -> [String: String] {
        try await Readers.exiftool(path, ["-time:all"]).filter { !$0.key.hasPrefix("System:") && $0.key != "SourceFile" }
    }

    @Test("make, convert and split keep each input's modification time, and never change Exif or QuickTime dates")
    func datesStay() async throws {
        let ws = try Workspace()
        let photoDate = Date(timeIntervalSince1970: 981_173_106), movieDate = Date(timeIntervalSince1970: 981_173_110)
        let photo = ws.file("IMG.HEIC"), movie = ws.file("IMG.MOV")
        try FileManager.default.copyItem(atPath: Self.iPhoneHEIC, toPath: photo)
        try FileManager.default.copyItem(atPath: Self.iPhoneMOV, toPath: movie)
        try FileManager.default.setAttributes([.modificationDate: photoDate], ofItemAtPath: photo)
        try FileManager.default.setAttributes([.modificationDate: movieDate], ofItemAtPath: movie)

        let made = try await LivePhotoMaker.make(photo: photo, video: movie, options: MakeOptions(outputDirectory: ws.file("make")))
        #expect(try Self.modificationDate(try #require(made.photo)) == photoDate)
        #expect(try Self.modificationDate(try #require(made.movie)) == movieDate)
        await #expect(try Self.embeddedDates(try #require(made.photo)) == Self.embeddedDates(photo))
        await #expect(try Self.embeddedDates(try #require(made.movie)) == Self.embeddedDates(movie))

        let zipped = try await LivePhotoMaker.make(
            photo: photo, video: movie, options: MakeOptions(outputDirectory: ws.file("zip"), packaging: .zippedBundle))
        #expect(try Self.modificationDate(try #require(zipped.bundle)) == photoDate)

        let splits = try await LivePhotoSplitter.split([photo, movie], options: SplitOptions(outputDirectory: ws.file("split")))
        let split = try #require(splits.first)
        #expect(try Self.modificationDate(split.photo) == photoDate && Self.modificationDate(split.video) == movieDate)
        // The split movie lost the still-image-time track (and its track dates); every date it kept is unchanged.
        let kept = try await Self.embeddedDates(split.video), original = try await Self.embeddedDates(movie)
        #expect(kept.allSatisfy { original[$0.key] == $0.value } && kept["QuickTime:CreateDate"] != nil, "\(kept)")

        let motion = try await LivePhotoConverter.toMotionPhoto(
            photo: photo, movie: movie, options: MotionConversionOptions(outputDirectory: ws.file("mp")))
        #expect(try Self.modificationDate(motion.output) == photoDate)
        try FileManager.default.setAttributes([.modificationDate: movieDate], ofItemAtPath: motion.output)
        let back = try await LivePhotoConverter.toLivePhoto(motion.output, options: MakeOptions(outputDirectory: ws.file("live")))
        #expect(try Self.modificationDate(try #require(back.photo)) == movieDate)
        #expect(try Self.modificationDate(try #require(back.movie)) == movieDate)
        let parts = try #require(
            try await LivePhotoSplitter.split([motion.output], options: SplitOptions(outputDirectory: ws.file("parts"))).first)
        #expect(try Self.modificationDate(parts.photo) == movieDate && Self.modificationDate(parts.video) == movieDate)
        // The zipped bundle's members keep their dates through split (zip dates have a 2-second resolution).
        let bundle = try #require(zipped.bundle)
        let unzipped = try await LivePhotoSplitter.split([bundle], options: SplitOptions(outputDirectory: ws.file("unzip")))
        let fromZip = try #require(unzipped.first)
        #expect(abs(try Self.modificationDate(fromZip.photo).timeIntervalSince(photoDate)) <= 2)
        #expect(abs(try Self.modificationDate(fromZip.video).timeIntervalSince(movieDate)) <= 2)
    }

    @Test("dates through the other paths: a .pvt folder, a still taken from the video and encoded to HEIC, an export")
    func datesThroughFFmpegSteps() async throws {
        let ws = try Workspace()
        let date = Date(timeIntervalSince1970: 1_000_000_000)
        let clip = ws.file("clip.mov")
        try FileManager.default.copyItem(atPath: try await ClipStore.shared.path(ClipSpec()), toPath: clip)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: clip)
        let alone = try await LivePhotoMaker.make(
            photo: nil, video: clip, options: MakeOptions(outputDirectory: ws.file("a"), packaging: .bundle, photoFormat: .heic))
        let bundle = try #require(alone.bundle)
        #expect(try Self.modificationDate(bundle) == date)
        for name in try FileManager.default.contentsOfDirectory(atPath: bundle) {
            #expect(try Self.modificationDate("\(bundle)/\(name)") == date, "\(name)")
        }
        let exported = try await LivePhotoExporter.export(movie: clip, options: ExportOptions(format: .gif, outputDirectory: ws.file("e")))
        #expect(try Self.modificationDate(exported.output) == date)
    }
}

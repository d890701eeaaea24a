import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

extension RealCaptureTests {
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

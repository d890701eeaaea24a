import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// `takeout` on a Takeout built from real samples and made clips: every media file accounted for, Live Photos paired
/// by identifier, Motion Photos whole, duplicates written once, albums kept, damaged parts reported.
@Suite("Takeout runs")
struct TakeoutRunTests {
    typealias Outcome = LibraryImport.Entry.Outcome

    func run(
        _ scenario: TakeoutScenario, inputs: [String]? = nil, out: String = "library",
        _ change: (inout LibraryImport.Options) -> Void = { _ in }
    )
        async throws -> LibraryImport.Report
    {
        var options = LibraryImport.Options(outputDirectory: scenario.ws.file(out), jobs: 2)
        change(&options)
        return try await LibraryImport.run(inputs ?? scenario.parts + scenario.damagedParts, options: options)
    }

    func entry(_ report: LibraryImport.Report, _ suffix: String) throws -> LibraryImport.Entry {
        try #require(report.entries.first { $0.member.hasSuffix(suffix) }, "no entry for \(suffix)")
    }

    @Test("every media file accounted for; pairs by identifier, Motion Photos whole, duplicates once, albums kept", .needsSamples)
    func wholeTakeout() async throws {
        let scenario = try await TakeoutScenario.make()
        let report = try await run(scenario)
        let out = scenario.ws.file("library")
        // Every media member of every part has one entry, and the outcomes add up.
        // (the part cut short gives the one member it still holds the start of, read from the front and failed)
        #expect(report.entries.count == scenario.mediaCount + 2)
        #expect(Outcome.allCases.map { report.count($0) }.reduce(0, +) == report.entries.count)
        #expect(report.hasFailures)

        // The two Live Photos, numbered crosswise by Takeout, are paired by their identifiers.
        let heic = try entry(report, "Photos from 2023/IMG_0001(1).HEIC"), mov = try entry(report, "Photos from 2023/IMG_0001.MOV")
        #expect(heic.outcome == .pairedLivePhoto && mov.outcome == .pairedLivePhoto)
        // X's still keeps its own date (2025-01-01 11:06:47 +09:00): both halves go by it, not by the sidecar's July 2023.
        #expect(heic.output == "2025/01/IMG_0001.HEIC" && mov.output == "2025/01/IMG_0001.MOV")
        #expect(try await Readers.exiftoolStillIdentifier("\(out)/2025/01/IMG_0001.HEIC") == scenario.identifierX)
        #expect(try await Readers.exiftoolMovieIdentifier("\(out)/2025/01/IMG_0001.MOV") == scenario.identifierX)
        let stillY = try entry(report, "IMG_0001.JPG"), movieY = try entry(report, "IMG_0001(1).MOV")
        #expect(stillY.output == "2023/07/IMG_0001.JPG" && movieY.output == "2023/07/IMG_0001.MOV")
        #expect(try await Readers.exiftoolMovieIdentifier("\(out)/2023/07/IMG_0001.MOV") == scenario.identifierY)
        // A still without a date or place gets its sidecar's, without re-encoding; a movie's own date is kept.
        let yTags = try await Readers.exiftool(
            "\(out)/2023/07/IMG_0001.JPG",
            ["-n", "-DateTimeOriginal", "-OffsetTimeOriginal", "-GPSLatitude", "-GPSLongitude", "-GPSLongitudeRef"])
        #expect(yTags["ExifIFD:DateTimeOriginal"] == "2023:07:22 05:26:40" && yTags["ExifIFD:OffsetTimeOriginal"] == "+00:00")
        #expect(yTags["GPS:GPSLatitude"].flatMap(Double.init).map { abs($0 - 51.5007) < 1e-4 } == true)
        #expect(yTags["GPS:GPSLongitude"].flatMap(Double.init).map { abs($0 - 0.1246) < 1e-4 } == true)
        #expect(yTags["GPS:GPSLongitudeRef"] == "W")
        #expect(stillY.wrote == ["date", "place"])
        #expect(try await Readers.pixelDigest("\(out)/2023/07/IMG_0001.JPG") == Readers.pixelDigest(scenario.madeStill))
        // Its movie had no date: its headers and Apple's creationdate key now carry the still's, as ffprobe reads them.
        let probe = try await Tool.run(
            "ffprobe",
            [
                "-v", "error", "-show_entries", "format_tags=creation_time,com.apple.quicktime.creationdate", "-of", "json",
                "\(out)/2023/07/IMG_0001.MOV",
            ])
        let tags = try #require(
            ((try JSONSerialization.jsonObject(with: probe.stdoutData) as? [String: Any])?["format"] as? [String: Any])?["tags"]
                as? [String: String])
        #expect(tags["creation_time"] == "2023-07-22T05:26:40.000000Z")
        #expect(tags["com.apple.quicktime.creationdate"] == "2023-07-22T05:26:40+0000")
        #expect(movieY.wrote == ["date"])
        #expect(await LivePhotoVerifier.verify(photo: "\(out)/2023/07/IMG_0001.JPG", movie: "\(out)/2023/07/IMG_0001.MOV").passed)
        let verified = await LivePhotoVerifier.verify(photo: "\(out)/2025/01/IMG_0001.HEIC", movie: "\(out)/2025/01/IMG_0001.MOV")
        #expect(verified.passed)
        // The sidecars were found: the cut name, the `(N)` after the cut. The file keeps its own date (2025-01-01
        // 11:06:47 +09:00), which is its modification time and its folder too, not the sidecar's.
        #expect(heic.sidecar?.hasSuffix("IMG_0001.HEIC.supplemental-metadata(1).json") == true)
        let modified = try FileManager.default.attributesOfItem(atPath: "\(out)/2025/01/IMG_0001.HEIC")[.modificationDate] as? Date
        #expect(modified?.timeIntervalSince1970 == 1_735_697_207)

        // The Motion Photo keeps its video; its separate `.MP` is folded in.
        let motion = try entry(report, "PXL_20220101_120000123.MP.jpg"), separate = try entry(report, "PXL_20220101_120000123.MP")
        #expect(motion.outcome == .written && motion.output == "2022/01/PXL_20220101_120000123.MP.jpg")
        #expect(separate.outcome == .mergedIntoMotionPhoto && separate.output == motion.output)
        // Its image and its video are kept (only its metadata gains the date), and its video still plays.
        let keptPath = "\(out)/2022/01/PXL_20220101_120000123.MP.jpg"
        let original = ProjectPaths.sample("libmphoto_motion_photo_v1_synthetic.jpg")
        #expect(try await Readers.pixelDigest(keptPath) == Readers.pixelDigest(original))
        let kept = try TakeoutFixture.bytes(keptPath), originalBytes = try TakeoutFixture.bytes(original)
        #expect(kept.suffix(122_562) == originalBytes.suffix(122_562), "the Motion Photo's video changed")
        let motionTags = try await Readers.exiftool(keptPath, ["-n", "-DateTimeOriginal", "-OffsetTimeOriginal"])
        #expect(motionTags["ExifIFD:DateTimeOriginal"] == "2022:01:01 12:00:00" && motionTags["ExifIFD:OffsetTimeOriginal"] == "+00:00")
        #expect(motion.wrote.contains("date"))
        // The one whose video was gone gets its separate video embedded again, the photo's bytes kept.
        let gone = try entry(report, "PXL_20220202_120000456.MP.jpg"), goneVideo = try entry(report, "PXL_20220202_120000456.MP")
        #expect(gone.outcome == .written && goneVideo.outcome == .mergedIntoMotionPhoto)
        let gonePath = "\(out)/\(try #require(gone.output))"
        let inspected = try #require(await LivePhotoInspector.inspect([gonePath]).files.first)
        let span = try #require(inspected.motionPhoto)
        let written = try TakeoutFixture.bytes(gonePath)
        let start = Int(try #require(span.videoOffset)), length = Int(try #require(span.videoLength))
        let embedded = try scenario.ws.write(Array(written[start..<(start + length)]), to: "embedded.mp4")
        let separateVideo = try scenario.ws.write(scenario.gonePhotoVideo, to: "separate.mp4")
        #expect(try await Readers.videoFramemd5(embedded) == Readers.videoFramemd5(separateVideo))
        #expect(try await fileDigest(embedded) == fileDigest(separateVideo), "the separate MP4 was not embedded as it is")
        #expect(
            try await Readers.pixelDigest(gonePath) == Readers.pixelDigest(ProjectPaths.sample("libmphoto_motion_photo_v1_synthetic.jpg")))

        // Duplicates across parts and albums: written once, the album's links lead to the one copy.
        let dup = try entry(report, "Holiday in Paris/IMG_0001(1).HEIC")
        #expect(dup.outcome == .duplicate && dup.output == heic.output && dup.albums == [TakeoutScenario.album])
        #expect(dup.duplicateOf?.hasSuffix("Photos from 2023/IMG_0001(1).HEIC") == true)
        #expect(try entry(report, "Holiday in Paris/IMG_0001.MOV").outcome == .duplicate)
        let albumFolder = "\(out)/Albums/\(TakeoutScenario.album)"
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "\(albumFolder)/IMG_0001.HEIC") == "../../2025/01/IMG_0001.HEIC")
        let linked = try TakeoutFixture.bytes("\(albumFolder)/IMG_0001.MOV")
        #expect(linked == (try TakeoutFixture.bytes("\(out)/2025/01/IMG_0001.MOV")), "the album's link leads elsewhere")

        // A HEIC named .jpg gets the extension its bytes call for; its own date (2019-03-21, a clock without offset far
        // from its sidecar's September 2020) gives its folder.
        #expect(try entry(report, "disguised.jpg").output == "2019/03/disguised.heic")
        // Trashed: skipped, with why.
        let trash = try entry(report, "Trash/IMG_9999.JPG")
        #expect(trash.outcome == .skipped && trash.reason?.contains("trash") == true)
        // A still and a short video of one stem, with nothing else linking them: two files and a note.
        let maybe = try entry(report, "IMG_5000.JPG")
        #expect(maybe.outcome == .written && maybe.notes.contains { $0.contains("possibly one Motion Photo") })
        // A member that climbs out of the tree, and damaged parts: reported with the part and member, nothing outside.
        let escape = try entry(report, "../escape.jpg")
        #expect(escape.outcome == .failed && escape.part == "takeout-20261127T000000Z-002.zip" && escape.reason?.contains("..") == true)
        #expect(!FileManager.default.fileExists(atPath: scenario.ws.file("escape.jpg")))
        let crc = try entry(report, "IMG_7777.JPG")
        #expect(crc.outcome == .failed && crc.reason?.contains("CRC") == true)
        #expect(report.problems.contains { $0.hasPrefix("takeout-20261127T000000Z-004.zip: ") })
        #expect(report.problems.contains { $0.contains("not-json.json") && $0.contains("not a JSON file") })
        #expect(report.unusedSidecars.contains { $0.hasSuffix("orphan.jpg.supplemental-metadata.json") })
        #expect(report.otherFiles.contains { $0.hasSuffix("archive_browser.html") })
        // No error text shows the run's own work folder.
        for entry in report.entries { #expect(entry.reason?.contains(".livephoto-takeout") != true) }
        // Nothing is left in the work folder but the record of what was written.
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(out)/.livephoto-takeout") == ["written.jsonl"])
    }

    @Test("a second run into the same folder writes nothing again", .needsSamples)
    func resumes() async throws {
        let scenario = try await TakeoutScenario.make()
        let first = try await run(scenario, inputs: scenario.parts)
        let out = scenario.ws.file("library")
        let before = try Self.snapshot(out)
        let second = try await run(scenario, inputs: scenario.parts)
        #expect(try Self.snapshot(out) == before)
        let writtenBefore = first.entries.filter { $0.outcome != .failed && $0.outcome != .skipped }.count
        #expect(second.count(.alreadyWritten) == writtenBefore)
        #expect(second.count(.written) == 0 && second.count(.pairedLivePhoto) == 0)
    }

    @Test("a tgz part and an extracted folder give the library the zips give", .needsSamples)
    func tgzAndFolder() async throws {
        let scenario = try await TakeoutScenario.make()
        _ = try await run(scenario, inputs: scenario.parts, out: "from-zip")
        let folder = try scenario.extracted(to: scenario.ws.file("extracted"))
        _ = try await run(scenario, inputs: [folder], out: "from-folder")
        try await Tool.run("tar", ["czf", scenario.ws.file("takeout.tgz"), "-C", folder, "Takeout"])
        _ = try await run(scenario, inputs: [scenario.ws.file("takeout.tgz")], out: "from-tgz")
        let zip = try Self.snapshot(scenario.ws.file("from-zip"))
        for other in ["from-folder", "from-tgz"] {
            let files = try Self.snapshot(scenario.ws.file(other))
            let differing = Set(files.keys).union(zip.keys).filter { files[$0] != zip[$0] }.sorted()
            #expect(differing.isEmpty, "\(other) differs from the zips' library: \(differing)")
        }
    }

    @Test("--to apple makes a Live Photo of each Motion Photo; --to android a Motion Photo of each Live Photo", .needsSamples)
    func destinations() async throws {
        let scenario = try await TakeoutScenario.make()
        let apple = try await run(scenario, inputs: scenario.parts, out: "apple") { $0.destination = .apple }
        let motion = try entry(apple, "PXL_20220101_120000123.MP.jpg")
        let still = scenario.ws.file("apple/\(try #require(motion.output))")
        let movie = URL(fileURLWithPath: still).deletingPathExtension().path + ".MOV"
        #expect(await LivePhotoVerifier.verify(photo: still, movie: movie).passed)
        let android = try await run(scenario, inputs: scenario.parts, out: "android") { $0.destination = .android }
        let pair = try entry(android, "Photos from 2023/IMG_0001(1).HEIC")
        #expect(pair.output == "2025/01/IMG_0001.HEIC")
        let inspected = try #require(await LivePhotoInspector.inspect([scenario.ws.file("android/2025/01/IMG_0001.HEIC")]).files.first)
        #expect(inspected.motionPhoto != nil)
        #expect(try entry(android, "Photos from 2023/IMG_0001.MOV").output == pair.output)
    }

    @Test("albums as one JSON file, or as copies", .needsSamples)
    func albumModes() async throws {
        let scenario = try await TakeoutScenario.make()
        _ = try await run(scenario, inputs: scenario.parts, out: "json") { $0.albums = .json }
        let data = try Data(contentsOf: URL(fileURLWithPath: scenario.ws.file("json/albums.json")))
        let albums = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(albums.first?["title"] as? String == TakeoutScenario.album)
        #expect((albums.first?["files"] as? [String])?.sorted() == ["2025/01/IMG_0001.HEIC", "2025/01/IMG_0001.MOV"])
        _ = try await run(scenario, inputs: scenario.parts, out: "copies") { $0.albums = .copies }
        let copy = scenario.ws.file("copies/Albums/\(TakeoutScenario.album)/IMG_0001.HEIC")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: copy)) == nil)
        let copied = try TakeoutFixture.bytes(copy)
        #expect(copied == (try TakeoutFixture.bytes(scenario.ws.file("copies/2025/01/IMG_0001.HEIC"))), "the copy differs")
    }

    @Test("a name that is not UTF-8 and a part given twice are reported; the file is written, the part read once")
    func namesAndTwice() async throws {
        let ws = try Workspace()
        let jpeg = try await ClipStore.shared.jpeg()
        // A name in code page 437, without the UTF-8 flag, as old Windows tools write: "café" as 63 61 66 82.
        let part = ws.file("takeout-001.zip")
        let script = """
            import sys, zipfile
            zipfile.ZipInfo._encodeFilenameFlags = lambda self: (self.filename.encode('cp437'), self.flag_bits)
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.write(sys.argv[2], 'Takeout/Google Photos/Photos from 2023/caf\\u00e9.jpg')
            """
        try await Tool.run(Readers.python, ["-c", script, part, jpeg])
        let report = try await LibraryImport.run(
            [part, ws.file("./takeout-001.zip")], options: LibraryImport.Options(outputDirectory: ws.file("library")))
        #expect(report.entries.count == 1)
        let entry = try #require(report.entries.first)
        #expect(entry.member.hasSuffix("café.jpg") && entry.outcome == .written && entry.output == "Undated/café.jpg")
        #expect(report.problems.contains { $0.contains("café.jpg") && $0.contains("not valid UTF-8") })
        #expect(report.problems.contains { $0.contains("given twice") })
        #expect(report.hasFailures)
    }

    @Test("a JPEG cut short gets its date; one whose Exif cannot be read is written as it was, with a note", .needsSamples)
    func stampingNeverLosesAFile() async throws {
        let ws = try Workspace()
        let folder = "\(TakeoutFixture.root)/Photos from 2023"
        let cut = "androidx-media_pixel-motion-photo-jfif-segment-shortened.jpg"
        var damaged = try TakeoutFixture.bytes(try await ClipStore.shared.jpeg())
        // An Exif APP1 whose IFD0 lies past its end, right after SOI.
        let tiff: [UInt8] = Array("Exif".utf8) + [0, 0, 0x49, 0x49, 0x2A, 0x00, 0x00, 0xFF, 0xFF, 0x7F]
        damaged.insert(contentsOf: [0xFF, 0xE1, 0x00, UInt8(tiff.count + 2)] + tiff, at: 2)
        typealias M = TakeoutFixture.Member
        let part = try TakeoutFixture.zip(
            [
                M(path: "\(folder)/\(cut)", bytes: try TakeoutFixture.bytes(ProjectPaths.sample(cut))),
                M(
                    path: "\(folder)/\(TakeoutFixture.sidecarName(for: cut))",
                    bytes: TakeoutFixture.sidecar(title: cut, time: 1_690_000_000, description: "cut short")),
                M(path: "\(folder)/damaged.jpg", bytes: damaged),
                M(path: "\(folder)/damaged.jpg.json", bytes: TakeoutFixture.sidecar(title: "damaged.jpg", time: 1_690_000_000)),
            ], to: ws.file("takeout-001.zip"))
        let report = try await LibraryImport.run([part], options: LibraryImport.Options(outputDirectory: ws.file("library")))
        let shortened = try #require(report.entries.first { $0.member.hasSuffix(cut) })
        #expect(shortened.outcome == .written && shortened.wrote == ["description"])
        let tags = try await Readers.exiftool(
            ws.file("library/\(try #require(shortened.output))"), ["-XMP-dc:Description", "-DateTimeOriginal"])
        #expect(tags["XMP-dc:Description"] == "cut short" && tags["ExifIFD:DateTimeOriginal"] != nil)
        let broken = try #require(report.entries.first { $0.member.hasSuffix("damaged.jpg") })
        #expect(broken.outcome == .written && broken.wrote.isEmpty)
        #expect(broken.notes.contains { $0.contains("could not be written") }, "\(broken.notes)")
        let kept = try TakeoutFixture.bytes(ws.file("library/\(try #require(broken.output))"))
        #expect(kept == damaged, "the file was changed")
    }

    @Test(
        "a conversion that fails writes the files as they came; albums named Archive, untitled and too long; any extension; copies resume",
        .needsSamples)
    func nothingLost() async throws {
        let ws = try Workspace()
        let root = TakeoutFixture.root
        let heic = try TakeoutFixture.bytes(ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"))
        let mov = try TakeoutFixture.bytes(ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV"))
        let jpeg = try TakeoutFixture.bytes(try await ClipStore.shared.jpeg(width: 100, height: 80))
        let longTitle = String(repeating: "写真", count: 60)  // 360 bytes of UTF-8
        typealias M = TakeoutFixture.Member
        let part = try TakeoutFixture.zip(
            [
                M(path: "\(root)/Photos from 2023/IMG_0001.HEIC", bytes: heic),
                M(path: "\(root)/Photos from 2023/IMG_0001.MOV", bytes: mov),
                M(path: "\(root)/Archive/metadata.json", bytes: TakeoutFixture.album("Archive")),
                M(path: "\(root)/Archive/IMG_0001.HEIC", bytes: heic),
                M(path: "\(root)/Sans titre(9)/metadata.json", bytes: TakeoutFixture.album("")),
                M(path: "\(root)/Sans titre(9)/odd.mpo", bytes: jpeg),
                M(path: "\(root)/Long/metadata.json", bytes: TakeoutFixture.album(longTitle)),
                M(path: "\(root)/Long/odd.mpo", bytes: jpeg),
            ], to: ws.file("takeout-001.zip"))
        var options = LibraryImport.Options(outputDirectory: ws.file("library"), destination: .android, flavor: .oppo, albums: .copies)
        options.jobs = 2
        let report = try await LibraryImport.run([part], options: options)
        // OPPO's flavor takes JPEG only: the HEIC pair cannot become one, and is written as it came.
        let still = try #require(report.entries.first { $0.member.hasSuffix("2023/IMG_0001.HEIC") })
        let movie = try #require(report.entries.first { $0.member.hasSuffix("2023/IMG_0001.MOV") })
        #expect(still.outcome == .written && still.output?.hasSuffix("/IMG_0001.HEIC") == true)
        #expect(movie.output?.hasSuffix("/IMG_0001.MOV") == true)
        #expect(still.notes.contains { $0.hasPrefix("written as it came") })
        #expect(report.problems.contains { $0.contains("IMG_0001.HEIC") && $0.contains("written as it came") } && report.hasFailures)
        // A file of any extension is media: this one's bytes are a JPEG's, so it is written as one.
        let odd = try #require(report.entries.first { $0.member.hasSuffix("Sans titre(9)/odd.mpo") })
        #expect(odd.outcome == .written && odd.output == "Undated/odd.jpg")
        // An album titled Archive is an album; an untitled one takes its folder's name; a long title is cut.
        let albums = try FileManager.default.contentsOfDirectory(atPath: ws.file("library/Albums")).sorted()
        #expect(albums.contains("Archive") && albums.contains("Sans titre(9)"), "\(albums)")
        let long = try #require(albums.first { $0.hasPrefix("写真") })
        #expect(long.utf8.count <= 180 && long.utf8.count >= 174)
        // Copies are not made again by a second run.
        let before = try Self.snapshot(ws.file("library"))
        _ = try await LibraryImport.run([part], options: options)
        #expect(try Self.snapshot(ws.file("library")) == before)
    }

    @Test("a library inside the folder it reads is refused, before anything is written", .needsSamples)
    func libraryInsideItsInput() async throws {
        let scenario = try await TakeoutScenario.make()
        let folder = try scenario.extracted(to: scenario.ws.file("extracted"))
        await #expect {
            _ = try await LibraryImport.run([folder], options: LibraryImport.Options(outputDirectory: "\(folder)/library"))
        } throws: { error in
            guard case .refused(_, _, .chooseAnotherOutput)? = error as? LivePhotoError else { return false }
            return true
        }
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/library"))
    }

    @Test(
        "a part cut short (no central directory): the files before the cut are read from the front, sizes in their headers or after their data",
        arguments: [false, true])
    func cutShort(streamed: Bool) async throws {
        let ws = try Workspace()
        let folder = "\(TakeoutFixture.root)/Photos from 2023"
        var photos: [String] = []
        for (index, size) in [(1, 160), (2, 176), (3, 192)] {
            photos.append(try await ClipStore.shared.jpeg(width: size, height: size / 2 + index))
        }
        let whole = ws.file("whole.zip")
        let members = photos.enumerated().map { (name: "\(folder)/IMG_\(String(format: "%04d", $0.offset + 1)).JPG", path: $0.element) }
        try await TakeoutFixture.pythonZip(members, to: whole, streamed: streamed)
        let bytes = try TakeoutFixture.bytes(whole)
        // Cut inside the third member's data: the first two are whole.
        let third = try #require(Self.offsets(of: [0x50, 0x4B, 0x03, 0x04], in: bytes).dropFirst(2).first)
        let cut = try ws.write(Array(bytes.prefix(third + 200)), to: "takeout-001.zip")
        let report = try await LibraryImport.run([cut], options: LibraryImport.Options(outputDirectory: ws.file("library")))
        #expect(report.entries.map(\.outcome) == [.written, .written, .failed], "\(report.entries)")
        #expect(report.entries.last?.reason?.contains("cut short") == true, "\(report.entries.last?.reason ?? "")")
        #expect(report.problems.contains { $0.contains("read from the front") })
        for (index, photo) in photos.prefix(2).enumerated() {
            let written = try TakeoutFixture.bytes(ws.file("library/Undated/IMG_\(String(format: "%04d", index + 1)).JPG"))
            #expect(written == (try TakeoutFixture.bytes(photo)), "IMG_000\(index + 1) differs")
        }
    }

    /// Where `pattern` starts in `bytes`.
    static func offsets(of pattern: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard bytes.count >= pattern.count else { return [] }
        return (0...(bytes.count - pattern.count)).filter { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    /// Every file under `folder` (links as their targets) with a digest of its bytes, the work folder left out.
    static func snapshot(_ folder: String) throws -> [String: String] {
        var files: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [:] }
        for case let relative as String in walker where !relative.hasPrefix(".livephoto-takeout") {
            let path = "\(folder)/\(relative)"
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                files[relative] = "-> \(target)"
            } else if let data = FileManager.default.contents(atPath: path) {
                var crc = CRC32()
                crc.update([UInt8](data))
                files[relative] = "\(data.count) \(crc.value)"
            }
        }
        return files
    }
}

import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

extension MakerFamilyTests {
    /// A vivo pair as phones up to the X200 write it, from docs/formats/makers.md#vivo-two-file-live-photos: `IMG.jpg` with the footer after its EOI,
    /// `IMG.mp4` ending with a `uuid` box (`vivoMediaExtInfo`) holding the footer with the cover's frame index.
    static func vivoPair(_ ws: Workspace, id: String, imageTime: Int, movieID: String? = nil) async throws -> (photo: String, movie: String)
    {
        let image = try bytes(try await ClipStore.shared.jpeg())
        let mp4 = try bytes(try await ClipStore.shared.path(ClipSpec(container: .mp4)))
        let photoFooter = VivoFooter.encoded(
            json: #"{"com.android.camera.livephoto":"\#(id)","version":2200,"takenmodel":"vivo X200","moduleid":"live_photo"}"#,
            pairingID: id)
        let movieID = movieID ?? id
        let movieFooter = VivoFooter.encoded(
            json: #"{"com.android.camera.livephoto":"\#(movieID)","com.android.camera.imageTime":\#(imageTime),"faceInfo":{}}"#,
            pairingID: movieID)
        let box = BoxHeader.encoded("uuid", payloadSize: UInt64(16 + movieFooter.count)) + VivoFooter.userType + movieFooter
        let (photo, movie) = (ws.file("vivo/IMG_20250101_120000.jpg"), ws.file("vivo/IMG_20250101_120000.mp4"))
        try FileManager.default.createDirectory(atPath: ws.file("vivo"), withIntermediateDirectories: true)
        try write(image + photoFooter, photo)
        try write(mp4 + box, movie)
        return (photo, movie)
    }

    @Test(
        "vivo's two files (up to the X200): both named vivo with their pairing id; convert --to live finds the movie and puts the cover on vivo's frame"
    )
    func vivoPairs() async throws {
        let ws = try Workspace()
        let id = "1781689481524ba274bd00000000"
        let (photo, movie) = try await Self.vivoPair(ws, id: id, imageTime: 30)
        let report = await LivePhotoInspector.inspect([photo, movie])
        #expect(report.files.map(\.flavor) == [.vivo, .vivo])
        #expect(report.files.map(\.pairingIdentifier) == [id, id])
        #expect(report.files.allSatisfy { $0.problems.isEmpty }, "\(report.files.map(\.problems))")
        #expect(report.pair?.reason.contains("vivo") == true)
        let made = try await LivePhotoConverter.toLivePhoto(photo, options: MakeOptions(outputDirectory: ws.file("live")))
        #expect(abs(made.coverTime - 1.0) < 0.0005, "frame 30 of a 30 fps movie")
        #expect(made.notes.contains { $0.contains("vivo") })
        let verdict = await LivePhotoVerifier.verify(photo: try #require(made.photo), movie: try #require(made.movie))
        #expect(verdict.passed, "\(verdict.checks.filter { !$0.passed })")
        #expect(try await Readers.videoFramemd5(try #require(made.movie)) == Readers.videoFramemd5(movie))

        // A movie of another pair is never taken; a footer whose JSON does not read is a problem, the photo still a photo.
        let other = try Workspace()
        let (lonely, _) = try await Self.vivoPair(other, id: id, imageTime: 30, movieID: "1781689481524ba274bd00000001")
        await #expect {
            _ = try await LivePhotoConverter.toLivePhoto(lonely, options: MakeOptions(outputDirectory: other.file("live")))
        } throws: { error in
            guard case .badInput(let file, let reason) = error as? LivePhotoError else { return false }
            return file == lonely && reason.contains(id)
        }
        var broken = try Self.bytes(photo)
        if let at = broken.lastIndex(of: UInt8(ascii: "{")) { broken[at] = UInt8(ascii: "[") }
        if let first = broken.indices.first(where: { i in i + 5 <= broken.count && Array(broken[i..<i + 5]) == Array("vivo{".utf8) }) {
            broken[first + 4] = UInt8(ascii: "[")
        }
        let brokenPath = ws.file("broken.jpg")
        try Self.write(broken, brokenPath)
        let brokenReport = try await Self.inspected(brokenPath)
        #expect(brokenReport.error == nil && brokenReport.flavor == nil)
        #expect(brokenReport.problems.contains { $0.contains("vivo") }, "\(brokenReport.problems)")
    }

    @Test(
        "vivo's two files: scan pairs them by pairing id as one Motion Photo item; split gives the photo without its footer and the movie without its box; batches take them"
    )
    func vivoPairScannedAndSplit() async throws {
        let ws = try Workspace()
        let id = "1781689481524ba274bd00000000"
        let (photo, movie) = try await Self.vivoPair(ws, id: id, imageTime: 30)
        // Beside it, a pair whose ids differ (a conflict) and a photo whose movie is not vivo's (each alone).
        let elsewhere = try Workspace()
        let other = try await Self.vivoPair(elsewhere, id: id, imageTime: 3, movieID: "1781689481524ba274bd00000001")
        try FileManager.default.copyItem(atPath: other.photo, toPath: ws.file("vivo/IMG_2.jpg"))
        try FileManager.default.copyItem(atPath: other.movie, toPath: ws.file("vivo/IMG_2.mp4"))
        try FileManager.default.copyItem(atPath: other.photo, toPath: ws.file("vivo/IMG_3.jpg"))
        try FileManager.default.copyItem(
            atPath: try await ClipStore.shared.path(ClipSpec(container: .mp4)), toPath: ws.file("vivo/IMG_3.mp4"))

        let scan = try await LibraryScanner.scan([ws.file("vivo")])
        let pair = try #require(scan.items.first { $0.files.first == photo })
        #expect(pair.kind == .motionPhoto && pair.flavor == .vivoPair && pair.pairedBy == .vivoPairingID)
        #expect(pair.files == [photo, movie] && pair.identifier == id)
        #expect(scan.items.first { $0.files.contains(ws.file("vivo/IMG_2.jpg")) }?.kind == .conflict)
        #expect(
            scan.items.filter { $0.files.first?.contains("IMG_3") == true }.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [
                .plainMovie, .plainPhoto,
            ])

        // split of the photo alone finds the movie; the outputs are a plain JPEG and a plain MP4 with the same frames.
        let split = try #require(
            try await LivePhotoSplitter.split([photo], options: SplitOptions(outputDirectory: ws.file("split"))).first)
        #expect(split.kind == .vivoPair)
        #expect(abs((split.coverTimeSeconds ?? -1) - 1.0) < 0.0005, "vivo's frame 30 at 30 fps")
        #expect(split.removed.contains("photo: vivo footer") && split.removed.contains("movie: vivo footer"), "\(split.removed)")
        let image = try Self.bytes(try await ClipStore.shared.jpeg())
        #expect(try Self.bytes(split.photo) == image, "the photo's bytes up to the footer")
        #expect(split.video.hasSuffix(".mp4"))
        #expect(try await Readers.videoFramemd5(split.video) == Readers.videoFramemd5(movie))
        let plain = await LivePhotoInspector.inspect([split.photo, split.video])
        #expect(plain.files.allSatisfy { $0.pairingIdentifier == nil && $0.flavor == nil }, "\(plain.files.map(\.flavor))")

        // Batches: split and convert --to live take the pair as one item.
        var results: [LibraryBatch.ItemResult] = []
        let summary = await LibraryBatch.run([pair], action: .split, options: BatchOptions(outputRoot: ws.file("batch"))) {
            results.append($0)
        }
        #expect(summary.done == 1, "\(results)")
        let live = await LibraryBatch.run([pair], action: .toLivePhoto(MakeOptions()), options: BatchOptions(outputRoot: ws.file("live"))) {
            results.append($0)
        }
        #expect(live.done == 1, "\(results)")
        let made = try #require(results.last?.outputs)
        #expect(made.count == 2)
        let verdict = await LivePhotoVerifier.verify(photo: made[0], movie: made[1])
        #expect(verdict.passed, "\(verdict.checks.filter { !$0.passed })")
    }

    @Test("--flavor vivo-pair: STEM.jpg and STEM.mp4 with one new pairing id; read back as vivo's, and back to the same Live Photo")
    func vivoPairWritten() async throws {
        let ws = try Workspace()
        let (photo, movie, made) = try await MotionPhotoFlavorTests.jpegLivePhoto(ws)
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: photo, movie: movie, options: MotionConversionOptions(outputDirectory: ws.file("vivo"), flavor: .vivoPair))
        let companion = try #require(result.companion)
        #expect(result.output == ws.file("vivo/IMG.jpg") && companion == ws.file("vivo/IMG.mp4"))
        let report = await LivePhotoInspector.inspect([result.output, companion])
        #expect(report.files.map(\.flavor) == [.vivo, .vivo])
        let ids = report.files.compactMap(\.pairingIdentifier)
        #expect(ids.count == 2 && ids[0] == ids[1] && ids[0].count == 28 && ids[0].hasSuffix("00000000"), "\(ids)")

        // A batch to vivo's pairs, run again, leaves what it wrote: the two files carry one pairing id.
        let item = LibraryItem(kind: .livePhoto, files: [photo, movie], root: PathName.folder(of: photo))
        let action = BatchAction.toMotionPhoto(MotionConversionOptions(flavor: .vivoPair))
        var runs: [LibraryBatch.Summary] = []
        for _ in 0..<2 {
            runs.append(await LibraryBatch.run([item], action: action, options: BatchOptions(outputRoot: ws.file("batch"))) { _ in })
        }
        #expect(runs.map(\.done) == [1, 0] && runs[1].skipped == 1, "\(runs)")
        // The photo's bytes, then the footer; the MP4's own boxes, then the uuid box.
        let written = try Self.bytes(result.output), original = try Self.bytes(photo)
        #expect(Array(written.prefix(original.count)) == original)
        #expect(try await Readers.videoFramemd5(companion) == Readers.videoFramemd5(movie))
        let back = try await LivePhotoConverter.toLivePhoto(result.output, options: MakeOptions(outputDirectory: ws.file("back")))
        #expect(back.identifier == made.identifier)
        #expect(abs(back.coverTime - made.coverTime) < 0.0005)
        let verdict = await LivePhotoVerifier.verify(photo: try #require(back.photo), movie: try #require(back.movie))
        #expect(verdict.passed, "\(verdict.checks.filter { !$0.passed })")
    }

    @Test("--to live of vivo's two files given together, in either order, as of the photo alone; another pair's movie refused")
    func vivoPairBothHalves() async throws {
        let ws = try Workspace()
        let (photo, movie, made) = try await MotionPhotoFlavorTests.jpegLivePhoto(ws)
        let first = try await LivePhotoConverter.toMotionPhoto(
            photo: photo, movie: movie, options: MotionConversionOptions(outputDirectory: ws.file("a"), flavor: .vivoPair))
        let second = try await LivePhotoConverter.toMotionPhoto(
            photo: photo, movie: movie, options: MotionConversionOptions(outputDirectory: ws.file("b"), flavor: .vivoPair))
        let (vivoPhoto, vivoMovie) = (first.output, try #require(first.companion))
        for (index, order) in [[vivoPhoto, vivoMovie], [vivoMovie, vivoPhoto]].enumerated() {
            let back = try await LivePhotoConverter.toLivePhoto(
                order[0], movie: order[1], options: MakeOptions(outputDirectory: ws.file("back\(index)")))
            #expect(back.identifier == made.identifier)
            #expect(back.notes.contains { $0.contains("carries the same pairing id") })
        }
        // The command line takes both halves too.
        let run = try await LivePhotoCLI.run(["convert", "--to", "live", vivoPhoto, vivoMovie, "--out", ws.file("cli")])
        #expect(run.status == 0, "\(run.stderr)")
        // The movie of another pair (its own pairing id): refused, nothing written.
        await #expect {
            _ = try await LivePhotoConverter.toLivePhoto(
                vivoPhoto, movie: try #require(second.companion), options: MakeOptions(outputDirectory: ws.file("mixed")))
        } throws: { error in
            guard case .refused(_, let reason, _)? = error as? LivePhotoError else { return false }
            return reason.contains("pairing id")
        }
        #expect(try ws.contents("mixed").isEmpty)
    }

    @Test(
        "bad input: a LIVE_ number that does not match the MP4, or one larger than the file: a clear error, exit 2's kind, nothing written")
    func badTails() async throws {
        let ws = try Workspace()
        for (name, adjustment) in [("off-by-seven.jpg", 7), ("past-the-start.jpg", 10_000_000)] {
            let (path, _, _) = try await Self.movingPhoto(ws, name: name, tag: "v6_f10", playInfo: "0:300", lengthAdjustment: adjustment)
            let report = try await Self.inspected(path)
            #expect(!report.problems.isEmpty || report.error != nil, "\(name): \(report)")
            await #expect {
                _ = try await LivePhotoSplitter.split([path], options: SplitOptions(outputDirectory: ws.file("out-\(name)")))
            } throws: { error in
                guard case .badInput(let file, let reason) = error as? LivePhotoError else { return false }
                return file == path && reason.contains("LIVE_")
            }
            let out = ws.file("out-\(name)")
            #expect(try !FileManager.default.fileExists(atPath: out) || ws.contents("out-\(name)").isEmpty)
        }
    }

    @Test("livephoto formats: every family, each read, each written but Apple's by convert --to motion")
    func catalog() {
        #expect(Set(PhotoFamily.catalog.map(\.family)) == Set(PhotoFamily.allCases))
        #expect(PhotoFamily.catalog.allSatisfy { $0.read })
        for flavor in MotionConversionOptions.Flavor.allCases {
            #expect(
                PhotoFamily.catalog.contains {
                    $0.write?.contains("--flavor \(flavor.rawValue)") == true || ($0.family == .samsung && flavor == .samsung)
                })
        }
    }
}

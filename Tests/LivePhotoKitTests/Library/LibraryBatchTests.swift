import Foundation
import LivePhotoKit
import TestSupport
import Testing

/// Batches: one action over every item of a library, mirrored, resumable, in shares.
@Suite("library batches")
struct LibraryBatchTests {
    /// `count` Live Photos in an export-like tree (`YYYY/MM/IMG_NNNN.JPG` and `.MOV`), each with its own identifier.
    static func exportTree(_ count: Int, in ws: Workspace) async throws -> [(still: String, movie: String)] {
        var pairs: [(String, String)] = []
        for n in 0..<count {
            let folder = ws.file("library/\(2020 + n % 3)/\(String(format: "%02d", 1 + n % 12))")
            let made = try await LivePhotoMaker.make(
                photo: try await ClipStore.shared.jpeg(), video: try await ClipStore.shared.path(ClipSpec()),
                options: MakeOptions(outputDirectory: folder, name: String(format: "IMG_%04d", n), wallpaper: .off))
            pairs.append((try #require(made.photo), try #require(made.movie)))
        }
        return pairs
    }

    /// Runs `action` on the library's items and returns the summary and the results by item.
    static func run(
        _ action: BatchAction, in ws: Workspace, out: String, force: Bool = false, dryRun: Bool = false, shard: Shard? = nil, jobs: Int = 2
    ) async throws -> (summary: LibraryBatch.Summary, results: [String: LibraryBatch.ItemResult]) {
        let scan = try await LibraryScanner.scan([ws.file("library")])
        var results: [String: LibraryBatch.ItemResult] = [:]
        let summary = await LibraryBatch.run(
            scan.items, action: action, options: BatchOptions(outputRoot: out, jobs: jobs, force: force, dryRun: dryRun, shard: shard)
        ) { result in
            results[result.item] = result
        }
        return (summary, results)
    }

    @Test("an export-like tree to Motion Photos and back, mirrored; a rerun skips what holds; a damaged output fails; --force redoes")
    func mirroredAndResumed() async throws {
        let ws = try Workspace()
        let pairs = try await Self.exportTree(4, in: ws)
        _ = try ws.write(Array("not a photo".utf8), to: "library/2020/01/broken.jpg")
        let out = ws.file("android")

        let first = try await Self.run(.toMotionPhoto(MotionConversionOptions()), in: ws, out: out)
        #expect(first.summary.items == 4 && first.summary.done == 4 && first.summary.failed == 0 && first.summary.leftAlone == 1)
        let expected = pairs.map { pair in
            pair.still.replacingOccurrences(of: ws.file("library"), with: out).replacingOccurrences(of: ".JPG", with: ".MP.jpg")
        }
        #expect(FileTree.files(under: out) == expected.map { String($0.dropFirst(out.count + 1)) }.sorted())
        for output in expected {
            let report = await LivePhotoInspector.inspect([output])
            #expect(report.files.first?.motionPhoto?.videoLocator != nil, "\(output)")
            #expect(try await Readers.exiftool(output, ["-XMP-GCamera:MotionPhoto"])["XMP-GCamera:MotionPhoto"] == "1")
        }

        let again = try await Self.run(.toMotionPhoto(MotionConversionOptions()), in: ws, out: out)
        #expect(again.summary.skipped == 4 && again.summary.done == 0)

        // An output cut short is not taken for a result, and not replaced without force.
        let cut = expected[1]
        let bytes = try Data(contentsOf: URL(fileURLWithPath: cut))
        try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: cut))
        let damaged = try await Self.run(.toMotionPhoto(MotionConversionOptions()), in: ws, out: out)
        #expect(damaged.summary.failed == 1 && damaged.summary.skipped == 3)
        #expect(damaged.results.values.first { $0.status == .failed }?.reason?.contains("do not hold") == true)
        let forced = try await Self.run(.toMotionPhoto(MotionConversionOptions()), in: ws, out: out, force: true)
        #expect(forced.summary.done == 4)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cut)) == bytes)

        // Back to Live Photos: every pair verifies; one left half-written (its movie missing) is redone.
        let live = ws.file("iphone")
        try FileManager.default.createDirectory(atPath: ws.file("library/android"), withIntermediateDirectories: true)
        for output in expected {
            try FileManager.default.copyItem(
                atPath: output, toPath: ws.file("library/android/\(URL(fileURLWithPath: output).lastPathComponent)"))
        }
        let back = try await Self.run(.toLivePhoto(MakeOptions()), in: ws, out: live)
        #expect(back.summary.items == 4 && back.summary.done == 4)
        let movie = "\(live)/android/IMG_0002.MOV"
        #expect(await LivePhotoVerifier.verify(photo: "\(live)/android/IMG_0002.JPG", movie: movie).passed)
        try FileManager.default.removeItem(atPath: movie)
        let redone = try await Self.run(.toLivePhoto(MakeOptions()), in: ws, out: live)
        #expect(redone.summary.done == 1 && redone.summary.skipped == 3)
        #expect(await LivePhotoVerifier.verify(photo: "\(live)/android/IMG_0002.JPG", movie: movie).passed)
        #expect(!FileTree.files(under: ws.path).contains { $0.contains(".livephoto-") })
    }

    @Test("--dry-run lists the outputs and writes nothing; verify and split over folders")
    func dryRunVerifySplit() async throws {
        let ws = try Workspace()
        let pairs = try await Self.exportTree(2, in: ws)
        try FileManager.default.removeItem(atPath: pairs[1].movie)
        let planned = try await Self.run(.split, in: ws, out: ws.file("plain"), dryRun: true)
        #expect(planned.summary.planned == 1 && !FileManager.default.fileExists(atPath: ws.file("plain")))
        #expect(planned.results.values.first?.outputs == [ws.file("plain/2020/01/IMG_0000.JPG"), ws.file("plain/2020/01/IMG_0000.MOV")])
        let verified = try await Self.run(.verify, in: ws, out: ws.file("unused"))
        #expect(verified.summary.done == 1 && verified.summary.failed == 1)
        #expect(verified.results["2021/02/IMG_0001.JPG"]?.reason?.hasSuffix("its movie was not found") == true)
        let split = try await Self.run(.split, in: ws, out: ws.file("plain"))
        #expect(split.summary.done == 1)
        #expect(try await Readers.exiftoolStillIdentifier(ws.file("plain/2020/01/IMG_0000.JPG")) == nil)
    }

    @Test("shares: together they write exactly what one run writes, no item twice; new files move no item to another share")
    func shares() async throws {
        let ws = try Workspace()
        _ = try await Self.exportTree(12, in: ws)
        let whole = try await Self.run(.toMotionPhoto(MotionConversionOptions()), in: ws, out: ws.file("whole"))
        #expect(whole.summary.done == 12)
        var shareOf: [String: Int] = [:]
        for index in 0..<3 {
            let share = try await Self.run(
                .toMotionPhoto(MotionConversionOptions()), in: ws, out: ws.file("shares"), shard: Shard(index: index, count: 3))
            #expect(share.summary.failed == 0 && share.summary.skipped == 0 && share.summary.leftAlone == 12 - share.summary.items)
            for item in share.results.keys {
                #expect(shareOf[item] == nil, "\(item) is in two shares")
                shareOf[item] = index
            }
        }
        #expect(shareOf.count == 12 && Set(shareOf.values).count == 3)
        let wholeFiles = FileTree.files(under: ws.file("whole")), sharedFiles = FileTree.files(under: ws.file("shares"))
        #expect(wholeFiles == sharedFiles && wholeFiles.count == 12)
        for file in wholeFiles {
            #expect(try await fileDigest(ws.file("whole/\(file)")) == fileDigest(ws.file("shares/\(file)")))
        }

        // More files: the items already there stay in their shares.
        for n in 0..<6 {
            let folder = ws.file("library/new/\(n)")
            _ = try await LivePhotoMaker.make(
                photo: try await ClipStore.shared.jpeg(), video: try await ClipStore.shared.path(ClipSpec()),
                options: MakeOptions(outputDirectory: folder, name: "IMG_\(n)", wallpaper: .off))
        }
        for index in 0..<3 {
            let share = try await Self.run(
                .toMotionPhoto(MotionConversionOptions()), in: ws, out: ws.file("shares"), dryRun: true,
                shard: Shard(index: index, count: 3))
            for item in share.results.keys where shareOf[item] != nil { #expect(shareOf[item] == index, "\(item) moved") }
        }
    }

    @Test("a damaged file in a batch of 100 fails alone, named with its reason; the 99 others are written")
    func damagedAmongHundred() async throws {
        let ws = try Workspace()
        let pairs = try await Self.exportTree(100, in: ws)
        // Headers intact (the scan pairs it), but a chunk offset points past the end of the file.
        let broken = pairs[37].movie
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: broken)))
        let stco = try #require((0..<bytes.count - 16).first { bytes[$0..<$0 + 4] == [0x73, 0x74, 0x63, 0x6F] })
        bytes.replaceSubrange(stco + 12..<stco + 16, with: [0x7F, 0xFF, 0xFF, 0x00])
        try Data(bytes).write(to: URL(fileURLWithPath: broken))

        let run = try await Self.run(.toMotionPhoto(MotionConversionOptions()), in: ws, out: ws.file("out"), jobs: 4)
        #expect(run.summary.items == 100 && run.summary.done == 99 && run.summary.failed == 1)
        let failed = try #require(run.results.values.first { $0.status == .failed })
        #expect(failed.inputs == [pairs[37].still, broken])
        #expect(failed.reason?.contains(broken) == true && failed.reason?.contains("outside every 'mdat'") == true)
        #expect(FileTree.files(under: ws.file("out")).count == 99)
        #expect(!FileTree.files(under: ws.file("out")).contains { $0.contains(".livephoto-") })
    }

    @Test("a file of the user's at an output's name is never replaced without --force; a malformed item fails alone")
    func userFilesKept() async throws {
        let ws = try Workspace()
        let pairs = try await Self.exportTree(2, in: ws)
        // Split into the library itself: IMG_0000's plain movie would take the name of a file the user put there.
        let userFile = ws.file("library/2020/01/IMG_0000.mov")
        try FileManager.default.moveItem(atPath: pairs[0].movie, toPath: ws.file("library/2020/01/IMG_0000 (1).MOV"))
        _ = try ws.write(Array("the user's notes".utf8), to: "library/2020/01/IMG_0000.mov")
        let scan = try await LibraryScanner.scan([ws.file("library")])
        var results: [String: LibraryBatch.ItemResult] = [:]
        var items = scan.items
        // An item of one file whose name is the first of a whole item's: both report under that name, in either order.
        items.append(LibraryItem(kind: .livePhoto, files: [pairs[1].still], root: ws.file("library")))
        var reasons: [String: [String?]] = [:]
        let summary = await LibraryBatch.run(items, action: .split, options: BatchOptions(outputRoot: ws.file("plain"))) {
            results[$0.item] = $0
            reasons[$0.item, default: []].append($0.reason)
        }
        #expect(summary.done == 2 && summary.failed == 1)
        #expect(reasons["2021/02/IMG_0001.JPG"]?.contains("a live-photo item needs 2 files; this one has 1") == true)
        // Into a folder where the user's file has an output's name, and the other output is missing: refused.
        try FileManager.default.createDirectory(atPath: ws.file("again/2020/01"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: userFile, toPath: ws.file("again/2020/01/IMG_0000.MOV"))
        let again = await LibraryBatch.run(scan.items, action: .split, options: BatchOptions(outputRoot: ws.file("again"))) {
            results[$0.item] = $0
        }
        #expect(again.failed == 1 && again.done == 1)
        #expect(results["2020/01/IMG_0000.JPG"]?.reason?.contains("was not written from this item") == true)
        #expect(try String(contentsOfFile: ws.file("again/2020/01/IMG_0000.MOV"), encoding: .utf8) == "the user's notes")
        let forced = await LibraryBatch.run(
            scan.items, action: .split, options: BatchOptions(outputRoot: ws.file("again"), force: true)
        ) { _ in }
        #expect(forced.done == 2)
    }
}

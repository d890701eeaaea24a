import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The commands over folders, as a user runs them: exit codes, JSON lines, `--from`, and a batch killed with
/// SIGKILL, then run again.
@Suite("the livephoto command over folders")
struct BatchCommandTests {
    func livephoto(_ arguments: [String], environment: [String: String] = [:]) async throws -> ToolResult {
        try await LivePhotoCLI.run(arguments, environment: environment)
    }

    @Test("a damaged file in the folders is listed by name and reason, in text and in --json, as scan lists it")
    func damagedInputsListed() async throws {
        let ws = try Workspace()
        let photo = try await ClipStore.shared.jpeg(), clip = try await ClipStore.shared.path(ClipSpec())
        #expect(try await livephoto(["make", photo, clip, "--out", ws.file("library"), "--name", "IMG_0001"]).status == 0)
        _ = try ws.write(Array("not a photo at all".utf8), to: "library/broken.jpg")
        let json = try await livephoto(["convert", "--to", "motion", ws.file("library"), "--out", ws.file("out"), "--json", "--no-index"])
        #expect(json.status == 0, "\(json.stderr)")
        let lines = json.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let damaged = try #require(lines.first { $0["status"] as? String == "damaged" }, "\(json.stdout)")
        #expect(damaged["item"] as? String == "broken.jpg" && damaged["kind"] as? String == "damaged")
        #expect((damaged["reason"] as? String)?.isEmpty == false)
        #expect(lines.contains { $0["status"] as? String == "done" })
        let text = try await livephoto(["convert", "--to", "motion", ws.file("library"), "--out", ws.file("out2"), "--no-index"])
        #expect(text.stderr.contains("damaged  broken.jpg: ") && text.stderr.contains("1 of them damaged, listed above"), "\(text.stderr)")
    }

    @Test("a failed item: exit 6, one JSON line per item, the others written; --from reads a scan's lines, from a file or '-'")
    func failuresAndFrom() async throws {
        let ws = try Workspace()
        let photo = try await ClipStore.shared.jpeg(), clip = try await ClipStore.shared.path(ClipSpec())
        for name in ["IMG_0001", "IMG_0002"] {
            #expect(try await livephoto(["make", photo, clip, "--out", ws.file("library/\(name.suffix(1))"), "--name", name]).status == 0)
        }
        let broken = ws.file("library/2/IMG_0002.MOV")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: broken)))
        let stco = try #require((0..<bytes.count - 16).first { bytes[$0..<$0 + 4] == [0x73, 0x74, 0x63, 0x6F] })
        bytes.replaceSubrange(stco + 12..<stco + 16, with: [0x7F, 0xFF, 0xFF, 0x00])
        try Data(bytes).write(to: URL(fileURLWithPath: broken))

        let run = try await livephoto(["convert", "--to", "motion", ws.file("library"), "--out", ws.file("out"), "--json", "--no-index"])
        #expect(run.status == 6, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.count == 2)
        let byItem = Dictionary(uniqueKeysWithValues: lines.map { ($0["item"] as? String ?? "", $0) })
        #expect(byItem["1/IMG_0001.JPG"]?["status"] as? String == "done")
        #expect(byItem["1/IMG_0001.JPG"]?["outputs"] as? [String] == [ws.file("out/1/IMG_0001.MP.jpg")])
        #expect(byItem["2/IMG_0002.JPG"]?["status"] as? String == "failed")
        #expect((byItem["2/IMG_0002.JPG"]?["reason"] as? String)?.contains("outside every 'mdat'") == true)
        #expect(FileTree.files(under: ws.file("out")) == ["1/IMG_0001.MP.jpg"])

        // Text: the failure named on standard error, and the counts.
        let text = try await livephoto(["convert", "--to", "motion", ws.file("library"), "--out", ws.file("out"), "--no-index"])
        #expect(text.status == 6)
        #expect(text.stderr.contains("failed   2/IMG_0002.JPG: \(broken):"))
        #expect(text.stderr.contains("2 items: 0 done, 1 skipped (their outputs are there), 1 failed"))

        // A scan's JSON lines, filtered by the user, drive the batch.
        let scan = try await livephoto(["scan", "--json", "--no-index", ws.file("library")])
        let first = try #require(scan.stdout.split(separator: "\n").first { $0.contains("IMG_0001") })
        _ = try ws.write(Array((first + "\n").utf8), to: "items.jsonl")
        let fromFile = try await livephoto(["split", "--from", ws.file("items.jsonl"), "--out", ws.file("plain"), "--json"])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(FileTree.files(under: ws.file("plain")) == ["1/IMG_0001.JPG", "1/IMG_0001.MOV"])
        let piped = try await Tool.run(
            "bash",
            [
                "-c", "\"$0\" split --from - --out \"$1\" --dry-run < \"$2\"", ProjectPaths.executable, ws.file("p2"),
                ws.file("items.jsonl"),
            ],
            check: false)
        #expect(piped.status == 0 && piped.stderr.contains("would write \(ws.file("p2/1/IMG_0001.JPG"))"), "\(piped.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ws.file("p2")))
        _ = try ws.write(Array("{\"not\": \"an item\"}\n".utf8), to: "bad.jsonl")
        let bad = try await livephoto(["split", "--from", ws.file("bad.jsonl"), "--out", ws.file("p3")])
        #expect(bad.status == 64 && bad.stderr.contains("line 1: not an item of scan --json"))
        #expect(try await livephoto(["split", ws.file("library"), "--shard", "3/3"]).status == 64)
        #expect(try await livephoto(["split", photo, clip, "--jobs", "2"]).status == 64)
    }

    @Test("kill -9 in the middle of a batch leaves no partial file; the rerun skips what was done and finishes", .timeLimit(.minutes(10)))
    func killedAndResumed() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec())
        try FileManager.default.createDirectory(atPath: ws.file("library/b"), withIntermediateDirectories: true)
        try SparseMovie.write(from: clip, to: ws.file("library/b/big.mov"), gap: 1 << 30)
        for (folder, name) in [("a", "one.mov"), ("c", "two.mov")] {
            try FileManager.default.createDirectory(atPath: ws.file("library/\(folder)"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: clip, toPath: ws.file("library/\(folder)/\(name)"))
        }
        let out = ws.file("out")
        let arguments = ["make", ws.file("library"), "--out", out, "--jobs", "1", "--no-index"]
        // Copied by read and write, the big movie (1 GiB, most of it a hole) takes long enough to be killed in the
        // middle of its copy, even on a busy machine.
        let killed = try await SignalledRun.run(
            // The whole suite runs at once: its first minutes keep ffmpeg (the cover frames) slow, hence a long deadline.
            ProjectPaths.executable, arguments, signal: SIGKILL, deadline: 540, environment: ["LIVEPHOTO_COPY": "readwrite"],
            when: { _ in FileTree.hasEntry(in: "\(out)/b", containing: ".livephoto-") })
        #expect(killed.sent && killed.endedBySignal)
        #expect(FileTree.files(under: out).contains { $0.hasPrefix("a/one.") }, "the first item was done before the kill")
        #expect(!FileTree.files(under: out).contains { $0.hasPrefix("c/") })

        let rerun = try await livephoto(arguments + ["--json"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let statuses = rerun.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["status"] as? String
        }
        #expect(statuses == ["skipped", "done", "done"])
        #expect(FileTree.files(under: out) == ["a/one.JPG", "a/one.MOV", "b/big.JPG", "b/big.MOV", "c/two.JPG", "c/two.MOV"])
        for stem in ["a/one", "b/big", "c/two"] {
            #expect(await LivePhotoVerifier.verify(photo: "\(out)/\(stem).JPG", movie: "\(out)/\(stem).MOV").passed, "\(stem)")
        }
    }

    /// Makes Live Photos `library/<relative>.JPG` and `.MOV` through the command, and returns the library folder.
    func library(_ relatives: [String], in ws: Workspace) async throws -> String {
        let photo = try await ClipStore.shared.jpeg(), clip = try await ClipStore.shared.path(ClipSpec(seconds: 1))
        for relative in relatives {
            let url = URL(fileURLWithPath: ws.file("library/\(relative)"))
            let made = try await livephoto([
                "make", photo, clip, "--out", url.deletingLastPathComponent().path, "--name", url.lastPathComponent, "--no-wallpaper",
            ])
            #expect(made.status == 0, "\(made.stderr)")
        }
        return ws.file("library")
    }

    /// The `status` of each JSON line of a batch, by item.
    func statuses(_ run: ToolResult) -> [String: String] {
        var found: [String: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
            found[object["item"] as? String ?? ""] = object["status"] as? String
        }
        return found
    }

    @Test("export DIR: a GIF and an MP4 per Live Photo, mirrored and whole; a GIF cut short (its date kept) is redone on rerun")
    func exportFolder() async throws {
        let ws = try Workspace()
        let library = try await library(["2024/01/IMG_0001", "2024/02/IMG_0002"], in: ws)
        let gifs = ws.file("gifs")
        let run = try await livephoto(["export", library, "--to", "gif", "--out", gifs, "--no-index", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(statuses(run) == ["2024/01/IMG_0001.JPG": "done", "2024/02/IMG_0002.JPG": "done"])
        #expect(FileTree.files(under: gifs) == ["2024/01/IMG_0001.gif", "2024/02/IMG_0002.gif"])
        let gif = "\(gifs)/2024/02/IMG_0002.gif"
        let whole = try Data(contentsOf: URL(fileURLWithPath: gif))
        try GIFFile.checkComplete(RandomAccessFile(path: gif))

        // Cut short in place with its date kept, as a rename that reached the disk before the data leaves it.
        var info = stat()
        #expect(stat(gif, &info) == 0)
        #expect(truncate(gif, off_t(whole.count / 2)) == 0)
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, gif, &times, 0) == 0)
        #expect(throws: FormatError.self) { try GIFFile.checkComplete(RandomAccessFile(path: gif)) }
        let rerun = try await livephoto(["export", library, "--to", "gif", "--out", gifs, "--no-index", "--json"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(statuses(rerun) == ["2024/01/IMG_0001.JPG": "skipped", "2024/02/IMG_0002.JPG": "done"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: gif)).count == whole.count)
        try GIFFile.checkComplete(RandomAccessFile(path: gif))

        let mp4s = ws.file("mp4s")
        let mp4 = try await livephoto(["export", library, "--to", "mp4", "--out", mp4s, "--no-index"])
        #expect(mp4.status == 0, "\(mp4.stderr)")
        #expect(FileTree.files(under: mp4s) == ["2024/01/IMG_0001.mp4", "2024/02/IMG_0002.mp4"])
        for name in FileTree.files(under: mp4s) {
            #expect(try Movie(file: RandomAccessFile(path: "\(mp4s)/\(name)")).videoTrack != nil, "\(name)")
        }
        #expect(!FileTree.files(under: ws.path).contains { $0.contains(".livephoto-") })
    }

    @Test("convert --to live DIR: every Motion Photo to a pair that verifies, mirrored; the rerun skips them", .needsSamples)
    func convertFolderToLive() async throws {
        let ws = try Workspace()
        let sample = ProjectPaths.sample("libmphoto_motion_photo_v1_synthetic.jpg")
        for relative in ["android/a/PXL_0001.MP.jpg", "android/b/PXL_0002.MP.jpg"] {
            try FileManager.default.createDirectory(
                atPath: ws.file("library/\((relative as NSString).deletingLastPathComponent)"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: sample, toPath: ws.file("library/\(relative)"))
        }
        let out = ws.file("iphone")
        let arguments = ["convert", "--to", "live", ws.file("library"), "--out", out, "--no-index", "--json"]
        let run = try await livephoto(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(statuses(run) == ["android/a/PXL_0001.MP.jpg": "done", "android/b/PXL_0002.MP.jpg": "done"])
        #expect(
            FileTree.files(under: out) == [
                "android/a/PXL_0001.JPG", "android/a/PXL_0001.MOV", "android/b/PXL_0002.JPG", "android/b/PXL_0002.MOV",
            ])
        for stem in ["android/a/PXL_0001", "android/b/PXL_0002"] {
            #expect(await LivePhotoVerifier.verify(photo: "\(out)/\(stem).JPG", movie: "\(out)/\(stem).MOV").passed, "\(stem)")
        }
        let rerun = try await livephoto(arguments)
        #expect(rerun.status == 0 && Set(statuses(rerun).values) == ["skipped"], "\(rerun.stderr)")
    }

    @Test("verify DIR: exit 0 when every Live Photo passes, 1 when one is an orphan (named with its reason), nothing written")
    func verifyFolder() async throws {
        let ws = try Workspace()
        let library = try await library(["a/IMG_0001", "b/IMG_0002"], in: ws)
        let passed = try await livephoto(["verify", library, "--no-index", "--json"])
        #expect(passed.status == 0, "\(passed.stderr)")
        #expect(statuses(passed) == ["a/IMG_0001.JPG": "done", "b/IMG_0002.JPG": "done"])

        try FileManager.default.removeItem(atPath: "\(library)/b/IMG_0002.MOV")
        let failed = try await livephoto(["verify", library, "--no-index"])
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(failed.stderr.contains("b/IMG_0002.JPG") && failed.stderr.contains("its movie was not found"), "\(failed.stderr)")
        let json = try await livephoto(["verify", library, "--no-index", "--json"])
        #expect(json.status == 1 && statuses(json) == ["a/IMG_0001.JPG": "done", "b/IMG_0002.JPG": "failed"])
        #expect(try ws.contents("library").sorted() == ["a", "b"])
    }
}

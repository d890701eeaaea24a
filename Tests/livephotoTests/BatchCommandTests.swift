import Foundation
import LivePhotoKit
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
        try await Tool.run(ProjectPaths.executable, arguments, check: false, environment: environment)
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
}

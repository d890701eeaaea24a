import Foundation
import MediaFormats
import TestSupport
import Testing

@Suite("the livephoto command, interrupted")
struct InterruptTests {
    @Test("Ctrl-C during make exits 130 and leaves nothing in the output folder", .timeLimit(.minutes(10)))
    func interrupt() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec())
        try SparseMovie.write(from: clip, to: ws.file("big.mov"), gap: 3 << 30)  // 3 GiB to copy: seconds of work
        try FileManager.default.createDirectory(atPath: ws.file("out"), withIntermediateDirectories: true)
        let out = ws.file("out")
        let run = try await SignalledRun.run(
            ProjectPaths.executable, ["make", try await ClipStore.shared.jpeg(), ws.file("big.mov"), "--out", out], signal: SIGINT,
            deadline: 540,
            environment: Self.slowCopy, when: { _ in Self.hasEntries(out) })
        #expect(run.sent, "make finished before it could be interrupted")
        #expect(run.status == 130)
        #expect(try ws.contents("out").isEmpty)
    }
}

extension InterruptTests {
    /// Copies by read and write: copy_file_range may clone a sparse movie in a moment (XFS, Btrfs), and then make
    /// would be done before any signal could reach it.
    static let slowCopy = ["LIVEPHOTO_COPY": "readwrite"]

    /// Runs `make` of a 3 GiB sparse movie into `out` and sends `signal` once its copy has begun.
    static func makeInterrupted(by signal: Int32, ws: Workspace) async throws -> SignalledRun {
        let clip = try await ClipStore.shared.path(ClipSpec())
        if !FileManager.default.fileExists(atPath: ws.file("big.mov")) {
            try SparseMovie.write(from: clip, to: ws.file("big.mov"), gap: 3 << 30)
        }
        try FileManager.default.createDirectory(atPath: ws.file("out"), withIntermediateDirectories: true)
        let out = ws.file("out")
        let run = try await SignalledRun.run(
            ProjectPaths.executable, ["make", try await ClipStore.shared.jpeg(), ws.file("big.mov"), "--out", out], signal: signal,
            deadline: 540,
            environment: slowCopy, when: { _ in hasEntries(out) })
        #expect(run.sent, "make finished before the signal")
        return run
    }

    /// True when `folder` holds anything (make has begun to write).
    static func hasEntries(_ folder: String) -> Bool { FileTree.hasEntry(in: folder) }

    @Test(
        "SIGHUP cleans up like Ctrl-C; after a SIGKILL, the next run into the folder removes the stale staging files",
        .timeLimit(.minutes(10)))
    func hangUpAndKill() async throws {
        let ws = try Workspace()
        let hungUp = try await Self.makeInterrupted(by: SIGHUP, ws: ws)
        #expect(hungUp.status == 130)
        #expect(try ws.contents("out").isEmpty)

        let killed = try await Self.makeInterrupted(by: SIGKILL, ws: ws)
        #expect(killed.endedBySignal && killed.status == 128 + SIGKILL)
        let stale = try ws.contents("out")
        #expect(!stale.isEmpty && stale.allSatisfy { $0.contains(".livephoto-\(killed.processIdentifier)-") }, "\(stale)")
        // A staging name of a process that still runs (pid 1) is not touched.
        try Data("live".utf8).write(to: URL(fileURLWithPath: ws.file("out/.OTHER.JPG.livephoto-1-abcdef")))
        let next = try await LivePhotoCLI.run(
            [
                "make", try await ClipStore.shared.jpeg(), try await ClipStore.shared.path(ClipSpec()), "--out", ws.file("out"), "--name",
                "N",
            ])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try ws.contents("out") == [".OTHER.JPG.livephoto-1-abcdef", "N.JPG", "N.MOV"])
    }

    @Test(
        "a full disk exits 4 (writing an output failed) and leaves nothing",
        .enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
    func fullDisk() async throws {
        let ws = try Workspace()
        let full = ws.file("full")
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        let photo = try await ClipStore.shared.jpeg(), clip = try await ClipStore.shared.path(ClipSpec(seconds: 10))
        try await Tool.run("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", full])
        let made: Result<ToolResult, any Error>
        do {
            made = .success(try await LivePhotoCLI.run(["make", photo, clip, "--out", full]))
        } catch {
            made = .failure(error)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: full)
        try await Tool.run("umount", [full])
        let r = try made.get()
        #expect(r.status == 4, "\(r.status): \(r.stderr)")
        #expect(r.stderr.contains("No space left"), "\(r.stderr)")
        #expect(left.isEmpty)
    }

    @Test("Ctrl-C during a transcode stops ffmpeg, exits 130 and leaves nothing", .timeLimit(.minutes(3)))
    func interruptTranscode() async throws {
        let ws = try Workspace()
        // MPEG-4 Part 2 is quick to make and must be transcoded: 10 s of 1080p keeps ffmpeg busy for seconds.
        let input = ws.file("slow-\(UUID().uuidString.prefix(8)).avi")
        try await Tool.run(
            "ffmpeg",
            ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30", "-t", "10", "-c:v", "mpeg4", "-q:v", "5", input])
        try FileManager.default.createDirectory(atPath: ws.file("out"), withIntermediateDirectories: true)
        // Give ffmpeg time to start transcoding, then interrupt: it stops well before the transcode would have ended.
        let run = try await SignalledRun.run(
            ProjectPaths.executable, ["make", input, "--out", ws.file("out")], signal: SIGINT, when: { $0 >= 1.5 })
        #expect(run.sent && run.status == 130)
        #expect((run.secondsToStop ?? .infinity) < 20, "\(run.secondsToStop ?? -1) s from Ctrl-C to the end")
        #expect(try ws.contents("out").isEmpty)
        // No ffmpeg is left working on the input.
        let left = try await Tool.run("pgrep", ["-f", URL(fileURLWithPath: input).lastPathComponent], check: false)
        #expect(left.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }
}

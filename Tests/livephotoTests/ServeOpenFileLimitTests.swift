import Foundation
import TestSupport
import Testing

/// `serve` under a low open-file limit (macOS's default soft limit is 256): the soft limit is raised to the hard one,
/// and when that is still too low the connections fit under it, with a note, instead of a refusal.
@Suite("serve: the open-file limit")
struct ServeOpenFileLimitTests {
    @Test("a soft limit of 256 below a higher hard one: the server starts with its 256 connections")
    func raisesTheSoftLimit() async throws {
        let ws = try Workspace()
        let script = "ulimit -S -n 256 && exec '\(ProjectPaths.executable)' serve --port 0 --json --no-index 2>&1"
        try await Tool.whileRunning("sh", ["-c", script], environment: ["TMPDIR": ws.path + "/"]) { line in
            let printed = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            let port = try #require(printed["port"] as? Int)
            #expect(try ServeTokenTests.get("127.0.0.1", port, "/").status == 200)
        }
    }

    @Test("a hard limit of 120: the connections fit under it, and a note says so")
    func fitsUnderTheHardLimit() async throws {
        let ws = try Workspace()
        let script = "ulimit -n 120 && exec '\(ProjectPaths.executable)' serve --port 0 --json --no-index 2>&1"
        try await Tool.whileRunning("sh", ["-c", script], environment: ["TMPDIR": ws.path + "/"]) { line in
            #expect(line.contains("56 connections at once, not 256") && line.contains("open-file limit is 120"), "\(line)")
        }
    }

    @Test("a limit that leaves no room at all is refused in words")
    func tooLow() async throws {
        let script = "ulimit -n 40 && exec '\(ProjectPaths.executable)' serve --port 0 --no-index"
        let run = try await Tool.run("sh", ["-c", script], check: false)
        #expect(run.status == 64 && run.stderr.contains("may open only 40 files"), "\(run.stderr)")
    }
}

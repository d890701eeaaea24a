import Foundation
import TestSupport
import Testing

/// The engine's parity cases in headless Chromium (Tests/Browser/engine_parity.py): the Node suite
/// (Web/test/parity.test.mjs) checks every case against the command line and records it; a page's Web Worker then
/// runs each on the same files, chosen as a user chooses them, and must write the same bytes, the same reports and
/// fail in the same words. The engine is the one scripts/wasm.sh built (scripts/test.sh builds it first).
@Suite("the engine in a real browser", .tags(.browser), .timeLimit(.minutes(10)))
struct EngineBrowserTests {
    @Test("every parity case of the Node suite: the command line's bytes, reports and words in Chromium")
    func parity() async throws {
        let ws = try Workspace()
        let module = "\(ProjectPaths.root)/.build/wasm/module"
        try #require(
            FileManager.default.fileExists(atPath: "\(module)/livephoto.wasm"), "the engine is not built: run scripts/wasm.sh (\(module))")
        let cases = ws.file("cases.json")
        let node = try await Tool.run(
            "node", ["--test", "\(ProjectPaths.root)/Web/test/parity.test.mjs"], check: false,
            environment: [
                "LIVEPHOTO_PARITY_CASES": cases, "LIVEPHOTO_KEEP_WORK": "1", "TMPDIR": ws.path, "LIVEPHOTO_CLI": ProjectPaths.executable,
                "LIVEPHOTO_MODULE": module,
            ])
        #expect(node.status == 0, "\(node.stdout.suffix(3000))\n\(node.stderr.suffix(2000))")
        let result = try await Tool.run(
            Readers.python, ["\(ProjectPaths.root)/Tests/Browser/engine_parity.py", module, cases], check: false)
        print(result.stdout)
        let report = ScriptReport(result.stdout, prefix: "engine")
        #expect(result.status == 0, "\(report.failures.joined(separator: "\n"))\n\(result.stderr.suffix(3000))")
        #expect(report.passed, "the script closed with \(report.failedCount.map(String.init) ?? "no count") failed")
    }
}

import TestSupport
import Testing

/// A check script of `Tests/Browser/` run for a suite: its lines printed, and the suite failing with its FAIL lines
/// when it exits non-zero or does not close with `0 failed`.
enum BrowserScript {
    /// Runs `Tests/Browser/SCRIPT` with `arguments` through `python` (the tests' venv unless given), reading its
    /// closing line after `prefix:` when it names itself.
    static func check(
        _ script: String, _ arguments: [String], python: String = Readers.python, prefix: String? = nil, stderrTail: Int = 3000
    ) async throws {
        let result = try await Tool.run(python, ["\(ProjectPaths.root)/Tests/Browser/\(script)"] + arguments, check: false)
        print(result.stdout)
        let report = ScriptReport(result.stdout, prefix: prefix)
        #expect(result.status == 0, "\(report.failures.joined(separator: "\n"))\n\(result.stderr.suffix(stderrTail))")
        #expect(report.passed, "the script closed with \(report.failedCount.map(String.init) ?? "no count") failed")
    }
}

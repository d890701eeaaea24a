/// The built `livephoto` command, run as a user runs it: the one way every suite starts it for a result.
public enum LivePhotoCLI {
    /// Runs `livephoto` with `arguments` and returns its exit status and output; a non-zero exit is the caller's to judge.
    @discardableResult
    public static func run(_ arguments: [String], environment: [String: String] = [:], currentDirectory: String? = nil)
        async throws -> ToolResult
    {
        try await Tool.run(ProjectPaths.executable, arguments, check: false, currentDirectory: currentDirectory, environment: environment)
    }
}

/// What a check script (`Tests/Browser/*.py`) reported: it prints one line per check and closes with `N failed`
/// (after `PREFIX: `, when it names itself) alone on the last such line.
public struct ScriptReport: Sendable {
    /// The lines that start with `FAIL`.
    public var failures: [String]
    /// The count the script's closing line gives, or nil when it printed none (it stopped early).
    public var failedCount: Int?

    /// Reads `output`; `prefix` is the word the closing line starts with (`camera`), if any.
    public init(_ output: String, prefix: String? = nil) {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        failures = lines.filter { $0.hasPrefix("FAIL") }
        let closing = lines.last { line in
            let words = line.split(separator: " ")
            let rest = prefix.map { p in words.first == "\(p):" ? Array(words.dropFirst()) : [] } ?? words
            return rest.count == 2 && rest[1] == "failed" && Int(rest[0]) != nil
        }
        failedCount = closing.flatMap { line in line.split(separator: " ").dropLast().last.flatMap { Int($0) } }
    }

    /// True when the script closed with `0 failed` and printed no FAIL line.
    public var passed: Bool { failedCount == 0 && failures.isEmpty }
}

import Foundation
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// Runs an external program (ffmpeg, ffprobe, exiftool, our own binary) and captures what it prints.
public struct ToolResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var stdoutData: Data
}

public enum ToolError: Error, CustomStringConvertible {
    case missing(String)
    case failed(String, ToolResult)
    /// The program ended before printing the line a caller waited for.
    case silent(String)

    public var description: String {
        switch self {
        case .missing(let tool): return "\(tool) is not installed; run scripts/bootstrap.sh, which installs it"
        case .failed(let command, let r): return "\(command) exited \(r.status): \(r.stderr.suffix(2000))"
        case .silent(let command): return "\(command) ended without printing a line"
        }
    }
}

public enum Tool {
    /// Runs `executable` (looked up on PATH unless it contains a slash) with `arguments`, through swift-subprocess:
    /// the caller's task waits without holding a thread of the cooperative pool.
    @discardableResult
    public static func run(
        _ executable: String, _ arguments: [String], check: Bool = true, currentDirectory: String? = nil,
        environment: [String: String] = [:]
    ) async throws -> ToolResult {
        let path = try locate(executable)
        let collected = try await Subprocess.run(
            .path(FilePath(path)), arguments: Arguments(arguments), environment: inherited(adding: environment),
            workingDirectory: currentDirectory.map { FilePath($0) }, input: .none, output: .bytes(limit: 1 << 30),
            error: .bytes(limit: 64 << 20))
        let status: Int32
        switch collected.terminationStatus {
        case .exited(let code): status = Int32(code)
        case .signaled(let signal): status = 128 + Int32(signal)
        }
        let outData = Data(collected.standardOutput)
        let result = ToolResult(
            status: status, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: collected.standardError, as: UTF8.self), stdoutData: outData)
        if check, result.status != 0 { throw ToolError.failed(([executable] + arguments).joined(separator: " "), result) }
        return result
    }

    /// Runs `executable` (a server) through swift-subprocess, hands `body` the first line it prints (where it
    /// listens), and stops it when `body` returns or throws: SIGTERM, then SIGKILL after 5 s. Its standard error is
    /// discarded. The caller's task waits without holding a thread of the cooperative pool.
    public static func whileRunning<T: Sendable>(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        _ body: (_ firstLine: String) async throws -> T
    ) async throws -> T {
        let path = try locate(executable)
        let command = ([executable] + arguments).joined(separator: " ")
        let run = try await Subprocess.run(
            .path(FilePath(path)), arguments: Arguments(arguments), environment: inherited(adding: environment), input: .none,
            output: .sequence, error: .discarded
        ) { execution in
            var lines = execution.standardOutput.strings().makeAsyncIterator()
            let outcome: Swift.Result<T, any Error>
            do {
                guard let first = try await lines.next() else { throw ToolError.silent(command) }
                outcome = .success(try await body(first))
            } catch {
                outcome = .failure(error)
            }
            await execution.teardown(using: [.send(signal: .terminate, allowedDurationToNextStep: .seconds(5))])
            return outcome
        }
        return try run.closureResult.get()
    }

    /// This process's environment with `additions` set.
    static func inherited(adding additions: [String: String]) -> Environment {
        var updates: [Environment.Key: String?] = [:]
        for (key, value) in additions { updates[Environment.Key(stringLiteral: key)] = value }
        return .inherit.updating(updates)
    }

    public static func locate(_ executable: String) throws -> String {
        if executable.contains("/") { return executable }
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(executable)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ToolError.missing(executable)
    }
}

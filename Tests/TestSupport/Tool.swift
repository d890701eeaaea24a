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

    public var description: String {
        switch self {
        case .missing(let tool): return "\(tool) is not installed; run scripts/bootstrap.sh, which installs it"
        case .failed(let command, let r): return "\(command) exited \(r.status): \(r.stderr.suffix(2000))"
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
        var updates: [Environment.Key: String?] = [:]
        for (key, value) in environment { updates[Environment.Key(stringLiteral: key)] = value }
        let collected = try await Subprocess.run(
            .path(FilePath(path)), arguments: Arguments(arguments), environment: .inherit.updating(updates),
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

    public static func locate(_ executable: String) throws -> String {
        if executable.contains("/") { return executable }
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(executable)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ToolError.missing(executable)
    }
}

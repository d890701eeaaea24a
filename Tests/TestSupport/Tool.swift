import Foundation

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
        case .missing(let tool): return "\(tool) is not installed; run scripts/test.sh, which installs it"
        case .failed(let command, let r): return "\(command) exited \(r.status): \(r.stderr.suffix(2000))"
        }
    }
}

public enum Tool {
    /// Runs `executable` (looked up on PATH unless it contains a slash) with `arguments`.
    @discardableResult
    public static func run(
        _ executable: String, _ arguments: [String], check: Bool = true, currentDirectory: String? = nil,
        environment: [String: String] = [:]
    ) throws -> ToolResult {
        let path = try locate(executable)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes while the process runs so neither fills up.
        let errData = LockedData()
        let errThread = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        errThread.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errData.isSet { Thread.sleep(forTimeInterval: 0.005) }
        let result = ToolResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.value, as: UTF8.self), stdoutData: outData)
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

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var done = false
    func set(_ d: Data) {
        lock.withLock {
            data = d; done = true
        }
    }
    var isSet: Bool { lock.withLock { done } }
    var value: Data { lock.withLock { data } }
}

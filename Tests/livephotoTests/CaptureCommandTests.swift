import Foundation
import TestSupport
import Testing

/// `livephoto capture` as a user runs it: a press from another program (SIGUSR1), then Ctrl-C.
@Suite("capture command", .tags(.slow), .timeLimit(.minutes(2)))
struct CaptureCommandTests {
    @Test("SIGUSR1 takes a Live Photo; Ctrl-C then ends it: the Live Photo is written with what was recorded, exit 0, no work file left")
    func signals() async throws {
        let ws = try Workspace()
        let source = try await ClipStore.shared.path(ClipSpec(seconds: 20, audio: true))
        let temporary = ws.file("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let (status, output) = try await Self.run(
            ProjectPaths.executable, ["capture", source, "--realtime", "--out", ws.file("out"), "--json"],
            environment: ["TMPDIR": temporary + "/"], signals: [(2.5, SIGUSR1), (3.2, SIGINT)])
        #expect(status == 0, "\(output)")
        let lines = output.split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(lines.count == 1, "\(output)")
        let photo = try JSONSerialization.jsonObject(with: Data(try #require(lines.first).utf8)) as? [String: Any]
        let press = try #require(photo?["pressTime"] as? Double)
        // The press came about 2.5 s in (how far the stream had got when the signal came).
        #expect(press > 1.8 && press < 3.2, "\(press)")
        #expect((photo?["notes"] as? [String])?.contains { $0.hasPrefix("stopped") } == true, "\(output)")
        #expect(try ws.contents("out").count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
    }

    /// Runs the program, sending each signal at its time (seconds from the start); returns its exit status and
    /// what it printed.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], signals: [(Double, Int32)]
    ) async throws -> (Int32, String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: executable)
                process.arguments = arguments
                process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
                process.standardInput = FileHandle.nullDevice
                let pipe = Pipe()
                process.standardOutput = pipe
                process.standardError = FileHandle.nullDevice
                do { try process.run() } catch {
                    continuation.resume(throwing: error)
                    return
                }
                let started = Date()
                for (time, signal) in signals {
                    while process.isRunning && Date().timeIntervalSince(started) < time { Thread.sleep(forTimeInterval: 0.02) }
                    if process.isRunning { kill(process.processIdentifier, signal) }
                }
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
            }
        }
    }
}

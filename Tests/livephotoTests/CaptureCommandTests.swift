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
        // The press once the recording has run 2 s (its first segment appears when ffmpeg starts writing: a
        // loaded machine can take seconds to get there), Ctrl-C 0.7 s later, inside the press's post-roll: 4 s long, so
        // that it still is when a loaded machine's recording clock lags the stream by seconds.
        let recording = RecordingClock(folder: temporary)
        let (status, output) = try await Self.run(
            ProjectPaths.executable, ["capture", source, "--realtime", "--after", "4", "--out", ws.file("out"), "--json"],
            environment: ["TMPDIR": temporary + "/"],
            signals: [({ @Sendable in recording.seconds() >= 2 }, SIGUSR1), ({ @Sendable in recording.seconds() >= 2.7 }, SIGINT)])
        #expect(status == 0, "\(output)")
        let lines = output.split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(lines.count == 1, "\(output)")
        let photo = try JSONSerialization.jsonObject(with: Data(try #require(lines.first).utf8)) as? [String: Any]
        let press = try #require(photo?["pressTime"] as? Double)
        // The press came about 2 s into the stream (how far it had got when the signal came).
        #expect(press > 1 && press < 3.5, "\(press)")
        #expect((photo?["notes"] as? [String])?.contains { $0.hasPrefix("stopped") } == true, "\(output)")
        #expect(try ws.contents("out").count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
    }

    @Test("--every 2 --count 2 writes two Live Photos, a JSON line each, and ends by itself")
    func everyAndCount() async throws {
        let ws = try Workspace()
        let source = try await ClipStore.shared.path(ClipSpec(seconds: 8, audio: false))
        let (status, output) = try await Self.run(
            ProjectPaths.executable, ["capture", source, "--realtime", "--every", "2", "--count", "2", "--out", ws.file("out"), "--json"],
            environment: [:], signals: [])
        #expect(status == 0, "\(output)")
        let presses = output.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["pressTime"] as? Double
        }
        #expect(presses == [2, 4], "\(output)")
        #expect(try ws.contents("out").count == 4)
    }

    /// Runs the program, sending each signal once its condition holds (in order); returns its exit status and what
    /// it printed.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], signals: [(@Sendable () -> Bool, Int32)]
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
                for (condition, signal) in signals {
                    while process.isRunning && !condition() && Date().timeIntervalSince(started) < 90 {
                        Thread.sleep(forTimeInterval: 0.02)
                    }
                    if process.isRunning { kill(process.processIdentifier, signal) }
                }
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
            }
        }
    }
}

/// How long a capture has been recording: the time since its first segment file appeared in the temporary folder.
private final class RecordingClock: @unchecked Sendable {
    private let folder: String
    private let lock = NSLock()
    private var firstSeen: Date?

    init(folder: String) { self.folder = folder }

    func seconds() -> Double {
        lock.withLock {
            if firstSeen == nil, FileTree.files(under: folder).contains(where: { $0.hasSuffix("seg00000.ts") }) { firstSeen = Date() }
            return firstSeen.map { Date().timeIntervalSince($0) } ?? 0
        }
    }
}

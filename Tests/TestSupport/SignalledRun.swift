import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program that is sent a signal once a condition holds: Ctrl-C, SIGHUP or SIGKILL in the middle of its work.
///
/// Everything happens on a thread of its own: starting the program, polling the condition every millisecond,
/// sending the signal, waiting for the end. Nothing waits for the cooperative pool, which a busy test run keeps
/// saturated for seconds: when the program was started from a task (as swift-subprocess starts it), the watch
/// could begin only after the program had finished, and the signal then went to a process already gone.
public struct SignalledRun: Sendable {
    /// The exit status, or 128 + the signal that ended the program.
    public var status: Int32
    /// True when a signal ended the program (it did not exit by itself).
    public var endedBySignal: Bool
    /// True when the signal was sent (the condition held while the program ran).
    public var sent: Bool
    /// The program's process id.
    public var processIdentifier: Int32
    /// Seconds from the signal to the program's end (nil when none was sent): how promptly it stopped, whatever the
    /// machine's load made of its start.
    public var secondsToStop: Double?

    /// Runs `executable` with `arguments`, its output discarded, and sends `signal` when `condition` first returns
    /// true (it is given the seconds since the start), for at most `deadline` seconds. `environment` is added to
    /// this process's own.
    public static func run(
        _ executable: String, _ arguments: [String], signal: Int32, deadline: Double = 120, environment: [String: String] = [:],
        when condition: @escaping @Sendable (_ elapsed: Double) -> Bool
    ) async throws -> SignalledRun {
        let path = try Tool.locate(executable)
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: path)
                process.arguments = arguments
                process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
                process.standardInput = FileHandle.nullDevice
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                let started = Date()
                var sent = false
                var signalled: Date?
                while process.isRunning {
                    let elapsed = Date().timeIntervalSince(started)
                    guard elapsed < deadline else { break }
                    if condition(elapsed) {
                        // Still running (not yet reaped), so the id is still this program's.
                        if process.isRunning {
                            kill(process.processIdentifier, signal)
                            sent = true
                            signalled = Date()
                        }
                        break
                    }
                    usleep(1000)
                }
                process.waitUntilExit()
                let bySignal = process.terminationReason == .uncaughtSignal
                continuation.resume(
                    returning: SignalledRun(
                        status: bySignal ? 128 + process.terminationStatus : process.terminationStatus, endedBySignal: bySignal,
                        sent: sent, processIdentifier: process.processIdentifier,
                        secondsToStop: signalled.map { Date().timeIntervalSince($0) }))
            }
            thread.start()
        }
    }
}

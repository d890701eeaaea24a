import Foundation
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// A program run through swift-subprocess that is sent a signal once a condition holds: Ctrl-C, SIGHUP or SIGKILL in
/// the middle of its work. The condition is polled every millisecond on a thread of its own, so a busy cooperative
/// pool cannot delay the signal until the work is done.
public struct SignalledRun: Sendable {
    /// The exit status, or 128 + the signal that ended the program.
    public var status: Int32
    /// True when a signal ended the program (it did not exit by itself).
    public var endedBySignal: Bool
    /// True when the signal was sent (the condition held while the program ran).
    public var sent: Bool
    /// The program's process id.
    public var processIdentifier: Int32

    /// Runs `executable` with `arguments`, its output discarded, and sends `signal` when `condition` first returns
    /// true (it is given the seconds since the start), for at most `deadline` seconds. `environment` is added to
    /// this process's own.
    public static func run(
        _ executable: String, _ arguments: [String], signal: Int32, deadline: Double = 120, environment: [String: String] = [:],
        when condition: @escaping @Sendable (_ elapsed: Double) -> Bool
    ) async throws -> SignalledRun {
        let watcher = Watcher()
        var updates: [Environment.Key: String?] = [:]
        for (key, value) in environment { updates[Environment.Key(stringLiteral: key)] = value }
        let collected = try await Subprocess.run(
            .path(FilePath(try Tool.locate(executable))), arguments: Arguments(arguments),
            environment: .inherit.updating(updates),
            input: .none, output: .discarded,
            error: .discarded
        ) { execution in
            let pid = execution.processIdentifier.value
            watcher.start(pid: pid, signal: signal, deadline: deadline, condition: condition)
            return pid
        }
        watcher.stop()
        let status: Int32
        let endedBySignal: Bool
        switch collected.terminationStatus {
        case .exited(let code): (status, endedBySignal) = (Int32(code), false)
        case .signaled(let signal): (status, endedBySignal) = (128 + Int32(signal), true)
        }
        return SignalledRun(status: status, endedBySignal: endedBySignal, sent: watcher.sent, processIdentifier: collected.closureResult)
    }

    /// The thread that polls the condition and sends the signal.
    final class Watcher: @unchecked Sendable {
        private let lock = NSLock()
        private var didSend = false
        private var stopped = false

        var sent: Bool { lock.withLock { didSend } }

        func stop() { lock.withLock { stopped = true } }

        func start(pid: Int32, signal: Int32, deadline: Double, condition: @escaping @Sendable (Double) -> Bool) {
            let started = Date()
            let thread = Thread { [self] in
                while !lock.withLock({ stopped }) {
                    let elapsed = Date().timeIntervalSince(started)
                    guard elapsed < deadline else { return }
                    if condition(elapsed) {
                        lock.withLock {
                            // Only while the program runs: after `stop`, its pid may belong to another.
                            if !stopped {
                                kill(pid, signal)
                                didSend = true
                            }
                        }
                        return
                    }
                    usleep(1000)
                }
            }
            thread.start()
        }
    }
}

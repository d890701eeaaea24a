import Foundation
import Hummingbird
import HummingbirdTesting
import LivePhotoKit
import TestSupport
import Testing

@testable import LivePhotoServer

/// The job queue and the work it runs.
extension ServerTests {
    @Test("one run per key: concurrent callers share it; it is cancelled only when every caller is")
    func oncePerKey() async throws {
        let runs = OncePerKey<String>()
        let counter = Counter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await runs.run("frame") {
                        await counter.increment()
                        try await Task.sleep(for: .milliseconds(200))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(await counter.value == 1)
        #expect(await runs.count == 0)

        // The only caller is cancelled: the run stops instead of sleeping ten minutes. (The bound is loose on purpose:
        // other suites' blocking copies can hold this machine's two cooperative threads for tens of seconds.)
        let started = ContinuousClock.now
        let caller = Task { try await runs.run("long") { try await Task.sleep(for: .seconds(600)) } }
        try await Task.sleep(for: .milliseconds(100))
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(ContinuousClock.now - started < .seconds(300))
        #expect(await runs.count == 0)
    }

    @Test("blocking work runs on the queue's own threads, never on the cooperative pool")
    func blockingWork() async throws {
        #expect(!BlockingWork.isCurrent)
        #expect(await BlockingWork.perform { BlockingWork.isCurrent })
        // Under run, what a job calls (nonisolated async functions) runs there too, between its awaits.
        #expect(try await BlockingWork.run { await Self.onBlockingThread() })
        #expect(await Self.onBlockingThread() == false)
    }

    nonisolated static func onBlockingThread() async -> Bool {
        await Task.yield()
        return BlockingWork.isCurrent
    }

    @Test("shutdown cancels the jobs under way and the ones waiting, and waits for them")
    func shutdown() async throws {
        let (server, _) = try Self.server()
        let jobs = server.state.jobs
        let started = ContinuousClock.now
        let ids = try await server.application().test(.router) { _ in
            var ids: [String] = []
            for _ in 0..<3 {
                ids.append(
                    await jobs.submit(folder: "/nonexistent") { _ in
                        try await Task.sleep(for: .seconds(600))
                        return JobResult(files: [], hasPreview: false, summary: "")
                    })
            }
            for _ in 0..<400 where await jobs.status(ids[1])?.state != .running { try await Task.sleep(for: .milliseconds(10)) }
            return ids
        }
        // The test client's graceful shutdown has ended the queue's service: nothing is left running.
        for id in ids {
            let status = await jobs.status(id)
            #expect(status?.state == .failed)
            #expect(status?.error == "The server is stopping; try again.")
        }
        #expect(await jobs.runningCount == 0)
        // Far less than the jobs' 600 s: they were cancelled, not waited out. (Not tighter: while the other suites
        // load the machine, this test alone may wait minutes for a thread.)
        #expect(ContinuousClock.now - started < .seconds(300))
    }

    @Test("at most the job limit runs at once; the rest wait in order")
    func queue() async throws {
        let queue = JobQueue(limit: 2)
        // The jobs are child tasks of the queue's run (the application runs it as a service).
        let runner = Task { await queue.run() }
        defer { runner.cancel() }
        let gate = Gate()
        var ids: [String] = []
        for _ in 0..<4 {
            ids.append(
                await queue.submit(folder: "/nonexistent") { _ in
                    await gate.wait()
                    return JobResult(files: [], hasPreview: false, summary: "")
                })
        }
        // Two run and wait at the gate; the other two wait in line, in order.
        var states: [JobStatus.State?] = []
        for _ in 0..<400 {
            states = await ids.asyncMap { await queue.status($0)?.state }
            if states.filter({ $0 == .running }).count == 2, await gate.waiting == 2 { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(states == [.running, .running, .queued, .queued])
        #expect(await ids.asyncMap { await queue.status($0)?.position } == [nil, nil, 0, 1])
        #expect(await queue.runningCount == 2)
        await gate.open()
        for _ in 0..<400 {
            states = await ids.asyncMap { await queue.status($0)?.state }
            if states.allSatisfy({ $0 == .done }) { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(states == Array(repeating: .done, count: 4))
        #expect(await queue.runningCount == 0)
    }
}

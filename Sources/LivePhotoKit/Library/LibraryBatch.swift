public import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a batch runs.
public struct BatchOptions: Sendable {
    /// The folder the outputs go to, mirroring each item's place below its root.
    public var outputRoot: String
    /// How many items are worked on at once.
    public var jobs: Int
    /// Redo every item, replacing its outputs; without it, an item whose outputs are there and hold is skipped.
    public var force: Bool
    /// Report what would be written, and write nothing.
    public var dryRun: Bool
    /// Take only this share of the items.
    public var shard: Shard?

    public init(
        outputRoot: String, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, force: Bool = false, dryRun: Bool = false,
        shard: Shard? = nil
    ) {
        self.outputRoot = outputRoot
        self.jobs = max(1, jobs)
        self.force = force
        self.dryRun = dryRun
        self.shard = shard
    }
}

/// Runs one action over a library's items, in parallel, resumably: each item's outputs go to the output folder at
/// the item's place below its root; one item's failure never stops the others; an item whose outputs are already
/// there and hold is skipped, so a rerun after a crash or a kill finishes what is left. Every output is written
/// under a temporary name and renamed into place, so a killed batch leaves no partial file; an item left with part
/// of its outputs (killed between two renames) is redone, replacing them.
public enum LibraryBatch {
    /// One item, where its outputs go, and what they are.
    struct Task: Sendable {
        var item: LibraryItem
        var folder: String
        var outputs: [String]
        var bytes: Int64
        /// Why it cannot run at all (its outputs are another item's).
        var refusal: String?
    }

    /// Runs `action` on the items it takes (of `options.shard`, when given). `report` is called once per item as it
    /// finishes, `progress` after each; both from one task at a time.
    public static func run(
        _ items: [LibraryItem], action: BatchAction, options: BatchOptions, progress: ((LibraryBatch.Progress) -> Void)? = nil,
        report: (LibraryBatch.ItemResult) -> Void
    ) async -> LibraryBatch.Summary {
        let tasks = plan(items, action: action, options: options)
        var summary = LibraryBatch.Summary(
            items: tasks.count, done: 0, skipped: 0, failed: 0, planned: 0, leftAlone: items.count - tasks.count, interrupted: false)
        var state = LibraryBatch.Progress(
            finishedItems: 0, totalItems: tasks.count, failedItems: 0, skippedItems: 0, finishedBytes: 0,
            totalBytes: tasks.reduce(0) { $0 + $1.bytes })
        progress?(state)
        // Damaged files are no action's items; each is listed with its reason, as scan lists it.
        for result in BatchPlan.damaged(items, includes: { options.shard?.contains(relativePath: $0) ?? true })
        where !action.kinds.contains(.damaged) {
            summary.damaged += 1
            report(result)
        }
        await withTaskGroup(of: LibraryBatch.ItemResult?.self) { group in
            var next = 0
            func add() {
                let task = tasks[next]
                next += 1
                group.addTask { await Self.perform(task, action: action, options: options) }
            }
            while next < min(options.jobs, tasks.count) { add() }
            while let finished = await group.next() {
                if let result = finished {
                    switch result.status {
                    case .done: summary.done += 1
                    case .skipped: summary.skipped += 1
                    case .failed: summary.failed += 1
                    case .planned: summary.planned += 1
                    case .damaged: summary.damaged += 1  // never an action's result: damaged files are listed before
                    }
                    state.finishedItems += 1
                    state.finishedBytes += result.bytes
                    state.failedItems = summary.failed
                    state.skippedItems = summary.skipped
                    report(result)
                    progress?(state)
                } else {
                    summary.interrupted = true
                }
                if InterruptHandling.requested {
                    summary.interrupted = true
                } else if next < tasks.count {
                    add()
                }
            }
        }
        return summary
    }

    /// The items `action` takes, in this share, each with its output folder and outputs (the core's plan), and the
    /// bytes of its files.
    static func plan(_ items: [LibraryItem], action: BatchAction, options: BatchOptions) -> [Task] {
        BatchPlan.tasks(
            items, kinds: action.kinds, outputRoot: options.outputRoot, outputs: { action.outputs(for: $0, in: $1) },
            includes: { options.shard?.contains(relativePath: $0) ?? true }
        ).map { planned in
            let bytes = planned.item.files.reduce(Int64(0)) { total, path in
                var info = stat()
                return total + (stat(path, &info) == 0 ? Int64(info.st_size) : 0)
            }
            return Task(item: planned.item, folder: planned.folder, outputs: planned.outputs, bytes: bytes, refusal: planned.refusal)
        }
    }

    /// True when every file in `present` has the modification time of one of `inputs`, as every output a batch
    /// writes does: such files are a killed run's, not the user's.
    static func written(fromInputs inputs: [String], _ present: [String]) -> Bool {
        let times = Set(inputs.compactMap(FileDates.modificationTime(of:)).map { [Int64($0.tv_sec), Int64($0.tv_nsec)] })
        return present.allSatisfy { path in
            FileDates.modificationTime(of: path).map { times.contains([Int64($0.tv_sec), Int64($0.tv_nsec)]) } ?? false
        }
    }

    /// Works on one item; nil when an interrupt stopped it (it leaves nothing, and is not a failure).
    static func perform(_ task: Task, action: BatchAction, options: BatchOptions) async -> LibraryBatch.ItemResult? {
        var result = LibraryBatch.ItemResult(
            item: task.item.relativePath, kind: task.item.kind, status: .done, inputs: task.item.files, outputs: task.outputs,
            reason: nil, notes: [], bytes: task.bytes)
        if let refusal = task.refusal {
            result.status = .failed
            result.reason = refusal
            return result
        }
        guard !InterruptHandling.requested else { return nil }
        let present = task.outputs.filter { FileManager.default.fileExists(atPath: $0) }
        let complete = !task.outputs.isEmpty && present.count == task.outputs.count
        if options.dryRun {
            result.status = .planned
            if complete { result.notes.append("its outputs are there; a run checks them and skips the item if they hold") }
            return result
        }
        if complete, !options.force {
            if await action.outputsHold(task.outputs) {
                result.status = .skipped
                return result
            }
            // Broken outputs that a batch wrote (they keep an input's date: a rename that reached the disk before
            // the data did, at a power cut) are redone below; broken files of anyone else fail.
            if !Self.written(fromInputs: task.item.files, present) {
                result.status = .failed
                result.reason = "its outputs are there but do not hold a whole result: \(present.joined(separator: ", "))"
                return result
            }
        }
        // Outputs present in part are what a batch killed between two renames leaves, and are replaced; a file that
        // only has an output's name (not the date of the item's inputs, as outputs have) is the user's.
        if !present.isEmpty, !options.force, !Self.written(fromInputs: task.item.files, present) {
            result.status = .failed
            result.reason = "\(present.joined(separator: ", ")) is there already, and was not written from this item"
            return result
        }
        do {
            let (outputs, notes) = try await action.perform(task.item, in: task.folder, force: options.force || !present.isEmpty)
            result.outputs = outputs
            result.notes = notes
        } catch .interrupted {
            return nil
        } catch {
            result.status = .failed
            result.reason = error.description
        }
        return result
    }
}

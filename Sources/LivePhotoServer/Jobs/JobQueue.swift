import LivePhotoKit
internal import PortableFoundation
import ServiceLifecycle

/// A file a job produced, downloadable by its index.
struct JobFile: Sendable, Encodable {
    enum Role: String, Sendable, Encodable {
        case photo, video, bundle
    }

    var role: Role
    var name: String
    var size: Int64
    /// Internal; never sent.
    var path: String

    enum CodingKeys: String, CodingKey { case role, name, size }
}

/// What a finished job shows.
struct JobResult: Sendable, Encodable {
    var files: [JobFile]
    /// Whether the result has a photo and a video preview to show.
    var hasPreview: Bool
    var coverTimeSeconds: Double?
    var identifier: String?
    /// What the input was (for disassemble) or how it was made (assemble), in words.
    var summary: String
    /// Internal: the previews.
    var previewPhoto: String?
    var previewVideo: String?
    /// What the page should know of how it was made (a MakerNote replaced, a track left out), naming no path of the
    /// server's.
    var notes: [String] = []

    enum CodingKeys: String, CodingKey { case files, hasPreview, coverTimeSeconds, identifier, summary, notes }
}

/// A job's state as the page sees it.
struct JobStatus: Sendable, Encodable {
    enum State: String, Sendable, Codable {
        case queued, running, done, failed
    }

    /// The step under way; the page shows its label ("waiting", "copy", "transcode", "preview"…).
    enum Phase: Sendable, Equatable, Encodable {
        /// Queued, before a slot is free.
        case waiting
        /// Given a slot, before the work reports a step.
        case starting
        /// A step of the Kit's operation (copy, remux, cover frame…), under its own label.
        case operation(OperationProgress.Phase)
        /// Making the previews.
        case preview
        /// A stage of a Takeout import (reading, copying, writing).
        case takeout(LibraryImport.Progress.Stage)
        /// Finished, one way or the other.
        case done, failed

        /// The word the page shows and the JSON carries.
        var label: String {
            switch self {
            case .operation(let phase): phase.label
            case .waiting: "waiting"
            case .starting: "starting"
            case .preview: "preview"
            case .takeout(let stage): stage.rawValue
            case .done: "done"
            case .failed: "failed"
            }
        }

        /// Encoded as its label, a plain string, as the page reads it.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(label)
        }
    }

    var id: String
    var state: State
    var phase: Phase
    /// 0…1 across the whole job.
    var fraction: Double
    /// Jobs ahead of this one, while it waits.
    var position: Int?
    var error: String?
    var result: JobResult?
}

/// Runs jobs with at most `limit` at once; the others wait in order. Progress is kept per job for the page to poll
/// or stream.
///
/// The queue is a service of the application: every job runs as a child task of ``run()``, so when the server
/// stops, the jobs under way are cancelled (ffmpeg stopped, partial results removed) and waited for, and the ones
/// still waiting fail without starting.
actor JobQueue: Service {
    typealias Work = @Sendable (_ progress: @escaping @Sendable (JobStatus.Phase, Double) -> Void) async throws -> JobResult

    /// A job handed to ``run()``.
    struct Submission: Sendable {
        var id: String
        var work: Work
    }

    let limit: Int
    /// Slots taken: jobs running, or given a slot and about to run.
    private var running = 0
    /// Jobs waiting for a slot, in the order they were submitted.
    private var waiting: [String] = []
    /// Jobs given a slot before their task asked for one.
    private var admitted: Set<String> = []
    /// Tasks waiting for their job's slot.
    private var gates: [String: CheckedContinuation<Void, Never>] = [:]
    private var jobs: [String: (status: JobStatus, created: ContinuousClock.Instant, folder: String)] = [:]
    private nonisolated let submissions: AsyncStream<Submission>
    private nonisolated let submitted: AsyncStream<Submission>.Continuation

    /// The server's work folder, never named in an error.
    let workDirectory: String

    init(limit: Int, workDirectory: String = "/nonexistent") {
        self.limit = limit
        self.workDirectory = workDirectory
        (submissions, submitted) = AsyncStream.makeStream()
    }

    /// Queues `work`; it starts when ``run()`` has a slot free. Returns the job's id at once.
    func submit(folder: String, _ work: @escaping Work) -> String {
        let id = UUID().uuidString.lowercased()
        jobs[id] = (JobStatus(id: id, state: .queued, phase: .waiting, fraction: 0), .now, folder)
        // The place in line is taken here, in submission order, whenever the job's task gets to run.
        if running < limit {
            running += 1
            admitted.insert(id)
        } else {
            waiting.append(id)
        }
        submitted.yield(Submission(id: id, work: work))
        return id
    }

    /// Runs the jobs submitted, each as a child task, until the server shuts down; then cancels those under way
    /// and returns when every one has ended.
    nonisolated func run() async {
        await withDiscardingTaskGroup { group in
            for await job in submissions.cancelOnGracefulShutdown() {
                group.addTask { await self.execute(job) }
            }
            group.cancelAll()
        }
    }

    /// Waits for a slot, then runs the job on ``BlockingWork``'s threads (its steps copy and parse files).
    private nonisolated func execute(_ job: Submission) async {
        await acquire(job.id)
        guard !Task.isCancelled else {
            await finish(job.id, result: nil, error: Self.message(for: LivePhotoError.interrupted, hiding: workDirectory))
            await release()
            return
        }
        await setRunning(job.id)
        do {
            let result = try await BlockingWork.run {
                try await job.work { phase, fraction in
                    Task { await self.progress(job.id, phase: phase, fraction: fraction) }
                }
            }
            await finish(job.id, result: result, error: nil)
        } catch {
            await finish(job.id, result: nil, error: Self.message(for: error, hiding: workDirectory))
        }
        await release()
    }

    /// A job's status, with its place in the queue while it waits.
    func status(_ id: String) -> JobStatus? {
        guard var status = jobs[id]?.status else { return nil }
        if status.state == .queued { status.position = waiting.firstIndex(of: id) }
        return status
    }

    func result(_ id: String) -> JobResult? { jobs[id]?.status.result }

    var runningCount: Int { running }

    /// Returns when `id` has a slot.
    private func acquire(_ id: String) async {
        if admitted.remove(id) != nil { return }
        await withCheckedContinuation { gates[id] = $0 }
    }

    /// Gives the slot to the next job in line, or frees it.
    private func release() {
        guard !waiting.isEmpty else {
            running -= 1
            return
        }
        let next = waiting.removeFirst()
        if let gate = gates.removeValue(forKey: next) { gate.resume() } else { admitted.insert(next) }
    }

    private func setRunning(_ id: String) {
        jobs[id]?.status.state = .running
        jobs[id]?.status.phase = .starting
    }

    private func progress(_ id: String, phase: JobStatus.Phase, fraction: Double) {
        guard var status = jobs[id]?.status, status.state == .running else { return }
        status.phase = phase
        status.fraction = max(status.fraction, min(1, fraction))
        jobs[id]?.status = status
    }

    private func finish(_ id: String, result: JobResult?, error: String?) {
        jobs[id]?.status.state = error == nil ? .done : .failed
        jobs[id]?.status.fraction = 1
        jobs[id]?.status.phase = error == nil ? .done : .failed
        jobs[id]?.status.result = result
        jobs[id]?.status.error = error
    }

    /// Removes finished jobs older than `age`, and their files.
    func expire(olderThan age: Duration) async {
        let now = ContinuousClock.now
        var folders: [String] = []
        for (id, job) in jobs where now - job.created > age && (job.status.state == .done || job.status.state == .failed) {
            folders.append(job.folder)
            jobs[id] = nil
        }
        await Self.remove(folders)
    }

    /// Removes the oldest finished (done or failed) job and its files, to make room.
    /// - Returns: false when no job has finished.
    func evictOldestFinished() async -> Bool {
        let finished = jobs.filter { $0.value.status.state == .done || $0.value.status.state == .failed }
        guard let oldest = finished.min(by: { $0.value.created < $1.value.created }) else { return false }
        jobs[oldest.key] = nil
        await Self.remove([oldest.value.folder])
        return true
    }

    /// Removes job folders, off the cooperative pool (a folder of large results takes a while to unlink).
    private static func remove(_ folders: [String]) async {
        guard !folders.isEmpty else { return }
        await BlockingWork.perform { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
    }

    /// Words a person understands, from any error, naming no path of the server's (`hidden`: the work folder,
    /// whose files are named by their last component only).
    static func message(for error: any Error, hiding hidden: String) -> String {
        let text: String
        if let e = error as? LivePhotoError {
            switch e {
            case .badInput(let file, let reason), .unsupported(let file, let reason):
                text = "\(URL(fileURLWithPath: file).lastPathComponent): \(reason)"
            case .missingTool(let tool, _): text = "This server cannot do that: \(tool) is not installed on it."
            case .refused(let file, let reason, let remedy):
                let named = file.map { "\(URL(fileURLWithPath: $0).lastPathComponent): \(reason)" } ?? reason
                switch remedy {
                case .takeMismatchedPartsTogether: text = "\(named). Give the photo and the movie of one Live Photo."
                case .replaceForeignMakerNote:
                    text = "\(named). Untick “Refuse a photo whose MakerNote is another maker's” to have it replaced by Apple's."
                default: text = named
                }
            case .invalidArgument(let message): text = message
            case .interrupted: text = "The server is stopping; try again."
            case .outputExists: text = "The server could not write the result."
            case .io(_, let reason), .writeFailed(_, let reason): text = "The server could not read or write a file (\(reason))."
            }
        } else if error is CancellationError {
            text = "The server is stopping; try again."
        } else {
            text = "\(error)"
        }
        return ServerText.hidingPaths(in: text, under: hidden)
    }
}

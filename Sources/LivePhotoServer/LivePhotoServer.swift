import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `livephoto serve`: a local web app with Assemble and Disassemble modes, a Live Photo viewer and, given a folder,
/// a gallery. The page, its script and its style are served by the binary itself (nothing from a CDN).
public struct LivePhotoServer: Sendable {
    public let options: ServerOptions
    let state: ServerState

    public init(options: ServerOptions) {
        self.options = options
        state = ServerState(options: options)
    }

    /// Runs until SIGINT or SIGTERM; `onReady` gets the bound port (useful with port 0). The work folder is emptied at
    /// start and removed at exit, once the jobs under way have been cancelled and have ended.
    public func run(onReady: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        // Every file the server makes (uploads, results, previews) is this user's alone.
        umask(0o077)
        try state.prepareWorkFolder()
        defer { try? FileManager.default.removeItem(atPath: options.workDirectory) }
        try await application(onReady: onReady).runService()
    }

    /// The Hummingbird application (for tests, which run it without binding a port). Besides the HTTP server, its
    /// services are the job queue, whose jobs are its child tasks, and the sweeper of expired files; a graceful
    /// shutdown stops the server first (streams of job events close), then the sweeper, then the jobs.
    public func application(onReady: @escaping @Sendable (Int) -> Void = { _ in }) throws -> some ApplicationProtocol {
        let idle = options.idleTimeout.components
        let http = HTTPServerBuilder.http1(
            configuration: .init(idleTimeout: .nanoseconds(idle.seconds * 1_000_000_000 + idle.attoseconds / 1_000_000_000)))
        return Application(
            router: Routes.router(state),
            server: try options.tls.map { try .tls(http, tlsConfiguration: $0.configuration()) } ?? http,
            configuration: .init(
                address: .hostname(options.host, port: options.port), serverName: "livephoto",
                availableConnectionsDelegate: .maximum(options.maxConnections, logger: Logger(label: "livephoto.serve"))),
            services: [state.jobs, ExpirySweeper(state: state)],
            onServerRunning: { channel in onReady(channel.localAddress?.port ?? options.port) },
            logger: Logger(label: "livephoto.serve"))
    }

    /// Empties the work folder (as at start), for tests that use ``application(onReady:)`` directly.
    public func prepare() throws { try state.prepareWorkFolder() }
}

/// What the routes share.
final class ServerState: Sendable {
    let options: ServerOptions
    let uploads: UploadStore
    let jobs: JobQueue
    let previews: PreviewMaker
    let gallery: Gallery?
    /// ffmpeg runs for frames and previews, outside the job queue.
    let toolSlots: ToolSlots
    /// Motion Photos of the gallery being split into the cache, one run per item.
    let splits = OncePerKey<String>()
    /// The one Takeout import at a time, and the latest one's progress and summary.
    let imports = ImportSlot()
    /// The one gallery repair at a time.
    let repairs = RepairSlot()

    init(options: ServerOptions) {
        self.options = options
        let jobs = JobQueue(limit: options.maxConcurrentJobs, workDirectory: options.workDirectory)
        self.jobs = jobs
        uploads = UploadStore(
            root: "\(options.workDirectory)/uploads", limit: options.maxUploadBytes, workDirectory: options.workDirectory,
            storageLimit: options.maxStorageBytes, evict: { await jobs.evictOldestFinished() })
        toolSlots = ToolSlots(limit: options.maxConcurrentJobs)
        previews = PreviewMaker(ffmpegPath: options.ffmpegPath, slots: toolSlots)
        gallery = options.directory.map { Gallery(root: $0, indexPath: options.indexPath) }
    }

    var jobsFolder: String { "\(options.workDirectory)/jobs" }
    var galleryCache: String { "\(options.workDirectory)/gallery" }

    /// Removes what an earlier run left (this folder, and, in the shared `livephoto-serve-UID` folder, the folders
    /// of servers no longer running), then creates the folders, each private (0700) to this user.
    func prepareWorkFolder() throws {
        let fm = FileManager.default
        let parent = URL(fileURLWithPath: options.workDirectory).deletingLastPathComponent().path
        let shared = URL(fileURLWithPath: parent).lastPathComponent == "livephoto-serve-\(getuid())"
        if shared {
            try PrivateFolder.make(parent)
            for name in (try? fm.contentsOfDirectory(atPath: parent)) ?? [] {
                if let pid = Int32(name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                    try? fm.removeItem(atPath: "\(parent)/\(name)")
                }
            }
        }
        // A link planted in its place is removed, never followed (removeItem deletes the link itself).
        if PrivateFolder.exists(options.workDirectory) { try fm.removeItem(atPath: options.workDirectory) }
        try PrivateFolder.make(options.workDirectory)
        for folder in ["uploads", "jobs", "gallery"] { try PrivateFolder.make("\(options.workDirectory)/\(folder)") }
    }
}

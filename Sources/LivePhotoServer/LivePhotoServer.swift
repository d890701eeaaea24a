import Foundation
import Hummingbird
import LivePhotoKit
import LivePhotoMedia
import Logging

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
    /// start and removed at exit.
    public func run(onReady: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        try state.prepareWorkFolder()
        defer { try? FileManager.default.removeItem(atPath: options.workDirectory) }
        let app = application(onReady: onReady)
        let sweeper = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(60))
                await state.uploads.expire(olderThan: options.retention)
                await state.jobs.expire(olderThan: options.retention)
            }
        }
        defer { sweeper.cancel() }
        try await app.runService()
    }

    /// The Hummingbird application (for tests, which run it without binding a port).
    public func application(onReady: @escaping @Sendable (Int) -> Void = { _ in }) -> some ApplicationProtocol {
        Application(
            router: Routes.router(state),
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "livephoto"),
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

    init(options: ServerOptions) {
        self.options = options
        uploads = UploadStore(root: "\(options.workDirectory)/uploads", limit: options.maxUploadBytes)
        jobs = JobQueue(limit: options.maxConcurrentJobs)
        previews = PreviewMaker(ffmpegPath: options.ffmpegPath)
        gallery = options.directory.map(Gallery.init)
    }

    var jobsFolder: String { "\(options.workDirectory)/jobs" }
    var galleryCache: String { "\(options.workDirectory)/gallery" }

    /// Removes what an earlier run left (this folder, and beside it the folders of servers no longer running),
    /// then creates the folders.
    func prepareWorkFolder() throws {
        let fm = FileManager.default
        if fm.fileExists(atPath: options.workDirectory) { try fm.removeItem(atPath: options.workDirectory) }
        let parent = URL(fileURLWithPath: options.workDirectory).deletingLastPathComponent().path
        for name in (try? fm.contentsOfDirectory(atPath: parent)) ?? [] {
            if let pid = Int32(name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH { try? fm.removeItem(atPath: "\(parent)/\(name)") }
        }
        for folder in ["uploads", "jobs", "gallery"] {
            try fm.createDirectory(atPath: "\(options.workDirectory)/\(folder)", withIntermediateDirectories: true)
        }
    }
}

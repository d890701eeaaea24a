import Foundation

/// How `livephoto serve` runs.
public struct ServerOptions: Sendable {
    /// A folder whose Live Photos and Motion Photos the gallery shows; nil for no gallery.
    public var directory: String?
    public var host: String
    /// 0 picks a free port (the running server says which).
    public var port: Int
    /// The largest upload accepted, in bytes.
    public var maxUploadBytes: Int64
    /// Jobs (make, split, previews) run at once; the others wait their turn.
    public var maxConcurrentJobs: Int
    /// Where uploads, results and previews live while the server runs; emptied at start and at exit.
    public var workDirectory: String
    /// The ffmpeg to use for previews and non-lossless inputs; nil looks on the PATH.
    public var ffmpegPath: String?
    /// Uploads and job results older than this are removed.
    public var retention: Duration

    /// Servers share `TMPDIR/livephoto-serve-UID/`, each in a folder named by its process id; at start, the
    /// folders of processes no longer running are removed.
    public static var defaultWorkDirectory: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("livephoto-serve-\(getuid())/\(getpid())").path
    }

    public init(
        directory: String? = nil, host: String = "127.0.0.1", port: Int = 8080, maxUploadBytes: Int64 = 1 << 30,
        maxConcurrentJobs: Int = 2, workDirectory: String? = nil, ffmpegPath: String? = nil, retention: Duration = .seconds(3600)
    ) {
        self.directory = directory
        self.host = host
        self.port = port
        self.maxUploadBytes = maxUploadBytes
        self.maxConcurrentJobs = max(1, maxConcurrentJobs)
        self.workDirectory = workDirectory ?? Self.defaultWorkDirectory
        self.ffmpegPath = ffmpegPath
        self.retention = retention
    }
}

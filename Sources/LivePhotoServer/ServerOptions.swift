internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How `livephoto serve` runs.
public struct ServerOptions: Sendable {
    /// A folder whose Live Photos and Motion Photos the gallery shows; nil for no gallery.
    public var directory: String?
    /// The scan index that makes the gallery's rescans read only changed files (as `scan`'s); nil keeps none.
    public var indexPath: String?
    public var host: String
    /// Host names the server answers to besides IP addresses, `localhost` and `host` (`--allow-host`).
    public var allowedHosts: [String]
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
    /// A connection with no request under way is closed after this long (idle keep-alive, or a request that never
    /// finishes its headers).
    public var idleTimeout: Duration
    /// Connections open at once; past it, new ones wait in the kernel's queue. Kept below the file limit.
    public var maxConnections: Int
    /// Bytes that uploads and job results may take together; past it, the oldest finished jobs go, then 507.
    public var maxStorageBytes: Int64
    /// The secret a request from another host must carry (`?token=` once, then the cookie it sets); nil lets only
    /// this machine in. Requests from loopback addresses never need it.
    public var accessToken: String?
    /// Camera mode: the seconds of video kept before the shutter and recorded after it.
    public var captureBefore: Double = 1.5
    public var captureAfter: Double = 1.5
    /// Camera mode: a folder each Live Photo's pair is also saved in (nil: downloads only).
    public var capturesDirectory: String?
    /// Serve HTTPS with this certificate (cameras in a browser need a secure context off this machine).
    public var tls: TLSIdentity?
    /// The folder holding the web app's engine, `livephoto.js` and `livephoto.wasm` (as `scripts/wasm.sh` writes
    /// them), served under `/engine/`: the page then makes, splits, converts and edits in the browser and uploads only
    /// what needs ffmpeg. Nil: the page uploads for every job.
    public var engineDirectory: String?

    /// Servers share `TMPDIR/livephoto-serve-UID/`, each in a folder named by its process id; at start, the
    /// folders of processes no longer running are removed.
    public static var defaultWorkDirectory: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("livephoto-serve-\(getuid())/\(getpid())").path
    }

    public init(
        directory: String? = nil, host: String = "127.0.0.1", allowedHosts: [String] = [], port: Int = 8080,
        maxUploadBytes: Int64 = 1 << 30,
        maxConcurrentJobs: Int = 2, workDirectory: String? = nil, ffmpegPath: String? = nil, retention: Duration = .seconds(3600),
        idleTimeout: Duration = .seconds(30), maxConnections: Int = 256, maxStorageBytes: Int64? = nil, indexPath: String? = nil,
        accessToken: String? = nil
    ) {
        self.accessToken = accessToken
        self.indexPath = indexPath
        self.idleTimeout = idleTimeout
        self.maxConnections = max(1, maxConnections)
        self.directory = directory
        self.host = host
        self.allowedHosts = allowedHosts
        self.port = port
        self.maxUploadBytes = maxUploadBytes
        self.maxConcurrentJobs = max(1, maxConcurrentJobs)
        self.workDirectory = workDirectory ?? Self.defaultWorkDirectory
        self.ffmpegPath = ffmpegPath
        self.retention = retention
        self.maxStorageBytes = maxStorageBytes ?? Self.defaultStorage(for: self.workDirectory)
    }

    /// A new random token: 128 bits as 32 hexadecimal digits.
    public static func newAccessToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
    }

    /// Half the free space of the file system that holds the work folder (its nearest existing parent), at least
    /// 64 MB.
    public static func defaultStorage(for folder: String) -> Int64 {
        var url = URL(fileURLWithPath: folder)
        while !FileManager.default.fileExists(atPath: url.path), url.path != "/" { url.deleteLastPathComponent() }
        let free = FileManager.default.freeSpace(forPath: url.path)
        return max(64 << 20, (free ?? (8 << 30)) / 2)
    }
}

extension String {
    /// The string with zeros before it up to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}

import ArgumentParser
import LivePhotoKit
import LivePhotoServer
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the local web app: Assemble, Disassemble and take Live Photos in a browser, and view a folder's.",
        discussion: """
            Opens a web app on http://127.0.0.1:8080/ (this computer only, unless --host says otherwise). Assemble \
            makes a Live Photo from a photo and a video (or a video alone, choosing the cover on a scrubber) and \
            offers the pair (and, made by the server, the .pvt.zip); Disassemble takes a Live Photo or a Motion \
            Photo apart; Convert turns one into the other; Verify says what files are and whether a pair passes \
            verify. With DIR, a \
            gallery shows the Live Photos (paired by content identifier, as scan pairs them), the Motion Photos and \
            the orphans (a still whose movie is missing, or the reverse) found there, a page at a time; press and \
            hold one to play it. It keeps scan's index (--index, --no-index), so opening it again reads only the \
            files that changed. Import reads an export on this machine (a Google Takeout, Apple's data copy of \
            iCloud Photos, an icloudpd or osxphotos folder) into DIR, as the import command does, with a progress \
            bar and a summary; the gallery then shows it (but Hidden/). One import runs at a time.

            With the web app's engine (--engine; by default the livephoto-web folder beside this program, which \
            scripts/livephoto builds), Assemble, Disassemble, Convert, Verify and Edit's trim, sound and key \
            photo run in the browser on WebAssembly: nothing is uploaded for them. What needs ffmpeg (a WebM, a \
            GIF, an effect), the previews a browser cannot show, the gallery, Import and Camera still use the \
            server. Without the engine, every job is uploaded.

            Uploads stream to a temporary folder, private to your user (0700), that is emptied at start and \
            removed at exit. Previews for the browser (JPEG, H.264) need ffmpeg; downloads are always the \
            originals. Ctrl-C stops the server.

            Camera makes Live Photos as an iPhone does, from the browser's camera (a laptop's webcam, or a phone's \
            on the same network with --tls): it records all the time, and each press of the shutter (the button, \
            Space or Enter) takes a full-resolution still and keeps the video from --before seconds before the \
            press to --after seconds after it (1.5 each); the server makes the Live Photo with the cover on the \
            frame at the press. Presses in quick succession each give one.

            Other websites cannot use it: it answers only requests addressed to an IP address, localhost, --host \
            or an --allow-host name (no DNS rebinding), and refuses changes requested from another origin. Every \
            resource is bounded: uploads (--max-upload), storage for uploads and results (--max-storage; the \
            oldest results go first, then 507), connections (--max-connections, --idle-timeout), and ffmpeg runs \
            (--jobs, for jobs and for frames and previews alike).

            Listening beyond this machine (--host 0.0.0.0, or a network address), it lets other hosts in only with \
            a secret: it prints a link that carries a random token (?token=…), whose first use sets a cookie for \
            the rest of the visit; a request from another host without it gets 403. This machine needs no token. \
            --tls serves HTTPS (a phone's browser gives its camera to secure pages only): with --cert and --key, or \
            with a self-signed certificate made on first use and kept in $XDG_STATE_HOME/livephoto/tls (or \
            ~/.local/state/livephoto/tls); its SHA-256 fingerprint is printed, to compare with what the phone shows.

            Examples:
              livephoto serve
              livephoto serve ~/Pictures/Exported --port 9000
              livephoto serve --host 0.0.0.0 --allow-host mymac.local \\
                --max-upload 4096 --max-storage 20000
              livephoto serve --host 0.0.0.0 --tls  # a phone on the same network
              livephoto serve --before 1 --after 2  # Camera: 1 s before, 2 s after
              # keep each capture, and show them in the gallery:
              livephoto serve ~/Pictures/Live --captures ~/Pictures/Live/Camera
            """
    )

    @Argument(help: "A folder whose Live Photos and Motion Photos the gallery shows.")
    var directory: String?

    @Option(name: .long, help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "The port (0 picks a free one).")
    var port: Int = 8080

    @Option(name: .customLong("allow-host"), help: "A host name to answer to besides IP addresses, localhost and --host (repeatable).")
    var allowHost: [String] = []

    @Option(name: .customLong("max-upload"), help: "The largest upload accepted, in MB (1 to 1048576).")
    var maxUpload: Int = 1024

    @Option(name: .customLong("max-storage"), help: "MB that uploads and results may take together (default: half the free space).")
    var maxStorage: Int?

    @Option(name: .customLong("max-connections"), help: "Connections open at once (default 256; kept below the open-file limit).")
    var maxConnections: Int = 256

    @Option(name: .customLong("idle-timeout"), help: "Seconds before a connection with no request under way is closed.")
    var idleTimeout: Int = 30

    @Option(name: .long, help: "Jobs run at once; the others wait their turn.")
    var jobs: Int = 2

    @Option(name: .long, help: "The ffmpeg executable (default: ffmpeg on the PATH).")
    var ffmpeg: String?

    @Option(help: "The gallery's scan index (default: scan's, in the user's cache folder).")
    var index: String?

    @Flag(help: "Keep no scan index: the gallery reads every file each time it is opened.")
    var noIndex = false

    @OptionGroup var common: CommonOptions

    @Flag(
        name: .long,
        help:
            "Serve HTTPS (a browser's camera needs it off this machine): with --cert and --key, or a self-signed certificate made on first use and kept in your state folder."
    )
    var tls = false

    @Option(name: .long, help: "Camera: seconds of video kept before each press (0.5 to 5).")
    var before: Double = 1.5

    @Option(name: .long, help: "Camera: seconds of video recorded after each press (0.5 to 5).")
    var after: Double = 1.5

    @Option(
        name: .long,
        help:
            "Camera: also save each Live Photo's pair in this folder (made if missing; inside the gallery's folder, the gallery shows them)."
    )
    var captures: String?

    @Option(
        name: .long,
        help:
            "The web app's engine: a folder with livephoto.js and livephoto.wasm (scripts/wasm.sh DIR writes them; default: livephoto-web beside this program, when there)."
    )
    var engine: String?

    @Option(name: .long, help: "With --tls: the certificate (PEM, the chain).")
    var cert: String?

    @Option(name: .long, help: "With --tls: the certificate's private key (PEM).")
    var key: String?

    func validate() throws {
        if (cert == nil) != (key == nil) { throw ValidationError("--cert and --key go together") }
        if cert != nil && !tls { throw ValidationError("--cert and --key go with --tls") }
        if noIndex && index != nil { throw ValidationError("--index and --no-index cannot be given together") }
        if let directory {
            guard FileManager.default.isFolder(atPath: directory) else {
                throw ValidationError("\(directory) is not a folder")
            }
        }
        if let engine, Self.engineFolder(engine) == nil {
            throw ValidationError("--engine: \(engine) holds no livephoto.js and livephoto.wasm (scripts/wasm.sh \(engine) builds them)")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard (1...1_048_576).contains(maxUpload) else { throw ValidationError("--max-upload must be between 1 and 1048576 MB") }
        if let maxStorage, !(1...1 << 30).contains(maxStorage) { throw ValidationError("--max-storage must be between 1 and 2^30 MB") }
        guard (1...4 << 20).contains(maxConnections) else { throw ValidationError("--max-connections must be at least 1") }
        guard (1...3600).contains(idleTimeout) else { throw ValidationError("--idle-timeout must be between 1 and 3600 seconds") }
        guard (1...16).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 16") }
        guard (0.5...5).contains(before), (0.5...5).contains(after) else {
            throw ValidationError("--before and --after must be between 0.5 and 5 seconds")
        }
    }

    func run() async throws {
        common.bootstrap()
        var identity: TLSIdentity?
        if tls {
            do {
                if let cert, let key {
                    identity = try TLSIdentity.load(certificate: cert, key: key)
                } else {
                    identity = try await TLSIdentity.selfSigned(in: Self.stateFolder + "/tls", hosts: [host] + allowHost)
                }
            } catch {
                StandardStreams.error("livephoto: error: \(error)\n")
                throw ExitCode(Failure.badInput)
            }
        }
        // The soft open-file limit raised to the hard one; when that is still too low, the connections fit under it.
        var maxConnections = self.maxConnections
        if let limit = OpenFileLimit.raised() {
            guard let fitted = OpenFileLimit.connections(maxConnections, under: limit) else {
                StandardStreams.error(
                    "livephoto: error: this process may open only \(limit) files, too few to serve (ulimit -n to raise it)\n")
                throw ExitCode(Failure.usage)
            }
            if fitted < maxConnections {
                StandardStreams.error(
                    "livephoto serve: note: \(fitted) connections at once, not \(maxConnections): the open-file limit is \(limit) "
                        + "(ulimit -n to raise it)\n")
                maxConnections = fitted
            }
        }
        var options = ServerOptions(
            directory: directory, host: host, allowedHosts: allowHost, port: port, maxUploadBytes: Int64(maxUpload) << 20,
            maxConcurrentJobs: jobs, ffmpegPath: ffmpeg, idleTimeout: .seconds(idleTimeout), maxConnections: maxConnections,
            maxStorageBytes: maxStorage.map { Int64($0) << 20 }, indexPath: noIndex ? nil : index ?? ScanOptions.defaultIndexPath,
            accessToken: Self.isLoopback(host) ? nil : ServerOptions.newAccessToken())
        options.tls = identity
        options.engineDirectory =
            engine.flatMap(Self.engineFolder) ?? Self.executableFolder.flatMap { Self.engineFolder("\($0)/livephoto-web") }
        (options.captureBefore, options.captureAfter) = (before, after)
        if let captures {
            do {
                try FileManager.default.createDirectory(atPath: captures, withIntermediateDirectories: true)
            } catch {
                StandardStreams.error("livephoto: error: cannot make the captures folder \(captures): \(String(systemErrorOf: error))\n")
                throw ExitCode(Failure.writeFailed)
            }
            options.capturesDirectory = URL(fileURLWithPath: captures).standardizedFileURL.path
        }
        let host = self.host
        let scheme = identity == nil ? "http" : "https"
        let fingerprint = identity?.fingerprint
        let json = common.json
        let token = options.accessToken
        try await LivePhotoServer(options: options).run { bound in
            let url = "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(bound)/" + (token.map { "?token=\($0)" } ?? "")
            // Written straight to the descriptor (not buffered), so a script reading the pipe sees it at once.
            let line =
                json
                ? "{\"url\": \"\(url)\", \"port\": \(bound)\(token.map { ", \"token\": \"\($0)\"" } ?? "")"
                    + "\(fingerprint.map { ", \"fingerprint\": \"\($0)\"" } ?? "")}\n"
                : "livephoto serve: open \(url) (Ctrl-C stops)\n"
                    + (fingerprint.map { "  certificate SHA-256 \($0)\n" } ?? "")
            StandardStreams.output(line)
        }
    }

    /// `$XDG_STATE_HOME/livephoto`, else `~/.local/state/livephoto`: what is kept between runs.
    static var stateFolder: String {
        let state = ProcessInfo.processInfo.environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
        return (state ?? FileManager.default.homeDirectoryForCurrentUser.path + "/.local/state") + "/livephoto"
    }

    /// `folder` as an absolute path when it holds the engine's two files; nil otherwise.
    static func engineFolder(_ folder: String) -> String? {
        let path = URL(fileURLWithPath: folder).standardizedFileURL.path
        let files = ["livephoto.js", "livephoto.wasm"].map { "\(path)/\($0)" }
        return files.allSatisfy { FileManager.default.fileExists(atPath: $0) && !FileManager.default.isFolder(atPath: $0) } ? path : nil
    }

    /// The folder of this program's executable (links resolved), where the engine is looked for by default.
    static var executableFolder: String? {
        #if os(Linux)
            if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
                return URL(fileURLWithPath: path).deletingLastPathComponent().path
            }
        #endif
        let argument = CommandLine.arguments.first ?? ""
        guard argument.contains("/") else { return nil }
        return URL(fileURLWithPath: argument).resolvingSymlinksInPath().deletingLastPathComponent().path
    }

    /// True for an address only this machine reaches.
    static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased()
        return name == "localhost" || name.hasPrefix("127.") || name == "::1" || name == "[::1]"
    }
}

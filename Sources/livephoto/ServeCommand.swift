import ArgumentParser
import Foundation
import LivePhotoServer

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the local web app: Assemble and Disassemble Live Photos in a browser, and view a folder's.",
        discussion: """
            Opens a web app on http://127.0.0.1:8080/ (this computer only, unless --host says otherwise). Assemble
            makes a Live Photo from a photo and a video (or a video alone, choosing the cover on a scrubber) and
            offers the pair and the .pvt.zip; Disassemble takes a Live Photo or a Motion Photo apart. With DIR, a
            gallery shows the Live Photos and Motion Photos found there; press and hold one to play it.

            Uploads stream to a temporary folder that is emptied at start and removed at exit. Previews for the
            browser (JPEG, H.264) need ffmpeg; downloads are always the originals. Ctrl-C stops the server.

            Examples:
              livephoto serve
              livephoto serve ~/Pictures/Exported --port 9000
              livephoto serve --host 0.0.0.0 --max-upload 4096
            """
    )

    @Argument(help: "A folder whose Live Photos and Motion Photos the gallery shows.")
    var directory: String?

    @Option(name: .long, help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "The port (0 picks a free one).")
    var port: Int = 8080

    @Option(name: .customLong("max-upload"), help: "The largest upload accepted, in MB.")
    var maxUpload: Int = 1024

    @Option(name: .long, help: "Jobs run at once; the others wait their turn.")
    var jobs: Int = 2

    @Option(name: .long, help: "The ffmpeg executable (default: ffmpeg on the PATH).")
    var ffmpeg: String?

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if let directory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("\(directory) is not a folder")
            }
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard maxUpload > 0 else { throw ValidationError("--max-upload must be at least 1 MB") }
        guard (1...16).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 16") }
    }

    func run() async throws {
        common.bootstrap()
        let options = ServerOptions(
            directory: directory, host: host, port: port, maxUploadBytes: Int64(maxUpload) << 20, maxConcurrentJobs: jobs,
            ffmpegPath: ffmpeg)
        let host = self.host
        let json = common.json
        try await LivePhotoServer(options: options).run { bound in
            let url = "http://\(host.contains(":") ? "[\(host)]" : host):\(bound)/"
            // Written straight to the descriptor (not buffered), so a script reading the pipe sees it at once.
            let line = json ? "{\"url\": \"\(url)\", \"port\": \(bound)}\n" : "livephoto serve: open \(url) (Ctrl-C stops)\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    }
}

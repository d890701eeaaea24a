import Foundation

/// Independent readers: what exiftool, ffprobe and ffmpeg say about a file.
public enum Readers {
    /// exiftool's value of `tag` (e.g. `-MakerNotes:ContentIdentifier`), or nil.
    public static func exiftool(_ path: String, _ tags: [String]) async throws -> [String: String] {
        let r = try await Tool.run("exiftool", ["-json", "-a", "-G1"] + tags + [path])
        guard let array = try JSONSerialization.jsonObject(with: r.stdoutData) as? [[String: Any]], let first = array.first else {
            return [:]
        }
        return first.mapValues { "\($0)" }
    }

    /// exiftool's numeric values (`-j -n`) of `tags` (names without `-` or group), by tag name; a list joined with `|`.
    public static func exiftoolNumbers(_ path: String, _ tags: [String]) async throws -> [String: String] {
        let r = try await Tool.run("exiftool", ["-j", "-n"] + tags.map { "-\($0)" } + [path])
        let array = try JSONSerialization.jsonObject(with: r.stdoutData) as? [[String: Any]]
        return (array?.first ?? [:]).mapValues { value in
            if let list = value as? [Any] { return list.map { "\($0)" }.joined(separator: "|") }
            return "\(value)"
        }
    }

    /// The still's content identifier as exiftool reads it (ContentIdentifier, or MediaGroupUUID in exiftool 12.57).
    public static func exiftoolStillIdentifier(_ path: String) async throws -> String? {
        let tags = try await exiftool(path, ["-MakerNotes:ContentIdentifier", "-MakerNotes:MediaGroupUUID"])
        return tags["Apple:ContentIdentifier"] ?? tags["Apple:MediaGroupUUID"]
    }

    /// The movie's content identifier as exiftool reads it from the QuickTime keys.
    public static func exiftoolMovieIdentifier(_ path: String) async throws -> String? {
        try await exiftool(path, ["-Keys:ContentIdentifier"])["Keys:ContentIdentifier"]
    }

    /// ffprobe's streams, each a dictionary of its entries.
    public static func ffprobeStreams(_ path: String) async throws -> [[String: Any]] {
        let r = try await Tool.run("ffprobe", ["-v", "error", "-show_streams", "-of", "json", path])
        let object = try JSONSerialization.jsonObject(with: r.stdoutData) as? [String: Any]
        return object?["streams"] as? [[String: Any]] ?? []
    }

    /// `ffmpeg -f framemd5` of the video and audio, with the header comments removed.
    /// The still-image-time stream: the `mebx` stream with one packet (live-photo-info has one per frame).
    public static func stillImageTimeStream(_ streams: [[String: Any]]) -> [String: Any]? {
        streams.first { ($0["codec_tag_string"] as? String) == "mebx" && ($0["nb_frames"] as? String) == "1" }
    }

    public static func framemd5(_ path: String) async throws -> [String] {
        let r = try await Tool.run("ffmpeg", ["-v", "error", "-i", path, "-map", "0:v", "-map", "0:a?", "-f", "framemd5", "-"])
        return r.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    /// The frame digests of the first video stream alone (when the sound was encoded, only the pictures compare).
    public static func videoFramemd5(_ path: String) async throws -> [String] {
        let r = try await Tool.run("ffmpeg", ["-v", "error", "-i", path, "-map", "0:v:0", "-f", "framemd5", "-"])
        return r.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    /// The codec of the first audio stream (ffprobe's name), nil when there is none.
    public static func audioCodec(_ path: String) async throws -> String? {
        let r = try await Tool.run(
            "ffprobe", ["-v", "error", "-select_streams", "a:0", "-show_entries", "stream=codec_name", "-of", "csv=p=0", path])
        let name = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }

    /// Presentation times of packets of stream `index` (ffprobe's pts_time), in order.
    public static func packetTimes(_ path: String, stream index: Int) async throws -> [Double] {
        let r = try await Tool.run(
            "ffprobe", ["-v", "error", "-select_streams", "\(index)", "-show_entries", "packet=pts_time", "-of", "csv=p=0", path])
        return r.stdout.split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.sorted()
    }
}

extension Readers {
    /// The Python with pillow-heif that scripts/bootstrap.sh sets up (Debian's heif-convert cannot read recent iPhone HEICs).
    public static var python: String {
        let tools = "\(ProjectPaths.root)/.build/python-tools/bin/python"
        return FileManager.default.isExecutableFile(atPath: tools) ? tools : "python3"
    }

    /// Decodes an image (HEIC through pillow-heif, JPEG through Pillow) and returns its size and a digest of its pixels.
    public static func pixelDigest(_ path: String) async throws -> String {
        let script = """
            import sys, hashlib
            import pillow_heif
            pillow_heif.register_heif_opener()
            from PIL import Image
            im = Image.open(sys.argv[1])
            im.load()
            print(im.size[0], im.size[1], im.mode, hashlib.sha256(im.tobytes()).hexdigest())
            """
        return try await Tool.run(python, ["-c", script, path]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

import Foundation

/// Test media made by ffmpeg, each made once per test run and shared.
public struct ClipSpec: Sendable, Hashable, CustomStringConvertible {
    public enum Codec: String, Sendable { case h264, hevc }
    public enum Container: String, Sendable { case mov, mp4 }

    public var codec: Codec = .h264
    public var container: Container = .mov
    /// "30", "30000/1001", "60", "24000/1001"...
    public var rate: String = "30"
    public var seconds: Double = 3
    public var audio = false
    /// moov before mdat.
    public var faststart = false
    /// Display rotation in degrees (written as the track matrix).
    public var rotation = 0
    /// Variable frame rate: frames dropped at irregular times.
    public var variableRate = false
    /// Fragmented MP4 (movie fragments), as browsers record.
    public var fragmented = false

    public init(
        codec: Codec = .h264, container: Container = .mov, rate: String = "30", seconds: Double = 3, audio: Bool = false,
        faststart: Bool = false, rotation: Int = 0, variableRate: Bool = false, fragmented: Bool = false
    ) {
        self.codec = codec
        self.container = container
        self.rate = rate
        self.seconds = seconds
        self.audio = audio
        self.faststart = faststart
        self.rotation = rotation
        self.variableRate = variableRate
        self.fragmented = fragmented
    }

    public var description: String {
        // Every field that changes the file is in the name: clips with equal names would overwrite each other.
        var parts = [codec.rawValue, container.rawValue, "\(rate)fps", "\(seconds)s"]
        if audio { parts.append("audio") }
        if faststart { parts.append("moov-first") }
        if rotation != 0 { parts.append("rot\(rotation)") }
        if variableRate { parts.append("vfr") }
        if fragmented { parts.append("fragmented") }
        return parts.joined(separator: "-")
    }

    var fileName: String { description.replacingOccurrences(of: "/", with: "_") + "." + container.rawValue }

    func ffmpegArguments(output: String) -> [String] {
        var args = ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=192x108:rate=\(rate)"]
        if audio { args += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"] }
        args += ["-t", String(seconds)]
        if variableRate { args += ["-vf", "select='not(eq(mod(n\\,7)\\,3))*not(eq(mod(n\\,11)\\,5))'", "-fps_mode", "vfr"] }
        switch codec {
        case .h264: args += ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "15"]
        case .hevc:
            args += [
                "-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1", "-pix_fmt", "yuv420p", "-x265-params",
                "log-level=error:keyint=15",
            ]
        }
        if audio { args += ["-c:a", "aac", "-b:a", "64k"] }
        if faststart { args += ["-movflags", "+faststart"] }
        if fragmented { args += ["-movflags", "frag_keyframe+empty_moov"] }
        args.append(output)
        return args
    }
}

/// Makes clips on demand, into a folder removed when the process exits; concurrent requests for the same clip share
/// one ffmpeg run.
public actor ClipStore {
    public static let shared = ClipStore()

    private var folder: String?
    private var made: [ClipSpec: Task<String, any Error>] = [:]

    public func path(_ spec: ClipSpec) async throws -> String {
        if let existing = made[spec] { return try await existing.value }
        let dir = try folderPath()
        let task = Task.detached { () throws -> String in
            let out = "\(dir)/\(spec.fileName)"
            if spec.rotation == 0 {
                try await Tool.run("ffmpeg", spec.ffmpegArguments(output: out))
            } else {
                // ffmpeg 5.1 drops the rotate tag when encoding; a copy remux writes it as the track matrix.
                let plain = "\(dir)/unrotated-\(spec.fileName)"
                try await Tool.run("ffmpeg", spec.ffmpegArguments(output: plain))
                var remux = ["-v", "error", "-y", "-i", plain, "-map", "0", "-c", "copy", "-metadata:s:v:0", "rotate=\(spec.rotation)"]
                if spec.faststart { remux += ["-movflags", "+faststart"] }
                try await Tool.run("ffmpeg", remux + [out])
            }
            return out
        }
        made[spec] = task
        return try await task.value
    }

    /// A JPEG made by ffmpeg (JFIF, no Exif), `width`×`height`.
    public func jpeg(width: Int = 192, height: Int = 108) async throws -> String {
        let key = ClipSpec(codec: .h264, container: .mov, rate: "jpeg\(width)x\(height)", seconds: 0)
        if let existing = made[key] { return try await existing.value }
        let dir = try folderPath()
        let task = Task.detached { () throws -> String in
            let out = "\(dir)/photo-\(width)x\(height).jpg"
            try await Tool.run(
                "ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height)", "-frames:v", "1", out])
            return out
        }
        made[key] = task
        return try await task.value
    }

    private func folderPath() throws -> String {
        if let folder { return folder }
        // Removed when the test process exits.
        let f = try TemporaryFolders.make("livephoto-clips")
        folder = f
        return f
    }
}

internal import PortableFoundation

/// A frame or an image shrunk to a few thousand RGB pixels: enough to tell which of a video's frames a photo shows.
/// Colour, not luma alone: a picture's colours survive every conversion between YUV and RGB, its luma plane not always
/// (a source can carry its picture in chroma).
public struct Thumbnail: Sendable, Equatable {
    /// The frame's time as ffmpeg presents it (after edit lists), in seconds; 0 for an image.
    public var seconds: Double
    /// `width` × `height` RGB triplets, row by row.
    public var pixels: [UInt8]

    /// The mean absolute difference of two thumbnails of one size, 0 (equal) to 255; nil when their sizes differ.
    public func difference(from other: Thumbnail) -> Double? {
        guard pixels.count == other.pixels.count, !pixels.isEmpty else { return nil }
        var total = 0
        for (a, b) in zip(pixels, other.pixels) { total += abs(Int(a) - Int(b)) }
        return Double(total) / Double(pixels.count)
    }
}

extension FFmpeg {
    /// The size of every thumbnail: 16:9, small enough that a few seconds of frames take a few hundred KB.
    public static let thumbnailSize = (width: 64, height: 36)

    /// A thumbnail of each video frame of `input` from `start` to `start + duration` (ffmpeg's presentation times), made
    /// in `work` (a folder of the caller's) and read back. At most `maxFrames` are returned.
    public func thumbnails(_ input: String, start: Double, duration: Double, work: String, maxFrames: Int = 600)
        async throws(MediaToolError) -> [Thumbnail]
    {
        let times = "\(work)/thumbnail-times.txt", raw = "\(work)/thumbnails.rgb"
        defer {
            try? FileManager.default.removeItem(atPath: times)
            try? FileManager.default.removeItem(atPath: raw)
        }
        // `metadata` prints a frame's time only when it carries a key, so each frame is given one first. The time
        // file's path is escaped for the filter syntax.
        let escapedTimes = times.replacing(every: "\\", with: "\\\\").replacing(every: ":", with: "\\:")
            .replacing(every: "'", with: "\\'")
        let filter =
            "scale=\(Self.thumbnailSize.width):\(Self.thumbnailSize.height),format=rgb24,"
            + "metadata=mode=add:key=livephoto_frame:value=1,metadata=mode=print:key=livephoto_frame:file='\(escapedTimes)'"
        try await run(
            [
                // Times as the input has them (-copyts); the window read from the input, not cut from the output.
                "-copyts", "-ss", String(cFormat: "%.6f", max(0, start)), "-t", String(cFormat: "%.6f", duration), "-i", input,
                "-map", "0:v:0", "-fps_mode", "passthrough", "-frames:v", String(maxFrames), "-vf", filter, "-f", "rawvideo", raw,
            ], file: input, duration: nil)
        let size = Self.thumbnailSize.width * Self.thumbnailSize.height * 3
        guard let pixels = FileManager.default.contents(atPath: raw), let text = try? String(contentsOfFile: times, encoding: .utf8)
        else {
            throw .failed(tool: "ffmpeg", file: input, message: "no frames between \(start) s and \(start + duration) s")
        }
        let seconds = text.split(separator: "\n").compactMap { line -> Double? in
            guard let range = line.firstRange(of: "pts_time:") else { return nil }
            return Double(line[range.upperBound...].prefix { !$0.isWhitespace })
        }
        let count = min(seconds.count, pixels.count / size, maxFrames)
        return (0..<count).map { i in Thumbnail(seconds: seconds[i], pixels: [UInt8](pixels[(i * size)..<((i + 1) * size)])) }
    }

    /// A thumbnail of an image ffmpeg reads (JPEG, PNG, …), stretched to ``thumbnailSize`` whatever its shape.
    /// - Parameter asStored: true: the picture as its pixels are stored, whatever turn its Exif `Orientation` states;
    ///   false: as ffmpeg shows it, which some versions turn by that `Orientation` (5.1 does) and older ones do not.
    public func thumbnail(ofImage input: String, work: String, asStored: Bool = false) async throws(MediaToolError) -> Thumbnail {
        let raw = "\(work)/photo-thumbnail.rgb"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        try await run(
            (asStored ? ["-noautorotate"] : []) + [
                "-i", input, "-frames:v", "1", "-vf", "scale=\(Self.thumbnailSize.width):\(Self.thumbnailSize.height),format=rgb24",
                "-f", "rawvideo", raw,
            ], file: input, duration: nil)
        let size = Self.thumbnailSize.width * Self.thumbnailSize.height * 3
        guard let pixels = FileManager.default.contents(atPath: raw), pixels.count >= size else {
            throw .failed(tool: "ffmpeg", file: input, message: "the image could not be decoded")
        }
        return Thumbnail(seconds: 0, pixels: [UInt8](pixels.prefix(size)))
    }
}

import LivePhotoMedia
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Display copies for browsers, which show neither HEIC nor (Chromium) HEVC: a JPEG of a still, an H.264 MP4 of a
/// movie, and a JPEG of any frame of a movie. They are for showing only; the originals are never changed.
///
/// Each copy is written under a hidden temporary name beside its destination and renamed into place when complete,
/// so whoever finds the destination finds a whole file; a failed run leaves nothing.
package struct DisplayPreviews: Sendable {
    /// The ffmpeg to use; nil looks on the PATH.
    package var ffmpegPath: String?

    /// - Parameter ffmpegPath: the ffmpeg to use; nil looks on the PATH when one is needed.
    package init(ffmpegPath: String? = nil) {
        self.ffmpegPath = ffmpegPath
    }

    /// Writes a JPEG that shows `still` (a HEIC, or another still a browser cannot show): the still decoded by
    /// heif-convert or, when that cannot decode it, the frame of `movie` at `coverSeconds` (a Live Photo's still is
    /// that frame).
    /// - Parameters:
    ///   - still: the still to show.
    ///   - movie: the movie that goes with it, if any.
    ///   - coverSeconds: where in `movie` the still sits (0 when nil).
    ///   - output: where the JPEG goes; replaced when it exists.
    /// - Throws: `LivePhotoError` when neither way gives a picture.
    package func photo(_ still: String, movie: String?, coverSeconds: Double?, to output: String) async throws(LivePhotoError) {
        try await Self.staged(output) { temporary throws(LivePhotoError) in
            if let decoder = HEIFDecoder.locate(), (try? await decoder.decode(still, to: temporary)) != nil { return }
            guard let movie else {
                throw .unsupported(
                    file: still, reason: "heif-convert cannot decode it for display, and there is no video to take a frame from")
            }
            try await extractFrame(of: movie, at: coverSeconds ?? 0, quality: 85, to: temporary)
        }
    }

    /// Writes an MP4 of `movie` that browsers play (H.264, AAC, header first): the video stream copied when it is
    /// H.264 already, else encoded.
    /// - Parameters:
    ///   - movie: the movie to show.
    ///   - output: where the MP4 goes; replaced when it exists.
    /// - Throws: `LivePhotoError` when ffmpeg is missing or cannot read the movie.
    package func video(_ movie: String, to output: String) async throws(LivePhotoError) {
        let tool = try ffmpeg()
        try await Self.staged(output) { temporary throws(LivePhotoError) in
            do throws(MediaToolError) { try await tool.browserVideo(movie, to: temporary) } catch {
                throw MediaSteps.wrap(error, file: movie)
            }
        }
    }

    /// Writes the frame of `movie` shown at `seconds` as a JPEG.
    /// - Parameters:
    ///   - movie: the movie.
    ///   - seconds: the time of the frame (negative times count as 0).
    ///   - quality: the JPEG quality, 1...100.
    ///   - output: where the JPEG goes; replaced when it exists.
    /// - Throws: `LivePhotoError` when ffmpeg is missing or gives no frame there.
    package func frame(of movie: String, at seconds: Double, quality: Int = 80, to output: String) async throws(LivePhotoError) {
        try await Self.staged(output) { temporary throws(LivePhotoError) in
            try await extractFrame(of: movie, at: seconds, quality: quality, to: temporary)
        }
    }

    private func ffmpeg() throws(LivePhotoError) -> FFmpeg {
        do { return try FFmpeg.locate(explicitPath: ffmpegPath) } catch { throw MediaSteps.wrap(error, file: nil) }
    }

    private func extractFrame(of movie: String, at seconds: Double, quality: Int, to path: String) async throws(LivePhotoError) {
        let tool = try ffmpeg()
        do { try await tool.extractFrame(from: movie, seekSeconds: max(0, seconds), to: path, quality: quality) } catch {
            throw MediaSteps.wrap(error, file: movie)
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw .badInput(file: movie, reason: "ffmpeg produced no frame at \(seconds) s")
        }
    }

    /// Runs `write` on a hidden name beside `output` (with the same extension, which tools such as heif-convert go
    /// by), then renames it into place. Whatever the run left under that name is removed.
    private static func staged(_ output: String, _ write: (String) async throws(LivePhotoError) -> Void) async throws(LivePhotoError) {
        let url = URL(fileURLWithPath: output)
        let stem = StagingName.prefix(for: url.lastPathComponent) + UUID().uuidString.prefix(8)
        let folder = url.deletingLastPathComponent().path
        let temporary = "\(folder)/\(stem)" + (url.pathExtension.isEmpty ? "" : ".\(url.pathExtension)")
        defer { removeLeftovers(startingWith: stem, in: folder) }
        try await write(temporary)
        guard rename(temporary, output) == 0 else {
            throw .writeFailed(path: output, reason: "cannot move into place: \(String(cString: strerror(errno)))")
        }
    }

    /// Removes the temporary file and anything a tool wrote beside it under the same stem (heif-convert numbers
    /// the images of a file that holds several).
    private static func removeLeftovers(startingWith stem: String, in folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(stem) {
            try? FileManager.default.removeItem(atPath: "\(folder)/\(name)")
        }
    }
}

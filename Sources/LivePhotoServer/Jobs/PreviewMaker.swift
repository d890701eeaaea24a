import LivePhotoKit
internal import PortableFoundation

/// Display copies for browsers, which show neither HEIC nor (Chromium) HEVC: a JPEG of the still, an H.264 MP4 of
/// the movie, and frames for the cover scrubber, made by LivePhotoKit's ``DisplayPreviews``. Each is made once per
/// file name and reused: requests for the same copy share one run, and since a copy is written under a temporary
/// name and renamed, a file found under its name is whole. Downloads always send the originals.
struct PreviewMaker: Sendable {
    let previews: DisplayPreviews
    /// ffmpeg and heif-convert runs, shared with frame requests.
    let slots: ToolSlots
    let runs = OncePerKey<String>()

    init(ffmpegPath: String?, slots: ToolSlots) {
        previews = DisplayPreviews(ffmpegPath: ffmpegPath)
        self.slots = slots
    }

    /// A JPEG to show for `still`: the still itself when it is a JPEG, else `folder/preview.jpg` (the HEIC decoded,
    /// or the movie's frame at the cover time).
    func photo(_ still: String, movie: String?, cover: Double?, in folder: String) async throws -> String {
        if InputFile.kind(of: still) == .jpeg { return still }
        let output = "\(folder)/preview.jpg"
        let previews = self.previews
        return try await once(output, in: folder) {
            try await previews.photo(still, movie: movie, coverSeconds: cover, to: output)
        }
    }

    /// An H.264/AAC MP4 of `movie`, `folder/preview.mp4`.
    func video(_ movie: String, in folder: String) async throws -> String {
        let output = "\(folder)/preview.mp4"
        let previews = self.previews
        return try await once(output, in: folder) { try await previews.video(movie, to: output) }
    }

    /// The first frame of `movie`, `folder/frame.jpg`: what shows a movie whose still is missing.
    func firstFrame(of movie: String, in folder: String) async throws -> String {
        let output = "\(folder)/frame.jpg"
        let previews = self.previews
        return try await once(output, in: folder) { try await previews.frame(of: movie, at: 0, quality: 80, to: output) }
    }

    /// The frame of `movie` at `seconds`, as a JPEG beside it (`.frame-SECONDS.jpg`, to the millisecond).
    func frame(of movie: String, at seconds: Double) async throws -> String {
        let folder = URL(fileURLWithPath: movie).deletingLastPathComponent().path
        let output = "\(folder)/\(String(cFormat: ".frame-%.3f.jpg", seconds))"
        let previews = self.previews
        return try await once(output, in: folder) { try await previews.frame(of: movie, at: seconds, quality: 80, to: output) }
    }

    /// `output` when it exists; else runs `make` in a tool slot, unless a run for `output` is under way already.
    private func once(_ output: String, in folder: String, _ make: @escaping @Sendable () async throws -> Void) async throws -> String {
        if FileManager.default.fileExists(atPath: output) { return output }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let slots = self.slots
        try await runs.run(output) {
            try await slots.run {
                // A run that waited for its slot may find the copy made meanwhile by a run that has just ended.
                guard !FileManager.default.fileExists(atPath: output) else { return }
                try await make()
            }
        }
        return output
    }
}

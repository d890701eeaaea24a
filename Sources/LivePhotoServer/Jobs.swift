import Foundation
import LivePhotoKit

/// The work behind Assemble and Disassemble, and the gallery's parts.
enum Jobs {
    /// The part of a recording a Live Photo keeps around its cover, as a camera keeps it around the shutter.
    struct Window {
        var before: Double
        var after: Double
    }

    /// How far apart a browser's shutter and the frame its still shows may be: the recording's clock is the page's,
    /// and a camera takes its photo a moment after the press.
    static let shutterToStill = 0.3

    /// A Live Photo from a photo and a video (or a video alone): the pair and the `.pvt.zip`, then the previews.
    /// With `window`, only that much of the video around the cover is kept; `name` is the outputs' stem (the video's
    /// when nil).
    static func assemble(
        photo: String?, video: String, cover: Double?, window: Window? = nil, name: String? = nil, folder: String,
        state: ServerState, progress: @escaping @Sendable (JobStatus.Phase, Double) -> Void
    ) async throws -> JobResult {
        let out = "\(folder)/out"
        let stem = name ?? URL(fileURLWithPath: video).deletingPathExtension().lastPathComponent
        let made = try await LivePhotoMaker.make(
            photo: photo, video: video,
            options: MakeOptions(
                outputDirectory: out, name: stem, coverTime: cover, ffmpegPath: state.options.ffmpegPath,
                duration: window.map { $0.before + $0.after }, durationBeforeCover: window?.before,
                coverMatchesPhotoWithin: window == nil ? nil : Self.shutterToStill),
            progress: { p in progress(.operation(p.phase), 0.6 * p.fraction) })
        guard let stillPath = made.photo, let moviePath = made.movie else { throw LivePhotoError.invalidArgument("nothing was made") }
        // The bundle from the pair itself: the same bytes, identifier and cover (nothing is made twice).
        let bundle = try await LivePhotoMaker.make(
            photo: stillPath, video: moviePath,
            options: MakeOptions(outputDirectory: out, name: stem, identifier: made.identifier, packaging: .zippedBundle),
            progress: { p in progress(.zip, 0.6 + 0.1 * p.fraction) })
        var files = [file(.photo, stillPath), file(.video, moviePath)]
        if let zip = bundle.bundle { files.append(file(.bundle, zip)) }
        progress(.preview, 0.7)
        let previewFolder = "\(folder)/preview"
        try FileManager.default.createDirectory(atPath: previewFolder, withIntermediateDirectories: true)
        let previewPhoto = try await state.previews.photo(stillPath, movie: moviePath, cover: made.coverTime, in: previewFolder)
        let previewVideo = try await state.previews.video(moviePath, in: previewFolder)
        let how =
            "Photo: \(made.photoSource.rawValue); video: \(made.videoSource.rawValue); cover at \(String(format: "%.3f", made.coverTime)) s."
        return JobResult(
            files: files, hasPreview: true, coverTimeSeconds: made.coverTime, identifier: made.identifier.rawValue, summary: how,
            previewPhoto: previewPhoto, previewVideo: previewVideo)
    }

    /// A Live Photo (both files or a `.pvt.zip`) or a Motion Photo, taken apart; then the previews.
    static func disassemble(
        _ paths: [String], folder: String, state: ServerState, progress: @escaping @Sendable (JobStatus.Phase, Double) -> Void
    )
        async throws -> JobResult
    {
        let results = try await LivePhotoSplitter.split(
            paths, options: SplitOptions(outputDirectory: "\(folder)/out"),
            progress: { p in progress(.operation(p.phase), 0.5 * p.fraction) })
        guard let first = results.first else { throw LivePhotoError.invalidArgument("nothing to take apart") }
        progress(.preview, 0.6)
        let previewFolder = "\(folder)/preview"
        try FileManager.default.createDirectory(atPath: previewFolder, withIntermediateDirectories: true)
        let previewPhoto = try await state.previews.photo(first.photo, movie: first.video, cover: first.coverTimeSeconds, in: previewFolder)
        let previewVideo = try await state.previews.video(first.video, in: previewFolder)
        let kinds = [
            "live-photo": "a Live Photo", "pvt": "a .pvt bundle", "pvt-zip": "a .pvt.zip", "motion-photo": "a Motion Photo",
            "micro-video": "a MicroVideo Motion Photo", "samsung-motion-photo": "a Samsung Motion Photo",
        ]
        var summary = "This was \(kinds[first.kind.rawValue] ?? first.kind.rawValue)."
        if let cover = first.coverTimeSeconds { summary += String(format: " The still sits at %.3f s.", cover) }
        if !first.removed.isEmpty { summary += " Removed: \(first.removed.joined(separator: ", "))." }
        return JobResult(
            files: results.flatMap { [file(.photo, $0.photo), file(.video, $0.video)] }, hasPreview: true,
            coverTimeSeconds: first.coverTimeSeconds, identifier: nil, summary: summary, previewPhoto: previewPhoto,
            previewVideo: previewVideo)
    }

    static func file(_ role: JobFile.Role, _ path: String) -> JobFile {
        JobFile(
            role: role, name: URL(fileURLWithPath: path).lastPathComponent,
            size: (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64) ?? 0, path: path)
    }

    /// A gallery item's still and movie: a Motion Photo is split into the cache once (requests that come meanwhile
    /// wait for that split), on ``BlockingWork``'s threads since it copies the movie's bytes.
    static func galleryParts(_ item: GalleryItem, state: ServerState) async throws -> (photo: String?, movie: String?) {
        guard item.kind == .motionPhoto, let photo = item.photo else { return (item.photo, item.movie) }
        let folder = "\(state.galleryCache)/\(cacheKey(photo))/parts"
        let video = "\(folder)/part.mp4"
        if !FileManager.default.fileExists(atPath: video) {
            try await state.splits.run(folder) {
                guard !FileManager.default.fileExists(atPath: video) else { return }
                try await BlockingWork.run {
                    _ = try await LivePhotoSplitter.split(
                        [photo], options: SplitOptions(outputDirectory: folder, name: "part", force: true))
                }
            }
        }
        return (photo, video)
    }

    /// A name for a file's cache folder, from its path, size and modification time (FNV-1a).
    static func cacheKey(_ path: String) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let text = "\(path)|\(attributes?[.size] ?? 0)|\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        return String(StableHash.fnv1a(text), radix: 16)
    }
}

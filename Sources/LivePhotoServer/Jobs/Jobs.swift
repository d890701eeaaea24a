import LivePhotoKit
internal import PortableFoundation

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
        photo: String?, video: String, cover: Double?, refusesForeignMakerNote: Bool = false, window: Window? = nil,
        name: String? = nil, folder: String, state: ServerState, progress: @escaping @Sendable (JobStatus.Phase, Double) -> Void
    ) async throws -> JobResult {
        let out = "\(folder)/out"
        let stem = name ?? URL(fileURLWithPath: video).deletingPathExtension().lastPathComponent
        // One make writes the pair and its .pvt.zip.
        var options = MakeOptions(
            outputDirectory: out, name: stem, coverTime: cover, ffmpegPath: state.options.ffmpegPath,
            duration: window.map { $0.before + $0.after }, durationBeforeCover: window?.before,
            coverMatchesPhotoWithin: window == nil ? nil : Self.shutterToStill)
        options.zipsPairToo = true
        options.refusesForeignMakerNote = refusesForeignMakerNote
        // A browser's recording: its frames on the camera's own rate, without the recorder's jitter.
        options.snapsToCameraRate = window != nil
        let made = try await LivePhotoMaker.make(
            photo: photo, video: video, options: options, progress: { p in progress(.operation(p.phase), 0.7 * p.fraction) })
        guard let stillPath = made.photo, let moviePath = made.movie else { throw LivePhotoError.invalidArgument("nothing was made") }
        var files = [file(.photo, stillPath), file(.video, moviePath)]
        if let zip = made.bundle { files.append(file(.bundle, zip)) }
        progress(.preview, 0.7)
        let previewFolder = "\(folder)/preview"
        try FileManager.default.createDirectory(atPath: previewFolder, withIntermediateDirectories: true)
        let previewPhoto = try await state.previews.photo(stillPath, movie: moviePath, cover: made.coverTime, in: previewFolder)
        let previewVideo = try await state.previews.video(moviePath, in: previewFolder)
        let how =
            "Photo: \(made.photoSource.rawValue); video: \(made.videoSource.rawValue); cover at \(String(cFormat: "%.3f", made.coverTime)) s."
        return JobResult(
            files: files, hasPreview: true, coverTimeSeconds: made.coverTime, identifier: made.identifier.rawValue, summary: how,
            previewPhoto: previewPhoto, previewVideo: previewVideo,
            notes: (made.wallpaperWarnings.map { "the lock-screen wallpaper will not animate: \($0)" } + made.notes).map {
                ServerText.hidingPaths(in: $0, under: state.options.workDirectory)
            })
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
        if let cover = first.coverTimeSeconds { summary += String(cFormat: " The still sits at %.3f s.", cover) }
        if !first.removed.isEmpty { summary += " Removed: \(first.removed.joined(separator: ", "))." }
        return JobResult(
            files: results.flatMap { [file(.photo, $0.photo), file(.video, $0.video)] }, hasPreview: true,
            coverTimeSeconds: first.coverTimeSeconds, identifier: nil, summary: summary, previewPhoto: previewPhoto,
            previewVideo: previewVideo)
    }

    /// What the Edit view asks for: a new key photo, a range, the sound; or an effect instead of a Live Photo.
    struct EditChoice: Sendable {
        var keyPhoto: Double?
        var trimStart: Double?
        var trimEnd: Double?
        var mute: Bool
        var effect: ExportEffect?
    }

    /// A Live Photo (its photo and movie in either order, or a `.pvt.zip`) edited (the pair and the `.pvt.zip`, then
    /// the previews), or made into a Loop, a Bounce (an MP4) or a Long Exposure (a still).
    static func edit(
        _ inputs: [String], choice: EditChoice, folder: String, state: ServerState,
        progress: @escaping @Sendable (JobStatus.Phase, Double) -> Void
    ) async throws -> JobResult {
        let out = "\(folder)/out"
        let previewFolder = "\(folder)/preview"
        try FileManager.default.createDirectory(atPath: previewFolder, withIntermediateDirectories: true)
        let photo = inputs.first { InputFile.kind(of: $0).isStill }
        let stem = URL(fileURLWithPath: photo ?? inputs.first ?? "edited").deletingPathExtension().lastPathComponent
        if let effect = choice.effect {
            guard let movie = inputs.first(where: { InputFile.kind(of: $0).isMovie }) else {
                throw LivePhotoError.invalidArgument("An effect is made from the Live Photo's movie: choose its photo and its movie.")
            }
            let exported = try await LivePhotoExporter.export(
                movie: movie,
                options: ExportOptions(
                    format: .mp4, outputDirectory: out, name: "\(stem)-\(effect.rawValue)", ffmpegPath: state.options.ffmpegPath,
                    effect: effect,
                    photo: photo),
                progress: { p in progress(.operation(p.phase), 0.8 * p.fraction) })
            progress(.preview, 0.8)
            if effect == .longExposure {
                let preview = try await state.previews.photo(exported.output, movie: nil, cover: nil, in: previewFolder)
                let frames =
                    exported.framesAveraged.map { " the mean of \($0) frames\(exported.stabilized == true ? ", stabilised" : "")" } ?? ""
                return JobResult(
                    files: [file(.photo, exported.output)], hasPreview: false, coverTimeSeconds: nil, identifier: nil,
                    summary: "A Long Exposure:\(frames).", previewPhoto: preview, previewVideo: nil)
            }
            let still = try await state.previews.firstFrame(of: exported.output, in: previewFolder)
            return JobResult(
                files: [file(.video, exported.output)], hasPreview: false, coverTimeSeconds: nil, identifier: nil,
                summary: effect == .loop ? "A Loop: its end fades into its start." : "A Bounce: forward, then back.",
                previewPhoto: still, previewVideo: exported.output)
        }
        // One edit writes the pair and its .pvt.zip.
        var options = EditOptions(
            outputDirectory: out, name: stem, keyPhotoTime: choice.keyPhoto, trimStart: choice.trimStart, trimEnd: choice.trimEnd,
            mute: choice.mute, ffmpegPath: state.options.ffmpegPath)
        options.zipsPairToo = true
        let edited = try await LivePhotoEditor.edit(
            inputs, options: options, progress: { p in progress(.operation(p.phase), 0.7 * p.fraction) })
        guard let stillPath = edited.photo, let moviePath = edited.movie else { throw LivePhotoError.invalidArgument("nothing was made") }
        var files = [file(.photo, stillPath), file(.video, moviePath)]
        if let zip = edited.bundle { files.append(file(.bundle, zip)) }
        progress(.preview, 0.7)
        let previewPhoto = try await state.previews.photo(stillPath, movie: moviePath, cover: edited.keyPhotoTime, in: previewFolder)
        let previewVideo = try await state.previews.video(moviePath, in: previewFolder)
        var changes: [String] = []
        if let range = edited.trimmed { changes.append(String(cFormat: "kept %.2f s to %.2f s", range.start, range.end)) }
        if edited.muted { changes.append("sound off") }
        if edited.keyPhotoChanged { changes.append(String(cFormat: "a new key photo at %.2f s", edited.keyPhotoTimeInInput)) }
        if edited.gainMapDropped { changes.append("its HDR gain map dropped") }
        return JobResult(
            files: files, hasPreview: true, coverTimeSeconds: edited.keyPhotoTime, identifier: edited.identifier,
            summary: "Edited, without re-encoding the movie: \(changes.isEmpty ? "nothing changed" : changes.joined(separator: ", ")).",
            previewPhoto: previewPhoto, previewVideo: previewVideo)
    }

    static func file(_ role: JobFile.Role, _ path: String) -> JobFile {
        JobFile(
            role: role, name: URL(fileURLWithPath: path).lastPathComponent,
            size: FileManager.default.sizeOfItem(atPath: path) ?? 0, path: path)
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

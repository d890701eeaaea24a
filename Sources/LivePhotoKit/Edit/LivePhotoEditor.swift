import Logging
import MediaFormats
internal import PortableFoundation

/// Edits a Live Photo as iOS Photos does, into a new one (the inputs are never touched): a new key photo, a range of
/// the movie kept, the sound left out. The movie's samples are copied, never re-encoded; only a new key photo is
/// decoded and encoded, as `make VIDEO` takes its cover.
public enum LivePhotoEditor {
    static let logger = Logger(label: "livephoto.edit")

    /// Edits the Live Photo `paths` names: its photo and movie (either order), one of them (the other is looked for
    /// beside it), a `.pvt` folder or a `.pvt.zip`.
    /// - Throws: ``LivePhotoError``: `.invalidArgument` for a range or a key photo outside the movie, an empty range,
    ///   or a key photo outside the range kept; nothing is written when it throws.
    public static func edit(_ paths: [String], options: EditOptions, progress: ProgressHandler? = nil) async throws(LivePhotoError)
        -> EditResult
    {
        let units = try LivePhotoSplitter.group(paths)
        guard units.count == 1, let unit = units.first else {
            throw .invalidArgument("give one Live Photo to edit (its photo and movie, a .pvt or a .pvt.zip); \(units.count) were given")
        }
        switch unit {
        case .pair(let still, let movie, let note):
            var result = try await edit(still: still, movie: movie, options: options, progress: progress)
            if let note { result.notes.insert(note, at: 0) }
            return result
        case .bundle(let folder):
            let (still, movie) = try BundleReader.members(ofFolder: folder)
            return try await edit(still: still, movie: movie, options: options, progress: progress)
        case .zippedBundle(let zip):
            try OutputLocation.prepareFolder(options.outputDirectory)
            let work = try OutputLocation.temporaryFolder(beside: "\(options.outputDirectory)/\(PlannedOutputs.bundleStem(zip))")
            defer { OutputLocation.remove(work) }
            do throws(LivePhotoError) {
                let (still, movie) = try BundleReader.extract(zip: zip, into: work)
                var options = options
                options.name = options.name ?? PlannedOutputs.bundleStem(zip)
                return try await edit(still: still, movie: movie, options: options, progress: progress)
            } catch {
                throw error.renamingFiles(in: work) { name in name.isEmpty ? zip : "\(zip)/\(name)" }
            }
        case .motionPhoto(let path):
            throw .badInput(
                file: path,
                reason: "not a Live Photo: a photo alone, with no movie of its identifier beside it (a Motion Photo can be edited "
                    + "once convert --to live makes it one)")
        }
    }

    static func edit(still: String, movie: String, options: EditOptions, progress: ProgressHandler?) async throws(LivePhotoError)
        -> EditResult
    {
        let stillInput = try InputFile(path: still), movieInput = try InputFile(path: movie)
        let movieFile = movieInput.file
        let parsed = try naming(movie) { try Movie(file: movieFile) }
        let facts = MovieFacts(movie: parsed)
        let stillReport = FileAnalysis(stillInput, depth: .identity).report
        guard let kept = stillReport.contentIdentifier ?? facts.contentIdentifier, let identifier = ContentIdentifier(kept) else {
            throw .badInput(file: still, reason: "not a Live Photo: neither the photo nor \(movie) carries a content identifier")
        }
        let duration = facts.videoDuration
        let oldCover = facts.stillImageTimeTracks.first.flatMap { facts.stillImageTime($0, file: movieFile) }?.seconds

        // The range and the key photo, checked before anything is written.
        func seconds(_ t: Double) -> String { CoverTime.format(t) }
        for (name, value) in [("start", options.trimStart), ("end", options.trimEnd), ("key photo", options.keyPhotoTime)] {
            if let value, !value.isFinite || value < 0 { throw .invalidArgument("the \(name) time \(value) is not a time in the movie") }
        }
        if let start = options.trimStart, let end = options.trimEnd, end <= start {
            throw .invalidArgument("the range \(seconds(start))..\(seconds(end)) is empty")
        }
        if let start = options.trimStart, start >= duration {
            throw .invalidArgument("the range starts at \(seconds(start)) s, past the movie's end (\(seconds(duration)) s)")
        }
        if let key = options.keyPhotoTime, key > duration + 0.0005 {
            throw .invalidArgument("the key photo at \(seconds(key)) s lies past the movie's end (\(seconds(duration)) s)")
        }
        guard let cover = options.keyPhotoTime ?? oldCover else {
            throw .invalidArgument("the movie names no key photo time (no still-image-time track); give --key-photo")
        }
        let edit = MovieEdit(start: options.trimStart, end: options.trimEnd, mute: options.mute)
        var range: EditResult.Range?
        if edit.trims {
            let (_, cut) = try edit.apply(to: parsed, file: movie)
            if let cut {
                range = EditResult.Range(
                    start: cut.startSeconds, end: cut.startSeconds + cut.durationSeconds, keyframe: cut.keyframeSeconds)
                guard cover > cut.startSeconds - 0.0005, cover < cut.startSeconds + cut.durationSeconds else {
                    throw .invalidArgument(
                        "the key photo at \(seconds(cover)) s lies outside the range kept (\(seconds(cut.startSeconds)) to "
                            + "\(seconds(cut.startSeconds + cut.durationSeconds)) s); give --key-photo inside it")
                }
            }
        }

        let format = stillInput.kind
        let newKeyPhoto = options.keyPhotoTime != nil
        let hadGainMap = newKeyPhoto && hasGainMap(stillInput)
        var make = MakeOptions(
            outputDirectory: options.outputDirectory,
            name: options.name ?? URL(fileURLWithPath: still).deletingPathExtension().lastPathComponent, coverTime: cover,
            identifier: options.newIdentifier ? ContentIdentifier() : identifier, packaging: options.packaging, force: options.force,
            quality: options.quality, ffmpegPath: options.ffmpegPath, photoFormat: format == .heic ? .heic : .jpeg)
        make.movieEdit = edit
        if newKeyPhoto { make.keyPhotoMetadata = still }
        make.zipsPairToo = options.zipsPairToo
        let made = try await LivePhotoMaker.make(
            photo: newKeyPhoto ? nil : still, video: movie, videoFile: movieInput, photoFile: newKeyPhoto ? nil : stillInput,
            options: make, progress: progress)
        var notes = made.notes
        if hadGainMap { notes.append("the photo's HDR gain map belongs to the old key photo; the new one has none") }
        if options.mute, !parsed.tracks.contains(where: \.isAudio) { notes.append("the movie had no sound to take out") }
        let start = range?.start ?? 0
        return EditResult(
            identifier: made.identifier.rawValue, newIdentifier: options.newIdentifier, keyPhotoTime: made.coverTime,
            keyPhotoTimeInInput: made.coverTime + start, keyPhotoChanged: newKeyPhoto, trimmed: range, muted: options.mute,
            gainMapDropped: hadGainMap, reencoded: made.reencodedVideo, photo: made.photo, movie: made.movie, bundle: made.bundle,
            notes: notes)
    }

    /// True when the still holds an HDR gain map: a HEIC's auxiliary image, a JPEG's second image (MPF).
    static func hasGainMap(_ input: InputFile) -> Bool {
        let file = input.file
        switch input.kind {
        case .heic: return (try? HEIFFile(file: file))?.hasGainMap ?? false
        case .jpeg: return ((try? JPEGFile(file: file)).flatMap { try? $0.mpfSegment(in: file) }) != nil
        default: return false
        }
    }
}

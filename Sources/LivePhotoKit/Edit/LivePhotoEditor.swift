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
    /// - Throws: `LivePhotoError`: `.invalidArgument` for a range or a key photo outside the movie, an empty range,
    ///   or a key photo outside the range kept; nothing is written when it throws.
    public static func edit(_ paths: [String], options: EditOptions, progress: ProgressHandler? = nil) async throws(LivePhotoError)
        -> EditResult
    {
        let units = try await LivePhotoSplitter.group(paths)
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
                    + "once it is converted to a Live Photo)")
        }
    }

    static func edit(still: String, movie: String, options: EditOptions, progress: ProgressHandler?) async throws(LivePhotoError)
        -> EditResult
    {
        let flow = EditFlow(still: try InputFile(path: still), movie: try InputFile(path: movie), settings: options.settings)
        let shell = NativeShell(
            ffmpegPath: options.ffmpegPath, outputDirectory: options.outputDirectory, workName: options.name ?? "edit", progress: progress)
        defer { shell.finish() }
        let edited = try await shell.run(flow)
        var make = MakeOptions(outputDirectory: options.outputDirectory, packaging: options.packaging, force: options.force)
        make.zipsPairToo = options.zipsPairToo
        do throws(LivePhotoError) {
            let made = try LivePhotoMaker.write(
                edited.made, options: make, inputs: [still, movie], datedLike: (edited.made.photoDatedLike.path, movie), progress: progress)
            return edited.result(made)
        } catch {
            // What was read from a file the shell made (a new key photo) is named after the input it came from.
            throw shell.naming(error)
        }
    }
}

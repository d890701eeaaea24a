import LivePhotoMedia
import Logging
import MediaFormats
internal import PortableFoundation

/// Where `split` and ``LivePhotoConverter/toMotionPhoto(photo:movie:options:progress:)`` write.
public struct SplitOptions: Sendable {
    /// The folder outputs go to; created when missing.
    public var outputDirectory: String
    /// The output stem; defaults to the input's (a Motion Photo's `.MP` suffix dropped; for a Motion Photo made from a
    /// Live Photo, the photo's, as in `STEM.MP.jpg`).
    public var name: String?
    /// Overwrite existing outputs, and take a photo and a movie that belong to different Live Photos (a split gives
    /// each its own name).
    public var force: Bool

    public init(outputDirectory: String = ".", name: String? = nil, force: Bool = false) {
        self.outputDirectory = outputDirectory
        self.name = name
        self.force = force
    }
}

/// Takes Live Photos and Motion Photos apart into a plain photo and a plain video, without re-encoding.
public enum LivePhotoSplitter {
    static let logger = Logger(label: "livephoto.split")

    /// One thing to split.
    enum Unit {
        /// `note` says how one part was found beside the other, when only one was given.
        case pair(still: String, movie: String, note: String? = nil)
        case bundle(String)
        case zippedBundle(String)
        case motionPhoto(String)
    }

    /// Splits each input: a Live Photo pair (its still and movie, in either order), a `.pvt` folder, a `.pvt.zip`,
    /// or a Motion Photo. Stills and movies given together are paired by name (or, for one of each, as they are).
    ///
    /// - Returns: one result per Live Photo or Motion Photo.
    /// - Throws: `LivePhotoError`; nothing is left in the output folder when it does.
    public static func split(_ paths: [String], options: SplitOptions, progress: ProgressHandler? = nil) async throws(LivePhotoError)
        -> [SplitResult]
    {
        let units = try await group(paths)
        try OutputLocation.prepareFolder(options.outputDirectory)
        try SplitFlow.checkName(options.name, items: units.count)
        var placed: [String] = []
        var results: [SplitResult] = []
        do throws(LivePhotoError) {
            for unit in units {
                results.append(try splitUnit(unit, options: options, progress: progress, placed: &placed))
            }
        } catch {
            PendingOutputs.shared.rollBack(placed)
            throw error
        }
        PendingOutputs.shared.finish(placed)
        return results
    }

    /// The items `paths` name: `.pvt` folders and zips as they are, the stills and movies as ``SplitFlow`` makes them
    /// (the other half of a part given alone found beside it).
    static func group(_ paths: [String]) async throws(LivePhotoError) -> [Unit] {
        guard !paths.isEmpty else { throw SplitFlow.nothingGiven }
        var units: [Unit] = []
        var files: [InputFile] = []
        for path in paths {
            guard FileManager.default.fileExists(atPath: path) else {
                throw .io(path: path, reason: "no such file")
            }
            if FileManager.default.isFolder(atPath: path) {
                units.append(.bundle(path))
                continue
            }
            let input = try InputFile(path: path)
            if input.kind == .zip {
                units.append(.zippedBundle(path))
            } else {
                files.append(input)
            }
        }
        let shell = NativeShell(ffmpegPath: nil, outputDirectory: ".", workName: "split", progress: nil)
        defer { shell.finish() }
        for item in try await shell.run(SplitFlow(files: files)) {
            switch item {
            case .pair(let still, let movie, let note): units.append(.pair(still: still.path, movie: movie.path, note: note))
            case .motionPhoto(let still): units.append(.motionPhoto(still.path))
            }
        }
        return units
    }

    static func splitUnit(_ unit: Unit, options: SplitOptions, progress: ProgressHandler?, placed: inout [String])
        throws(LivePhotoError) -> SplitResult
    {
        switch unit {
        case .pair(let still, let movie, let note):
            var result = try splitPair(
                still: still, movie: movie, inputs: [still, movie], packaging: .pair, stem: options.name ?? PlannedOutputs.baseStem(still),
                options: options, progress: progress, placed: &placed)
            if let note { result.notes.insert(note, at: 0) }
            return result
        case .bundle(let folder):
            let (still, movie) = try BundleReader.members(ofFolder: folder)
            return try splitPair(
                still: still, movie: movie, inputs: [folder], packaging: .bundle, stem: options.name ?? PlannedOutputs.bundleStem(folder),
                options: options, progress: progress, placed: &placed)
        case .zippedBundle(let zip):
            let destination = "\(options.outputDirectory)/\(PlannedOutputs.bundleStem(zip))"
            let work = try OutputLocation.temporaryFolder(beside: destination)
            defer { OutputLocation.remove(work) }
            do throws(LivePhotoError) {
                let (still, movie) = try BundleReader.extract(zip: zip, into: work)
                return try splitPair(
                    still: still, movie: movie, inputs: [zip], packaging: .zippedBundle,
                    stem: options.name ?? PlannedOutputs.bundleStem(zip),
                    options: options, progress: progress, placed: &placed)
            } catch {
                // A member is named as inside the zip, never by where it was extracted.
                throw error.renamingFiles(in: work) { name in name.isEmpty ? zip : "\(zip)/\(name)" }
            }
        case .motionPhoto(let path):
            return try splitMotionPhoto(path, options: options, progress: progress, placed: &placed)
        }
    }

    static func splitPair(
        still: String, movie: String, inputs: [String], packaging: Packaging, stem: String, options: SplitOptions,
        progress: ProgressHandler?, placed: inout [String]
    ) throws(LivePhotoError) -> SplitResult {
        let plan = try SplitPlan.pair(
            still: InputFile(path: still), movie: InputFile(path: movie), inputs: inputs, packaging: packaging, stem: stem,
            named: options.name != nil, force: options.force, folder: options.outputDirectory)
        let counter = ProgressCounter(total: plan.photo.copiedBytes + plan.movie.copiedBytes, handler: progress)
        let outputs = try OutputTransaction([plan.photoPath, plan.moviePath], inputs: [still, movie], force: options.force)
        let stagedPhoto = try outputs.stage(plan.photoPath, datedLike: still)
        let stagedMovie = try outputs.stage(plan.moviePath, datedLike: movie)
        try stagedPhoto.write(plan.photo, progress: counter.add)
        try stagedMovie.write(plan.movie, progress: counter.add)
        placed += try outputs.commit(finishing: false)
        return plan.result
    }

    static func splitMotionPhoto(_ path: String, options: SplitOptions, progress: ProgressHandler?, placed: inout [String])
        throws(LivePhotoError) -> SplitResult
    {
        let plan = try SplitPlan.motionPhoto(
            InputFile(path: path), stem: options.name ?? PlannedOutputs.baseStem(path), folder: options.outputDirectory)
        let counter = ProgressCounter(total: plan.photo.copiedBytes + plan.movie.copiedBytes, handler: progress)
        let outputs = try OutputTransaction([plan.photoPath, plan.moviePath], inputs: [path], force: options.force)
        let stagedPhoto = try outputs.stage(plan.photoPath, datedLike: path)
        let stagedVideo = try outputs.stage(plan.moviePath, datedLike: path)
        try stagedPhoto.write(plan.photo, progress: counter.add)
        try stagedVideo.write(plan.movie, progress: counter.add)
        placed += try outputs.commit(finishing: false)
        for note in plan.result.notes { logger.info("\(path): \(note)") }
        return plan.result
    }
}

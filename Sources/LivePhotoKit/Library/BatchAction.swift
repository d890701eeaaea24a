import MediaFormats
internal import PortableFoundation

/// What a batch does to each item of a library: the command-line's `convert`, `split`, `verify`, `export` and
/// `make` on folders.
public enum BatchAction: Sendable {
    /// Every Live Photo to a Motion Photo (iPhone to Android); the options' flavour, codec and identifier apply, their
    /// folder, name and force are the batch's.
    case toMotionPhoto(MotionConversionOptions)
    /// Every Motion Photo to a Live Photo (Android to iPhone); the options' packaging, cover and codec apply, their
    /// folder, name and force are the batch's.
    case toLivePhoto(MakeOptions)
    /// Every Live Photo and Motion Photo to a plain photo and a plain video.
    case split
    /// Every Live Photo checked as Photos would; orphans and conflicts fail with their reason. Writes nothing.
    case verify
    /// Every Live Photo's movie as a GIF, MP4 or WebP; the options' folder, name and force are the batch's.
    case export(ExportOptions)
    /// Every movie without a still (plain videos, and Live Photo movies whose still is missing) made into a Live
    /// Photo, the still taken from the video; the options' folder, name and force are the batch's.
    case make(MakeOptions)

    /// What the core plans for the actions a browser runs too (``BatchTarget``); nil for the others.
    var target: BatchTarget? {
        switch self {
        case .toMotionPhoto(let options): .motionPhoto(flavor: options.flavor)
        case .toLivePhoto(let options): .livePhoto(packaging: options.packaging, photoFormat: options.photoFormat)
        case .split: .split
        case .verify, .export, .make: nil
        }
    }

    /// The kinds of item the action takes; the others are left alone.
    public var kinds: Set<LibraryItem.Kind> {
        switch self {
        case .toMotionPhoto, .toLivePhoto, .split: target?.kinds ?? []
        case .export: [.livePhoto]
        case .verify: [.livePhoto, .orphanStill, .orphanMovie, .conflict]
        case .make: [.plainMovie, .orphanMovie]
        }
    }

    /// The stem outputs are named after: the first file's name without its extension (or Motion Photo mark).
    static func stem(of item: LibraryItem) -> String { BatchPlan.stem(of: item) }

    /// The files the action writes for `item` into `folder`, named by the operations' own planners.
    func outputs(for item: LibraryItem, in folder: String) -> [String] {
        let stem = Self.stem(of: item)
        let first = item.files.first ?? ""
        switch self {
        case .toMotionPhoto, .toLivePhoto, .split:
            return target?.outputs(for: item, in: folder, kind: InputFile.kind(of:)) ?? []
        case .verify:
            return []
        case .export(let options):
            let photoKind = options.effect == .longExposure && item.files.count > 1 ? InputFile.kind(of: first) : nil
            return [
                PlannedOutputs.export(
                    name: PlannedOutputs.exportName(base: stem, effect: options.effect), folder: folder, format: options.format,
                    effect: options.effect, photoKind: photoKind)
            ]
        case .make(let options):
            return PlannedOutputs.make(stem: stem, folder: folder, packaging: options.packaging, photoFormat: options.photoFormat ?? .jpeg)
        }
    }

    /// True when `outputs`, all present, are what the action writes: a pair that verifies, a Motion Photo whose
    /// video is found, a photo and a video that read, an export that is a whole file of its format.
    func outputsHold(_ outputs: [String]) async -> Bool {
        switch self {
        case .verify: return false
        case .export(let options) where options.effect == .longExposure:
            let report = await LivePhotoInspector.inspect(outputs)
            return report.files.allSatisfy { $0.error == nil && $0.format.isStill }
        case .export(let options): return outputs.allSatisfy { Self.isComplete($0, as: options.format) }
        case .make(let options):
            if options.packaging == .pair, outputs.count == 2 {
                return await LivePhotoVerifier.verify(photo: outputs[0], movie: outputs[1]).passed
            }
            let report = await LivePhotoInspector.inspect(outputs)
            return report.pair?.paired ?? report.files.allSatisfy { $0.error == nil && $0.contentIdentifier != nil }
        case .toMotionPhoto, .toLivePhoto, .split:
            guard let target else { return false }
            var verified: VerificationReport?
            if case .livePhoto(.pair, _) = target, outputs.count == 2 {
                verified = await LivePhotoVerifier.verify(photo: outputs[0], movie: outputs[1])
            }
            return target.holds(await LivePhotoInspector.inspect(outputs), verified: verified)
        }
    }

    /// True when `path` is a whole file of `format` (a cut-short GIF or WebP, or an MP4 without a readable `moov`
    /// or with a box past its end, is not); the byte checks are MediaFormats'.
    static func isComplete(_ path: String, as format: ExportFormat) -> Bool {
        guard let file = try? InputFile(path: path).file else { return false }
        switch format {
        case .gif: return (try? GIFFile.checkComplete(file)) != nil
        case .webp: return (try? WebPFile.checkComplete(file)) != nil
        case .mp4: return (try? Movie(file: file)) != nil
        }
    }

    /// Runs the action on `item`, writing into `folder`: the outputs written and the notes.
    func perform(_ item: LibraryItem, in folder: String, force: Bool) async throws(LivePhotoError) -> (outputs: [String], notes: [String]) {
        let stem = Self.stem(of: item)
        let files = item.files
        switch self {
        case .toMotionPhoto(var options):
            (options.outputDirectory, options.name, options.force) = (folder, stem, force)
            let result = try await LivePhotoConverter.toMotionPhoto(photo: files[0], movie: files[1], options: options)
            return ([result.output] + (result.companion.map { [$0] } ?? []), result.notes)
        case .toLivePhoto(var options):
            options.outputDirectory = folder
            options.name = stem
            options.force = force
            let result = try await LivePhotoConverter.toLivePhoto(files[0], options: options)
            return ([result.photo, result.movie, result.bundle].compactMap { $0 }, result.notes)
        case .split:
            let results = try await LivePhotoSplitter.split(files, options: SplitOptions(outputDirectory: folder, name: stem, force: force))
            return (results.flatMap { [$0.photo, $0.video] }, results.flatMap(\.notes))
        case .verify:
            switch item.kind {
            case .livePhoto:
                let report = await LivePhotoVerifier.verify(photo: files[0], movie: files[1])
                let failed = report.checks.filter { !$0.passed && $0.requirement == .required }
                guard failed.isEmpty else {
                    throw .badInput(
                        file: files[0],
                        reason: "Photos will not pair it: " + failed.map { "\($0.id): \($0.detail)" }.joined(separator: "; "))
                }
                return ([], [])
            case .orphanStill: throw .badInput(file: files[0], reason: "its movie was not found")
            case .orphanMovie: throw .badInput(file: files[0], reason: "its still was not found")
            default: throw .badInput(file: files[0], reason: item.note ?? "these files cannot be paired as they are")
            }
        case .export(var options):
            options.outputDirectory = folder
            options.name = PlannedOutputs.exportName(base: stem, effect: options.effect)
            options.force = force
            if options.effect == .longExposure, files.count > 1 { options.photo = files[0] }
            let result = try await LivePhotoExporter.export(movie: files[files.count - 1], options: options)
            return ([result.output], [])
        case .make(var options):
            options.outputDirectory = folder
            options.name = stem
            options.force = force
            let result = try await LivePhotoMaker.make(photo: nil, video: files[0], options: options)
            return ([result.photo, result.movie, result.bundle].compactMap { $0 }, result.notes)
        }
    }
}

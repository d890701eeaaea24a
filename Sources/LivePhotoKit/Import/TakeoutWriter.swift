import MediaFormats
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes one item of the library: its files dated from their sidecars, converted when the destination asks, and
/// moved from the landing folder into their place by a rename (`docs/guide/takeout.md#how-a-run-works`).
struct TakeoutWriter: Sendable {
    /// One landed file of an item, as it is to be written.
    struct File: Sendable {
        let landing: String
        let name: String
        let format: FileKind
        let facts: ImportStamp.Facts
        let title: String?
    }

    /// An item with its place decided.
    struct Job: Sendable {
        let number: Int
        let item: ImportGrouping.Item
        /// The folder, relative to the output folder.
        let folder: String
        let stem: String
        let files: [Int: File]
        let captureTime: Date?
    }

    let outputDirectory: String
    let workFolder: String
    let destination: LibraryImport.Destination
    let flavor: MotionConversionOptions.Flavor
    let prefersSidecar: Bool

    /// Writes `job`; an error of the item's own is its failure, one that stops the run (a full disk) is thrown.
    func write(_ job: Job) async throws(LivePhotoError) -> ImportPlan.Done {
        var done = ImportPlan.Done()
        do throws(LivePhotoError) {
            try await write(job, into: &done)
        } catch {
            if error.stopsTheRun { throw error }
            // The landing and work folders are the run's own: the file is named as the Takeout names it.
            var text = error.description
            for file in job.files.values { text = text.replacing(every: file.landing, with: file.name) }
            text = text.replacing(every: "\(workFolder)/item-\(job.number)/", with: "")
            done.failure = text
            // What could not be converted, joined or placed is written as it came: no file of the Takeout is lost.
            try writeAsTheyCame(job, into: &done)
        }
        for file in job.files.values { OutputLocation.remove(file.landing) }
        return done
    }

    /// Places each landed file of `job` that is still in the landing folder under the job's stem (or a variant of it,
    /// when a name is taken), dated; a file that cannot be placed even so is the item's failure alone.
    private func writeAsTheyCame(_ job: Job, into done: inout ImportPlan.Done) throws(LivePhotoError) {
        for (index, file) in job.files.sorted(by: { $0.key < $1.key }) where done.outputs[index] == nil {
            guard OutputLocation.exists(file.landing) else { continue }
            let ext = ImportPlacement.fileExtension(name: file.name, format: file.format).ext
            done.wrote[index] = try stamp(file.landing, file.facts, notes: &done.notes[index, default: []])
            for variant in [""] + (1...9).map({ "~\($0)" }) {
                do throws(LivePhotoError) {
                    done.outputs[index] = try place(file.landing, job, ext: ext, stemSuffix: variant)
                    done.notes[index, default: []].append("written as it came: \(done.failure ?? "")")
                    break
                } catch {
                    if error.stopsTheRun { throw error }
                    guard case .outputExists = error else { break }
                }
            }
        }
    }

    private func write(_ job: Job, into done: inout ImportPlan.Done) async throws(LivePhotoError) {
        let work = "\(workFolder)/item-\(job.number)"
        defer { OutputLocation.remove(work) }
        func file(_ index: Int) throws(LivePhotoError) -> File {
            guard let file = job.files[index] else { throw .badInput(file: job.stem, reason: "a file of the item is missing") }
            return file
        }
        switch job.item {
        case .single(let index):
            let one = try file(index)
            let (ext, _) = ImportPlacement.fileExtension(name: one.name, format: one.format)
            done.wrote[index] = try stamp(one.landing, one.facts, notes: &done.notes[index, default: []])
            done.outputs[index] = try place(one.landing, job, ext: ext)
        case .livePhoto(let s, let m, _):
            let (still, movie) = (try file(s), try file(m))
            if destination == .android {
                try OutputLocation.prepareFolder(work)
                let result = try await LivePhotoConverter.toMotionPhoto(
                    photo: still.landing, movie: movie.landing,
                    options: MotionConversionOptions(outputDirectory: work, name: "motion", force: true, flavor: flavor))
                done.wrote[s] = try stamp(result.output, still.facts, notes: &done.notes[s, default: []])
                let ext = ImportPlacement.fileExtension(name: still.name, format: InputFile.kind(of: result.output)).ext
                let output = try place(result.output, job, ext: ext)
                done.outputs[s] = output
                done.outputs[m] = output
                done.notes[s, default: []].append("converted to a Motion Photo (\(flavor.rawValue))")
            } else {
                let stillExt = ImportPlacement.fileExtension(name: still.name, format: still.format).ext
                let movieExt = ImportPlacement.fileExtension(name: movie.name, format: movie.format).ext
                done.wrote[s] = try stamp(still.landing, still.facts, notes: &done.notes[s, default: []])
                done.wrote[m] = try stamp(movie.landing, movie.facts, notes: &done.notes[m, default: []])
                done.outputs[s] = try place(still.landing, job, ext: stillExt)
                done.outputs[m] = try place(movie.landing, job, ext: movieExt)
            }
        case .motionPhoto(let p, let separate, let reembed):
            let photo = try file(p)
            var path = photo.landing
            if reembed, let separate {
                try OutputLocation.prepareFolder(work)
                let video = try file(separate)
                // The MP4 the photo lost goes back as it is; another movie (a QuickTime one) is laid out again as an MP4.
                let embedded = "\(work)/motion.jpg"
                if let content = ImportVideoEmbedding.plan(
                    photo: try InputFile(path: photo.landing), video: try InputFile(path: video.landing))
                {
                    let out = try StagedFile(destination: embedded, datedLike: photo.landing)
                    try out.write(content) { _ in }
                    _ = try out.commit()
                    path = embedded
                    done.notes[p, default: []].append(ImportVideoEmbedding.embeddedNote)
                } else {
                    let result = try await LivePhotoConverter.toMotionPhoto(
                        photo: photo.landing, movie: video.landing,
                        options: MotionConversionOptions(outputDirectory: work, name: "motion", force: true, flavor: .google))
                    path = result.output
                    done.notes[p, default: []].append("its separate video was laid out again as an MP4 (its samples copied)")
                }
            }
            let photoExt = ImportPlacement.fileExtension(name: photo.name, format: photo.format).ext
            if destination == .apple {
                try OutputLocation.prepareFolder(work)
                let result = try await LivePhotoConverter.toLivePhoto(
                    path, options: MakeOptions(outputDirectory: work, name: "live", force: true))
                guard let still = result.photo, let movie = result.movie else {
                    throw .badInput(file: photo.name, reason: "the conversion to a Live Photo wrote no pair")
                }
                done.wrote[p] = try stamp(still, photo.facts, notes: &done.notes[p, default: []])
                _ = try stamp(movie, photo.facts, notes: &done.notes[p, default: []])
                let stillExt = ImportPlacement.fileExtension(name: photo.name, format: InputFile.kind(of: still)).ext
                done.outputs[p] = try place(still, job, ext: stillExt)
                done.companions[p] = try place(movie, job, ext: String(ImportName.splitExtension(movie).ext.dropFirst()))
                done.notes[p, default: []].append("converted to a Live Photo")
            } else {
                done.wrote[p] = try stamp(path, photo.facts, notes: &done.notes[p, default: []])
                done.outputs[p] = try place(path, job, ext: photoExt)
            }
            if let separate { done.outputs[separate] = done.outputs[p] }
        }
    }

    /// Writes `facts` into the file and gives it the capture time it then keeps as its modification time. A file
    /// whose metadata cannot be written is written as it is, with a note: a photo without its date is better than no
    /// photo.
    private func stamp(_ path: String, _ facts: ImportStamp.Facts, notes: inout [String]) throws(LivePhotoError) -> [String] {
        var wrote: [String] = []
        do throws(LivePhotoError) {
            wrote = try TakeoutStamp.apply(to: path, facts: facts, prefersSidecar: prefersSidecar && !facts.captureTimeYields)
        } catch {
            if error.stopsTheRun { throw error }
            notes.append(ImportStamp.notWritten(error))
        }
        // The date that won for the metadata: the file's own unless the sidecar's was written over it.
        if let time = TakeoutStamp.modificationTime(of: path, sidecar: facts.captureTime) {
            let seconds = time.timeIntervalSince1970.rounded(.down)
            FileDates.setModificationTime(timespec(tv_sec: Int(seconds), tv_nsec: 0), of: path)
        }
        return wrote
    }

    /// An error's reason, without the path of the file it names (the run's own).
    static func reason(_ error: LivePhotoError) -> String { ImportStamp.reason(error) }

    /// Moves `path` to `FOLDER/STEM.EXT`, never over a file (a link to it, then the old name removed); returns the
    /// relative path. A full disk or a read-only folder stops the run; a name the file system refuses is the item's.
    private func place(_ path: String, _ job: Job, ext: String, stemSuffix: String = "") throws(LivePhotoError) -> String {
        let stem = job.stem + stemSuffix
        let name = ext.isEmpty ? stem : "\(stem).\(ext)"
        let relative = job.folder.isEmpty ? name : "\(job.folder)/\(name)"
        let destination = "\(outputDirectory)/\(relative)"
        if !job.folder.isEmpty { try OutputLocation.prepareFolder("\(outputDirectory)/\(job.folder)") }
        // link fails on an existing name, where rename would replace it: nothing is ever written over.
        if link(path, destination) == 0 {
            unlink(path)
            return relative
        }
        let code = errno
        if code == EEXIST { throw .outputExists(path: relative) }
        // File systems without hard links (some network and FAT ones): the check, then the rename.
        if [EPERM, EXDEV, ENOTSUP, EOPNOTSUPP, EMLINK].contains(code), !OutputLocation.exists(destination), rename(path, destination) == 0 {
            return relative
        }
        let failure = code == EEXIST ? code : errno
        if [ENOSPC, EDQUOT, EROFS, EIO].contains(failure) {
            throw .writeFailed(path: relative, reason: "cannot move into place: \(FileError.systemMessage(failure))")
        }
        throw .unsupported(file: relative, reason: "cannot be written under this name: \(FileError.systemMessage(failure))")
    }
}

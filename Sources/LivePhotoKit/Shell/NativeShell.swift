import LivePhotoCore
import MediaFormats
internal import PortableFoundation

/// The command line's and the server's answers to what an operation's flow asks (``ShellRequest``): ffmpeg and
/// libheif's heif-enc run on files in a work folder, and folders looked in. It decides nothing: the flow chose each
/// step and words every note and refusal; a program that is missing is answered as
/// ``ShellAnswer/unavailable(tool:error:)`` with the program's own error, which the flow throws or carries on without.
///
/// The work folder is made beside the outputs at the first request (the lossless path never makes one) and removed by
/// ``finish()``. Errors that name a file made there name the input it came from instead.
final class NativeShell {
    let ffmpegPath: String?
    /// The folder the outputs go to, and the name the work folder is made beside.
    let outputDirectory: String
    let workName: String
    let progress: ProgressHandler?
    private var work: String?
    /// What each file made in the work folder is called in what users read, by its name there.
    private var madeNames: [String: String] = [:]
    private var made = 0

    init(ffmpegPath: String?, outputDirectory: String, workName: String, progress: ProgressHandler?) {
        self.ffmpegPath = ffmpegPath
        self.outputDirectory = outputDirectory
        self.workName = workName
        self.progress = progress
    }

    /// Runs `flow` to its plan, answering each request.
    func run<Flow: ShellFlow>(_ flow: Flow) async throws(LivePhotoError) -> Flow.Plan {
        var flow = flow
        do throws(LivePhotoError) {
            while true {
                switch try flow.step() {
                case .done(let plan): return plan
                case .needs(let request): flow.answers.append(try await answer(request))
                }
            }
        } catch {
            throw naming(error)
        }
    }

    /// Removes the work folder.
    func finish() {
        if let work { OutputLocation.remove(work) }
        work = nil
    }

    /// `error` with the files made in the work folder named after their inputs.
    func naming(_ error: LivePhotoError) -> LivePhotoError {
        guard let work else { return error }
        return error.renamingFiles(in: work) { [madeNames] name in
            madeNames[name] ?? madeNames[String(name.prefix { $0 != "/" })] ?? madeNames[""] ?? name
        }
    }

    func answer(_ request: ShellRequest) async throws(LivePhotoError) -> ShellAnswer {
        do throws(LivePhotoError) {
            return try await answering(request)
        } catch .missingTool(let tool, let message) {
            return .unavailable(tool: tool, error: .missingTool(tool: tool, message: message))
        }
    }

    private func answering(_ request: ShellRequest) async throws(LivePhotoError) -> ShellAnswer {
        switch request {
        case .normalizeVideo(let video, let codec):
            let input = try path(of: video, for: request)
            let (made, source) = try await steps(for: request, codec: codec).normalizeVideo(input)
            return .file(try InputFile(path: made), reencoded: source == .transcoded)
        case .convertPhoto(let photo, let quality):
            let input = try path(of: photo, for: request)
            return .file(try InputFile(path: try await steps(for: request, quality: quality).convertPhoto(input)), reencoded: false)
        case .frame(let video, let seekSeconds, _, let quality):
            let input = try path(of: video, for: request)
            let frame = try await steps(for: request, quality: quality).coverFrame(from: input, seekSeconds: seekSeconds)
            return .file(try InputFile(path: frame), reencoded: false)
        case .encodeHEIC(let tagged, _, let quality):
            let heic = try await steps(for: request, quality: quality).encodeHEIC(tagged)
            return .file(try InputFile(path: heic.path), reencoded: false)
        case .cut(let video, let start, let duration, let codec, let rate, let offset):
            let input = try path(of: video, for: request)
            let cut = try await steps(for: request).cut(
                input, start: start, duration: duration, reencode: codec, steadyRate: rate, gridOffset: offset)
            return .file(try InputFile(path: cut), reencoded: codec != nil)
        case .matchCover(let photo, let video, let source, let cover, let within):
            let (photoPath, videoPath) = (try path(of: photo, for: request), try path(of: video, for: request))
            let media = try steps(for: request)
            return .seconds(await media.coverMatching(photo: photoPath, video: videoPath, movie: source, cover: cover, within: within))
        case .reencode(let movie, let codec, let keepingKeys):
            let input = try path(of: movie, for: request)
            let made = try await steps(for: request, codec: codec ?? .h264).reencode(input, to: codec, keepingKeys: keepingKeys)
            return .file(try InputFile(path: made), reencoded: codec != nil)
        case .companion(let part):
            let found = try CompanionFinder.find(for: part.path)
            return .companion(try InputFile(path: found.path), note: found.note)
        case .vivoMovie(let photo, let pairingID):
            guard let found = VivoPair.movie(beside: photo.path, pairingID: pairingID) else { return .nothing }
            return .file(try InputFile(path: found.movie), reencoded: false)
        }
    }

    /// The work folder, made at the first request (named, in errors, after that request's input).
    private func workFolder(for request: ShellRequest) throws(LivePhotoError) -> String {
        if let work { return work }
        try OutputLocation.prepareFolder(outputDirectory)
        let folder = try OutputLocation.temporaryFolder(beside: "\(outputDirectory)/\(workName)")
        work = folder
        madeNames[""] = request.input.path
        return folder
    }

    /// What a file made for `request` is called: after the user's file it comes from, through any file an earlier
    /// step made from it.
    private func madeName(for request: ShellRequest) -> String {
        let input = request.input.file.path
        if let work, input.hasPrefix("\(work)/") {
            let step = String(input.dropFirst(work.count + 1).prefix { $0 != "/" })
            if let name = madeNames[step] { return name }
        }
        return request.madeFileName
    }

    private func steps(for request: ShellRequest, quality: Int = 92, codec: VideoCodec = .h264) throws(LivePhotoError) -> MediaSteps {
        let work = try workFolder(for: request)
        made += 1
        // Each step its own folder in the work folder: a later step never overwrites what an earlier one made. What a
        // tool says of a file in it (ffmpeg's own words when it fails) names the input the step works on.
        madeNames["\(made)"] = madeName(for: request)
        let folder = "\(work)/\(made)"
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false) } catch {
            throw .writeFailed(path: folder, reason: "\(error)")
        }
        return MediaSteps(ffmpegPath: ffmpegPath, work: folder, quality: quality, codec: codec, progress: progress)
    }

    /// A path ffmpeg can read `input` at: its own, or for a slice of another file (or bytes planned in memory) a copy
    /// in the work folder, made once per file.
    private func path(of input: InputFile, for request: ShellRequest) throws(LivePhotoError) -> String {
        if input.file.isWholeFile { return input.file.path }
        // A flow runs again for each answer and opens its slices anew: the same bytes are copied once.
        let place = "\(input.file.path)@\(input.file.start)+\(input.file.size)"
        if let copied = copies.first(where: { $0.place == place }) { return copied.path }
        let folder = try workFolder(for: request)
        made += 1
        let copy = "\(folder)/\(made).\(PlannedOutputs.fileExtension(input.path, kind: input.kind))"
        let staged = try StagedFile(destination: copy)
        try staged.copy(from: input.file, offset: 0, length: input.file.size) { _ in }
        let path = try staged.commit()
        PendingOutputs.shared.finish([path])
        madeNames["\(made).\(PlannedOutputs.fileExtension(input.path, kind: input.kind))"] = input.path
        copies.append((place, path))
        return path
    }

    private var copies: [(place: String, path: String)] = []
}

import MediaFormats

/// One file read for inspect and verify: the report, plus what the checks need.
///
/// A file whose container cannot be parsed at all (not a JPEG, HEIC or movie; cut short in its headers) gets an
/// ``InspectionReport/FileReport/error``. A part that does not add up (broken Exif, Motion Photo XMP that names a video the file does
/// not hold) is one of its ``InspectionReport.FileReport/problems``: the rest is still described.
package struct FileAnalysis {
    /// How much is read.
    package enum Depth {
        /// Everything `inspect` shows: the cover time's sample, every track, the wallpaper checks.
        case full
        /// What a library scan needs (kind, identifier, Motion Photo flavour, still-image-time tracks), from the
        /// headers alone: no sample is read.
        case identity
    }

    package var report: InspectionReport.FileReport
    package var movieFacts: MovieFacts?
    package var file: RandomAccessFile?
    private let depth: Depth

    /// A file that could not be opened: its report is an ``InspectionReport/FileReport/error``.
    package init(unreadable path: String, reason: String, depth: Depth = .full) {
        self.depth = depth
        report = InspectionReport.FileReport(path: path, format: .unknown, role: .unknown, sizeBytes: 0)
        report.error = reason
    }

    /// Reads `input`, opened and identified already.
    package init(_ input: InputFile, depth: Depth = .full) {
        self.depth = depth
        let (file, path) = (input.file, input.path)
        report = InspectionReport.FileReport(path: path, format: input.kind, role: .unknown, sizeBytes: file.size)
        self.file = file
        do throws(FormatError) {
            switch report.format {
            case .jpeg:
                let jpeg = try JPEGFile(file: file)
                report.role = .still
                report.still = InspectionReport.StillReport(width: jpeg.width, height: jpeg.height)
                noting("the Exif data") { (analysis) throws(FormatError) in try analysis.readStill(tiff: jpeg.exifTIFF(in: file)) }
                notingMotionPhoto(input)
            case .heic, .avif:
                let heif = try HEIFFile(file: file, end: HuaweiMovingPhotoTail.imageEnd(of: file))
                report.role = .still
                report.still = InspectionReport.StillReport(width: heif.primaryImageSize?.width, height: heif.primaryImageSize?.height)
                noting("the Exif data") { (analysis) throws(FormatError) in try analysis.readStill(tiff: heif.exifTIFF(in: file)) }
                notingMotionPhoto(input)
            case .quicktime, .mp4: try readMovie(file)
            case .zip: report.role = .bundle
            case .unknown:
                let head = try file.readUpTo(at: 0, count: 8)
                report.error = "not a JPEG, HEIC, QuickTime, MP4 or zip file (it starts \(HexBytes.describe(head)))"
            }
        } catch {
            report.error = LivePhotoError.wrap(error, file: path).reason
        }
    }

    /// Runs `body`; an error becomes a problem about `part` instead of failing the whole file.
    private mutating func noting(_ part: String, _ body: (inout FileAnalysis) throws(FormatError) -> Void) {
        do {
            try body(&self)
        } catch {
            report.problems.append("\(part): \(LivePhotoError.wrap(error, file: report.path).reason)")
        }
    }

    /// The Motion Photo reading; an error becomes a problem, as ``noting(_:_:)`` makes one.
    private mutating func notingMotionPhoto(_ input: InputFile) {
        do {
            try readMotionPhoto(input)
        } catch {
            report.problems.append("the Motion Photo data: \(error.reason)")
        }
    }

    private mutating func readStill(tiff bytes: [UInt8]?) throws(FormatError) {
        var still = report.still ?? InspectionReport.StillReport()
        defer { report.still = still }
        if let bytes {
            let tiff = try ExifTIFF(bytes: bytes)
            still.make = tiff.string(ifd0Tag: ExifTIFF.makeTag)
            still.model = tiff.string(ifd0Tag: ExifTIFF.modelTag)
            still.orientation = tiff.orientation
            if let note = tiff.makerNote {
                if AppleMakerNote.isApple(note) {
                    still.makerNote = "apple"
                    if let id = try AppleMakerNote(bytes: note).string(AppleMakerNote.contentIdentifierTag), !id.isEmpty {
                        report.contentIdentifier = id
                        report.role = .liveStill
                        report.family = .apple
                    }
                } else {
                    still.makerNote = "other"
                }
            }
        }
    }

    private mutating func readMotionPhoto(_ input: InputFile) throws(LivePhotoError) {
        let (file, motion) = (input.file, try input.motionPhoto())
        if let footer = motion.vivoFooter {
            report.pairingIdentifier = footer.pairingID
            report.family = .vivo  // the maker's mark names it, as a Motion Photo's does, whatever identifier it keeps
        }
        if let problem = motion.vivoFooterProblem { report.problems.append(problem) }
        guard let video = motion.video else { return }
        report.role = .motionPhoto
        report.family = PhotoFamily(recognising: motion)
        typealias Part = InspectionReport.MotionPhotoReport.Part
        var parts = [
            Part(name: "image", offset: 0, length: motion.container == .jpeg ? motion.imageEnd : (motion.mpvd?.offset ?? video.offset))
        ]
        if let x = motion.xmpSpan { parts.append(Part(name: "xmp", offset: x.offset, length: x.length)) }
        if let tail = motion.huaweiTail, motion.videoLocator == .huaweiTail {
            parts.append(Part(name: "huawei tail", offset: file.size - tail.length, length: tail.length))
            if video.end < file.size - tail.length {
                parts.append(Part(name: "honor matrices", offset: video.end, length: file.size - tail.length - video.end))
            }
        }
        for (name, box) in [("mpvd box", motion.mpvd), ("sefd box", motion.sefd)] {
            if let box { parts.append(Part(name: name, offset: box.offset, length: box.size)) }
        }
        parts.append(Part(name: "video", offset: video.offset, length: video.length))
        if let t = motion.samsungTrailer {
            parts.append(Part(name: "samsung trailer", offset: t.start, length: t.end - t.start))
            parts += t.records.map { Part(name: "samsung \($0.name)", offset: $0.offset, length: $0.size) }
        }
        let locations = motion.videoLocations(in: file)
        if motion.videoLocator == .huaweiTail, let google = locations.google, google != video.offset {
            report.problems.append(
                "the LIVE_ tail puts the video at byte \(video.offset), Google's rule (the XMP directory) at byte \(google): "
                    + "galleries of the two kinds do not play the same bytes")
        }
        if !locations.agree, let google = locations.google, let samsung = locations.samsung {
            report.problems.append(
                "Google's rule (the XMP directory) finds the video at byte \(google), Samsung's trailer at byte \(samsung.offset): "
                    + "galleries of the two kinds do not play the same bytes")
        }
        report.motionPhoto = InspectionReport.MotionPhotoReport(
            flavor: InspectionReport.MotionPhotoReport.Flavor(motion, locations: locations), version: motion.xmp?.motionPhotoVersion,
            coverTimeSeconds: motion.coverTimeUs.map { Double($0) / 1_000_000 },
            videoLocator: motion.videoLocator.map(InspectionReport.MotionPhotoVideoLocator.init),
            coverFrameIndex: motion.huaweiTail?.frameIndex, videoOffset: video.offset, videoLength: video.length,
            directory: (motion.xmp?.directory ?? []).map(InspectionReport.MotionPhotoDirectoryItem.init),
            parts: parts.sorted { $0.offset < $1.offset },
            notes: motion.notes)
    }

    private mutating func readMovie(_ file: RandomAccessFile) throws(FormatError) {
        let movie = try Movie(file: file)
        let facts = MovieFacts(movie: movie)
        movieFacts = facts
        report.contentIdentifier = facts.contentIdentifier
        report.role = facts.contentIdentifier != nil ? .liveMovie : .movie
        if facts.contentIdentifier != nil { report.family = .apple }
        if let footer = try? VivoFooter.inMovie(file, topLevel: movie.topLevel) {
            report.pairingIdentifier = footer.pairingID
            report.family = .vivo  // the maker's mark names it, as a Motion Photo's does, whatever identifier it keeps
        }
        guard depth == .full else {
            report.movie = InspectionReport.MovieReport(
                durationSeconds: movie.durationSeconds, stillImageTimeTrackCount: facts.stillImageTimeTracks.count, tracks: [])
            return
        }
        let still = facts.stillImageTimeTracks.first.flatMap { facts.stillImageTime($0, file: file) }
        var videoReport: InspectionReport.VideoReport?
        if let v = facts.video {
            let size = v.descriptions.first?.visualSize
            let frames = Int64(v.tables.sampleCount)
            let mediaSeconds = Double(v.mediaHeader.duration) / Double(v.mediaHeader.timescale)
            videoReport = InspectionReport.VideoReport(
                trackID: v.trackID, codec: CodecName.of(v.format), width: size?.width, height: size?.height,
                rotationDegrees: v.header.rotationDegrees, frameCount: frames,
                frameRate: mediaSeconds > 0 ? (Double(frames) / mediaSeconds * 1000).rounded() / 1000 : 0,
                durationSeconds: facts.videoDuration)
        }
        let audio = movie.tracks.first { $0.isAudio }
        report.movie = InspectionReport.MovieReport(
            brand: movie.fileType.map { $0.majorBrand.description.trimmingASCIIWhitespace() },
            durationSeconds: movie.durationSeconds, coverTimeSeconds: still?.seconds, stillImageTime: still,
            stillImageTimeTrackCount: facts.stillImageTimeTracks.count, video: videoReport,
            audioCodec: audio.map { CodecName.of($0.format) },
            tracks: movie.tracks.map { t in
                InspectionReport.TrackReport(
                    id: t.trackID, handler: t.handlerType.description, format: t.format?.description ?? "",
                    codec: CodecName.of(t.format), enabled: t.isEnabled, metadataKeys: t.metadataKeys?.keys.map { $0.name })
            },
            wallpaper: facts.video == nil ? nil : WallpaperReadiness.check(facts: facts, file: file))
    }
}

import MediaFormats

extension Engine {
    /// `convert --to motion PHOTO MOVIE` and `convert --to live MOTIONPHOTO` (or vivo's `PHOTO MOVIE`).
    static func convert(_ inputs: [RandomAccessFile], options: EngineOptions, dates: [Int64?]) throws(LivePhotoError) -> Outcome {
        var options = options
        guard let to = try options.string("to") else {
            throw .invalidArgument(
                "Missing expected argument '--to <to>': motion (Live Photo to Motion Photo) or live (Motion Photo to Live Photo)")
        }
        switch to {
        case "motion": return try toMotionPhoto(inputs, options: options, dates: dates)
        case "live": return try toLivePhoto(inputs, options: options)
        default: throw .invalidArgument("The value '\(to)' is invalid for '--to <to>': motion or live")
        }
    }

    /// `convert --to motion PHOTO MOVIE`: the movie's samples copied into an MP4 inside the photo, marked for the
    /// flavour's galleries. What needs ffmpeg (a re-encoding, HUAWEI's H.264 from HEVC) is refused; LPCM sound stays, with
    /// a note, as the command line leaves it without ffmpeg.
    static func toMotionPhoto(_ inputs: [RandomAccessFile], options: EngineOptions, dates: [Int64?]) throws(LivePhotoError) -> Outcome {
        var options = options
        var conversion = MotionConversionOptions(outputDirectory: "")
        conversion.name = try options.string("name")
        conversion.force = try options.flag("force")
        conversion.flavor = try options.choice("flavor", MotionConversionOptions.Flavor.self) ?? .samsung
        conversion.videoCodec = try options.choice("videoCodec", VideoCodec.self)
        conversion.keepsIdentifier = !(try options.flag("stripIdentifier"))
        try options.checkAllRead()
        guard inputs.count == 2 else { throw .invalidArgument("--to motion takes PHOTO MOVIE (\(inputs.count) files were given)") }
        let opened = try open(inputs)
        let (still, movie) = (opened[0], opened[1])
        guard still.kind == .jpeg || still.kind == .heic else {
            throw .badInput(
                file: still.path, reason: still.kind.isMovie ? "this is a movie; give the photo first" : "not a JPEG or HEIC photo")
        }
        if still.isMotionPhoto { throw .badInput(file: still.path, reason: "this is already a Motion Photo") }
        let source = try PlainMovie.Source.read(movie.file, container: .mp4)
        let plainStill = try PlainPhoto.plan(source: still, motion: nil)
        let pairing = PartsPairing(photoIdentifier: plainStill.identifier, movieIdentifier: source.identifier)
        if pairing.differ, !conversion.force { throw pairing.mismatch(photo: still.path, movie: movie.path) }
        var notes: [String] = []
        var codec = conversion.videoCodec
        if conversion.flavor.needsH264, source.videoCodec != VideoCodec.h264.rawValue, codec == nil { codec = .h264 }
        if let codec {
            guard source.videoCodec == codec.rawValue else {
                throw needs(
                    "ffmpeg", for: "\(movie.path): re-encoding its \(source.videoCodec.asciiUppercased()) video to \(codec.rawValue)")
            }
            notes.append("the video is \(codec.rawValue) already; its samples were copied")
        }
        if !source.audioNeedingEncoding.isEmpty {
            notes.append(
                "the sound (\(source.audioNeedingEncoding.joined(separator: ", "))) stays as it is: ffmpeg is not installed to encode it to "
                    + "AAC, and MP4 players (Android's among them) play the video silent")
        }
        let plan = try MotionConversionPlan.plan(
            photo: still, plainStill: plainStill, source: source, options: conversion, pairing: pairing, notes: notes, reencoded: false,
            soundEncoded: false, photoMilliseconds: dates.first.flatMap { $0 } ?? 0, folder: "")
        return .done(
            report: plan.result.json, files: plan.files.map { Output(name: $0.path, type: mediaType($0.kind), content: $0.content) })
    }

    /// `convert --to live MOTIONPHOTO`: the photo without its video and the movie read where it lies in the file, made a
    /// Live Photo with the cover at the Motion Photo's presentation timestamp; vivo's `PHOTO MOVIE` with the cover at
    /// vivo's cover frame.
    static func toLivePhoto(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        var request = try readMakeRequest(&options)
        try refusePackaging(&options)
        try options.checkAllRead()
        guard (1...2).contains(inputs.count) else { throw .invalidArgument("--to live takes MOTIONPHOTO, or vivo's PHOTO MOVIE") }
        var opened = try open(inputs)
        // Given as MOVIE PHOTO: the photo is the one that is not a movie.
        if opened.count == 2, opened[0].kind.isMovie, !opened[1].kind.isMovie { opened.reverse() }
        let input = opened[0]
        let motionPhoto = input.path
        guard input.kind == .jpeg || input.kind == .heic else {
            throw .badInput(
                file: motionPhoto,
                reason: input.kind.isMovie
                    ? "this is a movie; a Live Photo is made from a Motion Photo (a JPEG or HEIC with its video inside)"
                    : "not a Motion Photo: not a JPEG or HEIC")
        }
        let motion = try input.motionPhoto()
        if !motion.isMotionPhoto, let footer = motion.vivoFooter {
            return try vivoPairToLivePhoto(input, pairingID: footer.pairingID, movie: opened.count == 2 ? opened[1] : nil, request: request)
        }
        if opened.count == 2 {
            throw .invalidArgument(
                "a Live Photo is made from one Motion Photo; \(opened[1].path) goes with a photo only in vivo's two-file live photos, and \(motionPhoto) is not one"
            )
        }
        guard motion.isMotionPhoto, let video = motion.video else {
            throw .badInput(file: motionPhoto, reason: "not a Motion Photo: it holds no video")
        }
        request.name = request.name ?? PlannedOutputs.baseStem(motionPhoto)
        request.replacesForeignMakerNote = true
        let choices = LiveConversionChoices.motionPhoto(input, motion: motion, identifier: request.identifier, coverTime: request.coverTime)
        request.identifier = choices.identifier
        request.suggestedCover = choices.suggestedCover
        // The photo without its video (read where it lies, as the command line writes it to its work folder first),
        // and the movie read in place.
        let embeddedPhoto = "\(motionPhoto)'s embedded photo"
        do throws(LivePhotoError) {
            let plain = try PlainPhoto.plan(source: input, motion: motion)
            let still = try InputFile(opened: plain.output.asFile(named: embeddedPhoto), path: embeddedPhoto)
            let slice = try naming(motionPhoto, try input.file.slice(at: video.offset, length: video.length))
            let movie = try InputFile(opened: slice, path: motionPhoto)
            guard case .made(var made) = try makeLivePhoto(photo: still, video: movie, frame: nil, videoInput: 0, request: request) else {
                throw .badInput(file: motionPhoto, reason: "its embedded photo could not be read")
            }
            made.result.notes = choices.notes(around: made.result.notes)
            return .done(report: made.result.json, files: made.files)
        } catch {
            // Errors about the photo or the movie read in place are about the Motion Photo's parts, as the command line
            // words them.
            switch error {
            case .badInput(let file, let reason) where file == embeddedPhoto:
                throw .badInput(file: motionPhoto, reason: "its embedded photo: \(reason)")
            case .unsupported(let file, let reason) where file == embeddedPhoto:
                throw .unsupported(file: motionPhoto, reason: "its embedded photo: \(reason)")
            case .badInput(let file, let reason) where file == motionPhoto && !reason.hasPrefix("not a Motion Photo"):
                throw .badInput(file: motionPhoto, reason: "its embedded video: \(reason)")
            case .unsupported(let file, let reason) where file == motionPhoto:
                throw .unsupported(file: motionPhoto, reason: "its embedded video: \(reason)")
            default: throw error
            }
        }
    }

    /// vivo's two files made a Live Photo, the cover at vivo's cover frame.
    static func vivoPairToLivePhoto(_ input: InputFile, pairingID: String, movie: InputFile?, request: MakeRequest) throws(LivePhotoError)
        -> Outcome
    {
        let photo = input.path
        let stem = PathName.stem(photo)
        guard let movie else {
            throw .badInput(
                file: photo, reason: "the photo of a vivo live photo (pairing id \(pairingID)); give its movie (\(stem).mp4) too")
        }
        guard let found = VivoPair.pair(movie: movie.file, path: movie.path, pairingID: pairingID) else {
            throw .refused(
                file: movie.path, reason: "not the movie of \(photo): its footer does not carry the pairing id \(pairingID)",
                remedy: .takeMismatchedPartsTogether)
        }
        var request = request
        request.name = request.name ?? stem
        request.replacesForeignMakerNote = true
        let choices = LiveConversionChoices.vivoPair(input, pair: found, identifier: request.identifier, coverTime: request.coverTime)
        request.identifier = choices.identifier
        request.suggestedCover = choices.suggestedCover
        guard case .made(var made) = try makeLivePhoto(photo: input, video: movie, frame: nil, videoInput: 1, request: request) else {
            throw .badInput(file: photo, reason: "not a photo")
        }
        made.result.notes = choices.notes(around: made.result.notes)
        return .done(report: made.result.json, files: made.files)
    }
}

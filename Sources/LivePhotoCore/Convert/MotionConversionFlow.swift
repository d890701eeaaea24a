import MediaFormats

/// `convert --to motion PHOTO MOVIE`, as every shell runs it: the halves checked, the movie's samples copied into an MP4
/// inside the photo, marked for the flavour's galleries. What needs an encoder is asked of the shell: the video
/// re-encoded when a codec is asked for or the flavour's galleries play no other (HUAWEI's and Honor's, H.264 only),
/// and sound MP4 players do not play (big-endian or float PCM) encoded to AAC; an iPhone's 16-bit little-endian PCM is
/// copied as it is under an ISO `sowt` entry. Without an encoder the video's re-encoding is refused, and the sound stays
/// as it is, with a note.
package struct MotionConversionFlow: ShellFlow {
    package let photo: InputFile
    package let movie: InputFile
    package let options: MotionConversionSettings
    /// The photo's modification time in milliseconds since 1970 (vivo's pairing id starts with it).
    package let photoMilliseconds: Int64
    /// Where the files go ("" in a browser).
    package let folder: String
    package var answers: [ShellAnswer] = []

    package init(photo: InputFile, movie: InputFile, options: MotionConversionSettings, photoMilliseconds: Int64, folder: String) {
        (self.photo, self.movie, self.options) = (photo, movie, options)
        (self.photoMilliseconds, self.folder) = (photoMilliseconds, folder)
    }

    package func step() throws(LivePhotoError) -> FlowStep<MotionConversionPlan> {
        var replay = ShellReplay(answers)
        guard photo.kind == .jpeg || photo.kind == .heic else {
            throw .badInput(
                file: photo.path, reason: photo.kind.isMovie ? "this is a movie; give the photo first" : "not a JPEG or HEIC photo")
        }
        if photo.isMotionPhoto { throw .badInput(file: photo.path, reason: "this is already a Motion Photo") }
        // The movie is read, then re-encoded or its sound encoded when it must be, then its copy planned once.
        var source = try PlainMovie.Source.read(movie.file, container: .mp4)
        // The halves are checked before anything is re-encoded: the parts of two Live Photos cost no encoder's run.
        let plainStill = try PlainPhoto.plan(source: photo, motion: nil)
        let pairing = PartsPairing(photoIdentifier: plainStill.identifier, movieIdentifier: source.identifier)
        if pairing.differ, !options.force { throw pairing.mismatch(photo: photo.path, movie: movie.path) }
        var notes: [String] = []
        if source.auxiliaryVideoTracksLeftOut > 0 {
            let count = source.auxiliaryVideoTracksLeftOut
            notes.append(
                "the movie's \(count) auxiliary video track\(count == 1 ? "" : "s") (auxv) \(count == 1 ? "was" : "were") left out: Android's players show one video"
            )
        }
        var reencoded = false
        var codec = options.videoCodec
        if options.flavor.needsH264, source.videoCodec != VideoCodec.h264.rawValue, codec == nil {
            codec = .h264
            notes.append(
                "the video was re-encoded to H.264: \(options.flavor.rawValue)'s gallery plays no \(source.videoCodec.asciiUppercased())")
        }
        if let codec {
            if source.videoCodec == codec.rawValue {
                notes.append("the video is \(codec.rawValue) already; its samples were copied")
            } else {
                let request = ShellRequest.reencode(movie, codec: codec, keepingKeys: options.keepsIdentifier)
                guard let answer = replay.answer() else { return .needs(request) }
                let made = try answer.file(
                    for: "\(movie.path): re-encoding its \(source.videoCodec.asciiUppercased()) video to \(codec.rawValue)")
                // Another movie, with frames of its own: read anew, the cover (from the original's still-image-time
                // track, which the re-encoded MP4 does not carry) kept.
                source = try PlainMovie.Source.read(made.file.file, container: .mp4, coverSeconds: source.coverSeconds)
                reencoded = true
            }
        }
        var soundEncoded = false
        if !source.audioNeedingEncoding.isEmpty {
            let formats = source.audioNeedingEncoding.joined(separator: ", ")
            // The movie as it now is (re-encoded, or the user's), named as the user knows it.
            let current = try InputFile(opened: source.file, path: movie.path)
            let request = ShellRequest.reencode(current, codec: nil, keepingKeys: options.keepsIdentifier)
            guard let answer = replay.answer() else { return .needs(request) }
            switch answer {
            case .file(let encoded, _):
                source = try PlainMovie.Source.read(encoded.file, container: .mp4, coverSeconds: source.coverSeconds)
                soundEncoded = true
                notes.append("the sound (\(formats)) was encoded to AAC, which MP4 players play; the video's samples were copied")
            case .unavailable(let tool, let error):
                // Without an encoder the Motion Photo is still written, losslessly, and says what it lacks: a program
                // missing (the shell's own error), or a shell that has none (a browser).
                let why =
                    error == nil
                    ? "there is no AAC encoder here (the command line's \(tool) has one)" : "\(tool) is not installed to encode it to AAC"
                notes.append(
                    "the sound (\(formats)) stays as it is: \(why), and MP4 players (Android's among them) play the video silent")
            case .seconds, .nothing, .companion:
                throw .badInput(file: movie.path, reason: "its sound was not encoded")
            }
        }
        return .done(
            try MotionConversionPlan.plan(
                photo: photo, plainStill: plainStill, source: source, options: options, pairing: pairing, notes: notes,
                reencoded: reencoded, soundEncoded: soundEncoded, photoMilliseconds: photoMilliseconds, folder: folder))
    }
}

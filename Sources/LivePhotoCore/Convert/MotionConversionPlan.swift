import MediaFormats

/// `convert --to motion`, planned once the movie is what it will be (re-encoded or with its sound encoded first, where
/// the command line must): the Motion Photo (or vivo's two files), named, and the result.
package struct MotionConversionPlan {
    /// The files written: the Motion Photo, or vivo's photo and movie.
    package let files: [(path: String, kind: FileKind, content: SplicedFile)]
    package let result: MotionConversionResult

    package var copiedBytes: Int64 { files.reduce(0) { $0 + $1.content.copiedBytes } }

    /// - Parameters:
    ///   - photo: the still, and `plainStill` its plan without identifier (read once, before anything was re-encoded).
    ///   - source: the movie to embed, read.
    ///   - notes: what was said already (a re-encoding, the sound).
    ///   - photoMilliseconds: the photo's modification time (vivo's pairing id starts with it).
    ///   - folder: where the files go ("" in a browser).
    package static func plan(
        photo: InputFile, plainStill: PlainPhoto, source: PlainMovie.Source, options: MotionConversionSettings, pairing: PartsPairing,
        notes: [String], reencoded: Bool, soundEncoded: Bool, photoMilliseconds: Int64, folder: String
    ) throws(LivePhotoError) -> MotionConversionPlan {
        var notes = notes
        var settingKeys: [String: QuickTimeMetadata.Value] = [:]
        let layout = options.flavor.declaration.layout
        switch layout {
        case .movingPhotoTail:
            if source.videoDuration > 10 {
                notes.append(
                    "the video is \(CoverTime.format(source.videoDuration)) s long: HarmonyOS's media library takes moving photos of 10 s at most"
                )
            }
            if let cover = source.coverSeconds {
                // HarmonyOS galleries place the cover by the MP4's covertime (milliseconds).
                settingKeys[OpenHarmonyMovieMetadata.coverTimeKey] = OpenHarmonyMovieMetadata.coverTimeValue(milliseconds: cover * 1000)
            }
        case .directory, .vivoPair: break
        }
        var video = try PlainMovie.plan(source, keepsIdentifier: options.keepsIdentifier, settingKeys: settingKeys)
        // A header's time can be anything; one past what microseconds in 64 bits hold is left unspecified, as is none.
        let timestamp = video.coverSeconds.flatMap { Int64(exactly: ($0 * 1_000_000).rounded()) } ?? -1
        let stem = try PlannedOutputs.checkedStem(options.name ?? PlannedOutputs.baseStem(photo.path))
        let pairingNotes = pairing.note.map { [$0] } ?? []
        if layout == .vivoPair {
            let writer = try VivoPairWriter.plan(
                still: photo.file, plain: plainStill, video: video, keepsIdentifier: options.keepsIdentifier,
                milliseconds: photoMilliseconds)
            let outputs = PlannedOutputs.vivoPair(stem: stem, folder: folder)
            return MotionConversionPlan(
                files: [(outputs[0], .jpeg, writer.photoOutput), (outputs[1], .mp4, writer.movieOutput)],
                result: MotionConversionResult(
                    output: outputs[0], format: .jpeg, presentationTimestampUs: timestamp, videoOffset: 0, videoLength: video.size,
                    flavor: options.flavor, family: options.flavor.family, reencoded: reencoded, companion: outputs[1],
                    soundEncoded: soundEncoded, notes: pairingNotes + notes + ["vivo's pairing id \(writer.pairingID) joins the two files"])
            )
        }
        func plan(_ video: PlainMovie) throws(LivePhotoError) -> MotionPhotoWriter {
            try MotionPhotoWriter.plan(
                still: photo.file, plain: plainStill, video: video, timestampUs: timestamp, flavor: options.flavor,
                keepsIdentifier: options.keepsIdentifier)
        }
        var writer = try plan(video)
        // The MP4's media data where its source has it modulo 64 KiB, so that the copy runs at cp's speed. The photo's
        // XMP gives the MP4's length, whose digits can move the MP4 again: a second pass settles it (a third never
        // has to; if it did, the file would still be whole, only the copy slower).
        for _ in 0..<3 {
            guard let moved = try video.aligned(at: writer.videoOffset) else { break }
            video = moved
            writer = try plan(video)
        }
        let output = PlannedOutputs.motionPhoto(stem: stem, folder: folder, photoKind: writer.format)
        return MotionConversionPlan(
            files: [(output, writer.format, writer.output)],
            result: MotionConversionResult(
                output: output, format: writer.format, presentationTimestampUs: timestamp, videoOffset: writer.videoOffset,
                videoLength: video.size, flavor: options.flavor, family: options.flavor.family, reencoded: reencoded, companion: nil,
                soundEncoded: soundEncoded, notes: pairingNotes + notes))
    }

    /// vivo's pairing id's time: `seconds` since 1970, clamped to what its 13 digits hold, in milliseconds.
    package static func milliseconds(sinceEpoch seconds: Double) -> Int64 {
        Int64(exactly: (min(max(seconds, 0), 9_999_999_999) * 1000).rounded()) ?? 0
    }
}

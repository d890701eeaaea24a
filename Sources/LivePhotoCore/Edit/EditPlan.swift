import MediaFormats

/// `edit`, checked before anything is made: the Live Photo's identifier, the key photo's time, the movie's edit and
/// the range it keeps. Then the Live Photo is made again (``EditFlow``, through ``MakeFlow``) and the
/// result said (``result(made:newIdentifier:keyPhotoChanged:gainMapDropped:)``).
package struct EditPlan {
    /// The identifier the Live Photo keeps (unless a new one is asked for).
    package let identifier: ContentIdentifier
    /// The key photo's time on the input movie's timeline.
    package let cover: Double
    package let edit: MovieEdit
    /// The range kept, when trimmed.
    package let range: EditResult.Range?
    /// False when the movie has no sound (muting it is then said).
    package let hasSound: Bool
    package let muted: Bool

    /// Checks the range and the key photo against the movie.
    /// - Throws: ``LivePhotoError``: `.invalidArgument` for a range or a key photo outside the movie, an empty range, or a
    ///   key photo outside the range kept; `.badInput` when neither file carries an identifier.
    package static func check(
        still stillInput: InputFile, movie movieInput: InputFile, keyPhotoTime: Double?, trimStart: Double?, trimEnd: Double?, mute: Bool
    ) throws(LivePhotoError) -> EditPlan {
        let (still, movie, movieFile) = (stillInput.path, movieInput.path, movieInput.file)
        let parsed = try naming(movie, try Movie(file: movieFile))
        let facts = MovieFacts(movie: parsed)
        let stillReport = FileAnalysis(stillInput, depth: .identity).report
        guard let kept = stillReport.contentIdentifier ?? facts.contentIdentifier, let identifier = ContentIdentifier(kept) else {
            throw .badInput(file: still, reason: "not a Live Photo: neither the photo nor \(movie) carries a content identifier")
        }
        let duration = facts.videoDuration
        let oldCover = facts.stillImageTimeTracks.first.flatMap { facts.stillImageTime($0, file: movieFile) }?.seconds
        func seconds(_ t: Double) -> String { CoverTime.format(t) }
        for (name, value) in [("start", trimStart), ("end", trimEnd), ("key photo", keyPhotoTime)] {
            if let value, !value.isFinite || value < 0 { throw .invalidArgument("the \(name) time \(value) is not a time in the movie") }
        }
        if let start = trimStart, let end = trimEnd, end <= start {
            throw .invalidArgument("the range \(seconds(start))..\(seconds(end)) is empty")
        }
        if let start = trimStart, start >= duration {
            throw .invalidArgument("the range starts at \(seconds(start)) s, past the movie's end (\(seconds(duration)) s)")
        }
        if let key = keyPhotoTime, key > duration + 0.0005 {
            throw .invalidArgument("the key photo at \(seconds(key)) s lies past the movie's end (\(seconds(duration)) s)")
        }
        guard let cover = keyPhotoTime ?? oldCover else {
            throw .invalidArgument("the movie names no key photo time (no still-image-time track); give --key-photo")
        }
        let edit = MovieEdit(start: trimStart, end: trimEnd, mute: mute)
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
        return EditPlan(
            identifier: identifier, cover: cover, edit: edit, range: range, hasSound: parsed.tracks.contains { $0.isAudio }, muted: mute)
    }

    /// What `edit` says it did, from what the make wrote.
    package func result(made: MakeResult, newIdentifier: Bool, keyPhotoChanged: Bool, gainMapDropped: Bool) -> EditResult {
        var notes = made.notes
        if gainMapDropped { notes.append("the photo's HDR gain map belongs to the old key photo; the new one has none") }
        if muted, !hasSound { notes.append("the movie had no sound to take out") }
        let start = range?.start ?? 0
        return EditResult(
            identifier: made.identifier.rawValue, newIdentifier: newIdentifier, keyPhotoTime: made.coverTime,
            keyPhotoTimeInInput: made.coverTime + start, keyPhotoChanged: keyPhotoChanged, trimmed: range, muted: muted,
            gainMapDropped: gainMapDropped, reencoded: made.reencodedVideo, photo: made.photo, movie: made.movie, bundle: made.bundle,
            notes: notes)
    }
}

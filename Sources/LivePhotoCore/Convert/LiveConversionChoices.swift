import MediaFormats

/// What `convert --to live` decides before the Live Photo is made, the same natively and in a browser: the identifier
/// a photo made from a Live Photo kept (the same Live Photo then comes back, and Photos sees the same asset rather
/// than a copy), the cover the file suggests, and the notes that say so.
package struct LiveConversionChoices {
    /// The identifier to write: the one asked for, else the one the photo kept, else nil (a new one).
    package var identifier: ContentIdentifier?
    /// The cover the file suggests, used when none was asked for.
    package var suggestedCover: SuggestedCover?
    /// What is said before the make's own notes.
    package var notesBefore: [String] = []
    /// What is said after the notes above (a Motion Photo's restored identifier).
    package var notesAfter: [String] = []

    /// A Motion Photo's: its presentation timestamp as the cover (none: the middle frame, as format 1.0 says).
    package static func motionPhoto(_ input: InputFile, motion: MotionPhotoFile, identifier: ContentIdentifier?, coverTime: Double?)
        -> LiveConversionChoices
    {
        var choices = LiveConversionChoices(identifier: identifier)
        if identifier == nil, let kept = FileAnalysis(input, depth: .identity).report.contentIdentifier {
            choices.identifier = ContentIdentifier(kept)
            if let restored = choices.identifier {
                choices.notesAfter.append("the content identifier \(restored.rawValue) kept in the Motion Photo was restored")
            }
        }
        if coverTime == nil {
            if let cover = motion.coverTimeUs.map({ Double($0) / 1_000_000 }) {
                choices.suggestedCover = SuggestedCover(seconds: cover, label: "the Motion Photo's presentation timestamp")
            } else {
                choices.notesBefore.append("the Motion Photo gives no presentation timestamp; the cover is the frame nearest the middle")
            }
        }
        return choices
    }

    /// vivo's two files': the cover at the frame vivo's movie names.
    package static func vivoPair(_ input: InputFile, pair: VivoPair, identifier: ContentIdentifier?, coverTime: Double?)
        -> LiveConversionChoices
    {
        var choices = LiveConversionChoices(identifier: identifier)
        choices.notesBefore.append("a vivo live photo: \(pair.movie) carries the same pairing id")
        if identifier == nil, let kept = FileAnalysis(input, depth: .identity).report.contentIdentifier,
            let restored = ContentIdentifier(kept)
        {
            choices.identifier = restored
            choices.notesBefore.append("the content identifier \(kept) kept in the photo was restored")
        }
        if coverTime == nil {
            if let index = pair.coverFrameIndex {
                choices.suggestedCover = SuggestedCover(seconds: pair.frameTimes[index], label: "vivo's cover frame (imageTime \(index))")
            } else {
                choices.notesBefore.append("vivo's movie names no cover frame; the cover is the frame nearest the middle")
            }
        }
        return choices
    }

    /// The make's notes with these around them.
    package func notes(around made: [String]) -> [String] { notesBefore + notesAfter + made }
}

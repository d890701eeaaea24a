/// What `edit` wrote and changed.
public struct EditResult: Sendable, Codable, Equatable {
    /// The range of the input movie kept, in seconds on its timeline: the first frame shown and the end.
    public struct Range: Sendable, Codable, Equatable {
        public var start: Double
        public var end: Double
        /// The sync sample the kept samples start from (at or before `start`), hidden by the edit list.
        public var keyframe: Double

        package init(start: Double, end: Double, keyframe: Double) {
            self.start = start
            self.end = end
            self.keyframe = keyframe
        }
    }

    public var identifier: String
    /// True when the identifier is new (`newIdentifier`); else it is the input's.
    public var newIdentifier: Bool
    /// The key photo's time in the edited movie, and in the input movie.
    public var keyPhotoTime: Double
    public var keyPhotoTimeInInput: Double
    /// True when the still is a new frame of the movie.
    public var keyPhotoChanged: Bool
    /// The range kept, when trimmed.
    public var trimmed: Range?
    public var muted: Bool
    /// True when the old still's HDR gain map could not go with a new key photo and was left out.
    public var gainMapDropped: Bool
    /// True when the movie's video was re-encoded, as ``MakeResult/reencodedVideo`` says of the Live Photo written. An
    /// edit copies the samples (a range kept starts at the keyframe before it, hidden by an edit list; the sound is
    /// left out by dropping its track) and refuses what it cannot copy, so this is false for every edit made today.
    public var reencoded: Bool
    public var photo: String?
    public var movie: String?
    public var bundle: String?
    public var notes: [String]

    package init(
        identifier: String, newIdentifier: Bool, keyPhotoTime: Double, keyPhotoTimeInInput: Double, keyPhotoChanged: Bool,
        trimmed: Range? = nil, muted: Bool, gainMapDropped: Bool, reencoded: Bool, photo: String? = nil, movie: String? = nil,
        bundle: String? = nil, notes: [String]
    ) {
        self.identifier = identifier
        self.newIdentifier = newIdentifier
        self.keyPhotoTime = keyPhotoTime
        self.keyPhotoTimeInInput = keyPhotoTimeInInput
        self.keyPhotoChanged = keyPhotoChanged
        self.trimmed = trimmed
        self.muted = muted
        self.gainMapDropped = gainMapDropped
        self.reencoded = reencoded
        self.photo = photo
        self.movie = movie
        self.bundle = bundle
        self.notes = notes
    }
}

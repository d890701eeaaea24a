/// What `edit` should change in a Live Photo, and where the edited one goes.
public struct EditOptions: Sendable {
    /// The folder the edited Live Photo goes to; created when missing.
    public var outputDirectory: String
    /// The output stem; defaults to the photo's.
    public var name: String?
    /// Overwrite existing outputs.
    public var force: Bool
    /// A pair (default), a `.pvt` folder or a `.pvt.zip`.
    public var packaging: Packaging
    /// With `.pair`, a `.pvt.zip` of the pair too (the web app offers both).
    package var zipsPairToo = false
    /// The new key photo: the movie's frame at this time (seconds on the input movie's timeline), taken as `make
    /// VIDEO` takes its cover; nil keeps the still and its time.
    public var keyPhotoTime: Double?
    /// The range of the movie kept, in seconds on its timeline; nil keeps its start (its end).
    public var trimStart: Double?
    public var trimEnd: Double?
    /// Leave the sound out.
    public var mute: Bool
    /// A new content identifier (both can then live side by side); else the Live Photo keeps its own, so the edited
    /// one replaces it where it is imported.
    public var newIdentifier: Bool
    /// JPEG quality of a new key photo.
    public var quality: Int
    /// The ffmpeg executable (for a new key photo only); nil looks on the PATH.
    public var ffmpegPath: String?

    public init(
        outputDirectory: String = ".", name: String? = nil, force: Bool = false, packaging: Packaging = .pair, keyPhotoTime: Double? = nil,
        trimStart: Double? = nil, trimEnd: Double? = nil, mute: Bool = false, newIdentifier: Bool = false, quality: Int = 92,
        ffmpegPath: String? = nil
    ) {
        self.outputDirectory = outputDirectory
        self.name = name
        self.force = force
        self.packaging = packaging
        self.keyPhotoTime = keyPhotoTime
        self.trimStart = trimStart
        self.trimEnd = trimEnd
        self.mute = mute
        self.newIdentifier = newIdentifier
        self.quality = quality
        self.ffmpegPath = ffmpegPath
    }

    /// True when a range is asked for.
    public var trims: Bool { trimStart != nil || trimEnd != nil }
}

extension EditOptions {
    /// What the flow decides with (``EditFlow``): these options without the folder and the program's location.
    var settings: EditSettings {
        EditSettings(
            name: name, force: force, packaging: packaging, keyPhotoTime: keyPhotoTime, trimStart: trimStart, trimEnd: trimEnd, mute: mute,
            newIdentifier: newIdentifier, quality: quality)
    }
}

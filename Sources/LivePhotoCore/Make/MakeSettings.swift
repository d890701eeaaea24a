/// What `make` decides with: the options of ``MakeFlow``, as every shell gives them (no folder, no program's
/// location: those are the shell's).
package struct MakeSettings {
    /// The output file stem; defaults to the video's.
    package var name: String?
    /// Cover time in seconds, snapped to the nearest frame; nil for the frame nearest the middle (or, for a movie that
    /// already has a still-image-time, that time).
    package var coverTime: Double?
    /// The content identifier; random when nil (fixed once per flow).
    package var identifier: ContentIdentifier?
    package var packaging = Packaging.pair
    /// Overwrite existing outputs, which the shell does.
    package var force = false
    /// JPEG quality (1...100) of stills that must be encoded.
    package var quality = 92
    /// The codec a video is encoded to when it must be.
    package var codec = VideoCodec.h264
    /// Keep only this many seconds of video around the cover.
    package var duration: Double?
    /// With `duration`: the seconds of it kept before the cover; nil centres the window.
    package var durationBeforeCover: Double?
    /// With a photo: the cover moves to the frame within this many seconds that looks most like the photo.
    package var coverMatchesPhotoWithin: Double?
    /// The still's format; nil keeps the photo's (HEIC stays HEIC, anything else becomes or stays JPEG).
    package var photoFormat: PhotoFormat?
    package var wallpaper = WallpaperMode.auto
    /// A cover time the input itself suggests, used when `coverTime` is nil.
    package var suggestedCover: SuggestedCover?
    /// With `duration`: the frames of a camera's recording put on its steady rate.
    package var snapsToCameraRate = false
    /// Refuse a photo whose MakerNote another camera maker wrote, rather than replace it by Apple's (the default,
    /// with a note: Photos reads the identifier only from Apple's).
    package var refusesForeignMakerNote = false
    /// `edit`'s changes to the movie; the cover is then a time on the input's timeline.
    package var movieEdit: MovieEdit?
    /// `edit`'s old still, whose metadata a new key photo keeps.
    package var keyPhotoMetadata: InputFile?

    package init() {}
}

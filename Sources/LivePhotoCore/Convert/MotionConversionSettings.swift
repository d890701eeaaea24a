/// What `convert --to motion` decides with, as every shell gives it (no folder, no program's location).
package struct MotionConversionSettings {
    /// The output stem (`STEM.MP.jpg`); defaults to the photo's.
    package var name: String?
    /// Combine the parts of two different Live Photos (and overwrite an output, which the shell does).
    package var force = false
    /// Which galleries' way of finding the video the file carries: the declared default, unless one is asked for.
    package var flavor = MotionPhotoFlavor.samsung
    /// Re-encode the video to this codec when it is not already; nil copies the samples as they are.
    package var videoCodec: VideoCodec?
    /// Keep the Live Photo's content identifier in the MP4's metadata and the still; false removes it from both.
    package var keepsIdentifier = true

    package init(
        name: String? = nil, force: Bool = false, flavor: MotionPhotoFlavor = .samsung, videoCodec: VideoCodec? = nil,
        keepsIdentifier: Bool = true
    ) {
        (self.name, self.force, self.flavor, self.videoCodec, self.keepsIdentifier) = (name, force, flavor, videoCodec, keepsIdentifier)
    }
}

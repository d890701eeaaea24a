/// What `edit` changes, as every shell gives it (no folder, no program's location).
package struct EditSettings {
    /// The output stem; defaults to the photo's.
    package var name: String?
    package var force = false
    package var packaging = Packaging.pair
    /// The new key photo's time on the input movie's timeline; nil keeps the still.
    package var keyPhotoTime: Double?
    package var trimStart: Double?
    package var trimEnd: Double?
    package var mute = false
    /// A new content identifier instead of the Live Photo's own.
    package var newIdentifier = false
    /// JPEG quality of a new key photo.
    package var quality = 92

    package init() {}
}

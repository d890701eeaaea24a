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

    package init(
        name: String? = nil, force: Bool = false, packaging: Packaging = .pair, keyPhotoTime: Double? = nil, trimStart: Double? = nil,
        trimEnd: Double? = nil, mute: Bool = false, newIdentifier: Bool = false, quality: Int = 92
    ) {
        (self.name, self.force, self.packaging) = (name, force, packaging)
        (self.keyPhotoTime, self.trimStart, self.trimEnd, self.mute) = (keyPhotoTime, trimStart, trimEnd, mute)
        (self.newIdentifier, self.quality) = (newIdentifier, quality)
    }
}

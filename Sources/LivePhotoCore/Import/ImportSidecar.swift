import MediaFormats

/// One sidecar of an export, classified by what it holds rather than by its name (album files have a localized name):
/// a photo's or video's sidecar (Google's JSON, osxphotos' JSON, an XMP file), an album's metadata (Google's, or an
/// Apple shared album's `AlbumInfo.json`), or anything else (`docs/formats/takeout.md#json-files`,
/// `docs/formats/icloud.md#shared-albums`).
package enum ImportSidecar: Equatable, Sendable {
    /// A photo's or video's sidecar: it has `photoTakenTime`.
    case media(Media)
    /// An album's metadata: a `title` and no `photoTakenTime`, at the top or inside `albumData`.
    case album(Album)
    /// Any other JSON: an array (memory titles), a print order, an object of neither shape.
    case other

    /// What a media sidecar says about its file (`docs/formats/takeout.md#media-sidecar-keys`).
    package struct Media: Equatable, Sendable {
        /// The name the item was uploaded with, which the file in the archive may not carry (cut or numbered).
        package var title: String?
        /// When it was taken, in seconds since 1970 (`photoTakenTime.timestamp`, UTC); `nil` when missing, `"0"` or
        /// unreadable.
        package var captureSeconds: Int64?
        /// Where: `geoDataExif`, else `geoData`; `nil` when both are missing or `0,0`.
        package var place: Place?
        package var description: String?
        package var favorited: Bool
        package var archived: Bool
        package var trashed: Bool
        /// The names of the people tagged in it, in the file's order.
        package var people: [String]
        /// Shared by a partner account (`googlePhotosOrigin.fromPartnerSharing` is present).
        package var fromPartnerSharing: Bool
        /// The title the library gave it (an XMP sidecar's `dc:title`): not a file name, unlike ``title``.
        package var libraryTitle: String?
        /// Its keywords (an XMP sidecar's `dc:subject`).
        package var keywords: [String] = []
        /// Hidden in Photos (an Apple data copy's `hidden`, or an XMP rating of -1).
        package var hidden = false
        /// ``captureSeconds`` is only when the file was added to the library (an Apple data copy's date equal to its
        /// import date): it dates a file that has no date of its own, and never replaces one.
        package var captureTimeIsUpload = false
        /// Google's JSON (`photoTakenTime`), as a Takeout holds beside each file: not osxphotos' JSON, nor an XMP file.
        package var fromTakeout = false

        package init(
            title: String? = nil, captureSeconds: Int64? = nil, place: Place? = nil, description: String? = nil,
            favorited: Bool = false, archived: Bool = false, trashed: Bool = false, people: [String] = [],
            fromPartnerSharing: Bool = false
        ) {
            self.title = title
            self.captureSeconds = captureSeconds
            self.place = place
            self.description = description
            self.favorited = favorited
            self.archived = archived
            self.trashed = trashed
            self.people = people
            self.fromPartnerSharing = fromPartnerSharing
        }
    }

    /// What an album's metadata file says (`docs/formats/takeout.md#album-metadata`).
    package struct Album: Equatable, Sendable {
        /// `nil` for an untitled album (an empty `title`): its folder's name is Google's placeholder, not a title.
        package var title: String?
        /// An Apple shared album's (`AlbumInfo.json`): its files are the reduced copies Apple shares, not originals.
        package var isShared = false
        /// When each file of an Apple shared album was taken, in seconds since 1970, by its name
        /// (`photos[].dateCreated`).
        package var photoDates: [String: Int64] = [:]
        package var description: String?
        /// `date.timestamp`, in seconds since 1970; `nil` when missing or `"0"`.
        package var dateSeconds: Int64?

        package init(title: String?, description: String? = nil, dateSeconds: Int64? = nil) {
            self.title = title
            self.description = description
            self.dateSeconds = dateSeconds
        }
    }

    /// A position in degrees (WGS 84), and metres above sea level when the sidecar gives one.
    package typealias Place = ImportStamp.Place
}

import MediaFormats
package import PortableFoundation

/// What a Takeout sidecar says of a file, to be written into it (docs/formats/takeout.md#what-is-written-into-the-files).
package struct TakeoutFacts: Sendable, Equatable {
    /// When it was taken: an instant (the sidecar gives UTC and no offset).
    package var captureTime: Date?
    /// Where it was taken.
    package var place: TakeoutSidecar.Place?
    /// The caption.
    package var description: String?
    /// Marked as a favourite.
    package var favorited: Bool
    /// The names of the people tagged, in the sidecar's order.
    package var people: [String]
    /// The title the library gave it (not a file name).
    package var title: String?
    /// Its keywords.
    package var keywords: [String] = []
    /// ``captureTime`` is only an upload date: it dates a file without a date of its own, and never replaces one,
    /// even when the sidecar is preferred.
    package var captureTimeYields = false

    /// Facts given one by one.
    package init(
        captureTime: Date? = nil, place: TakeoutSidecar.Place? = nil, description: String? = nil, favorited: Bool = false,
        people: [String] = []
    ) {
        self.captureTime = captureTime
        self.place = place
        self.description = description
        self.favorited = favorited
        self.people = people
    }

    /// The facts of a media sidecar.
    package init(_ media: TakeoutSidecar.Media) {
        self.init(
            captureTime: media.captureTime, place: media.place, description: media.description, favorited: media.favorited,
            people: media.people)
        captureTimeYields = media.captureTimeIsUpload
        title = media.libraryTitle
        keywords = media.keywords
    }
}

/// Writes a Takeout sidecar's facts into the media file itself, losslessly (docs/formats/takeout.md#what-is-written-into-the-files):
/// Exif dates and GPS and XMP properties in a JPEG or HEIC, the fixed date fields and the creation-date key in a movie.
package enum TakeoutStamp {
    /// The names ``apply(to:facts:prefersSidecar:)`` reports, in the order it reports them.
    static let reportOrder = ["date", "place", "description", "title", "keywords", "rating", "people"]

    /// Writes `facts` into the file at `path` (a private staging file the caller owns), losslessly; returns what it
    /// wrote, a subset of ["date", "place", "description", "title", "keywords", "rating", "people"] in that order ([] when nothing was
    /// missing: then the file is left byte for byte). Movies' fixed date fields are patched in place; anything that
    /// changes the file's size is written to a sibling temporary file and renamed over `path`.
    ///
    /// A value the file has already is kept unless `prefersSidecar` (a rating always is). The kind of file is read from
    /// its bytes; a kind not handled (PNG, GIF, AVIF) gets nothing and no error, and a HEIC Motion Photo only the XMP
    /// properties that fit its XMP item's padding.
    /// - Throws: `LivePhotoError.badInput(file:reason:)` naming `path` when the file is damaged;
    ///   `LivePhotoError.io(path:reason:)` or `LivePhotoError.writeFailed(path:reason:)` when it cannot be read or
    ///   replaced.
    package static func apply(to path: String, facts: TakeoutFacts, prefersSidecar: Bool) throws(LivePhotoError) -> [String] {
        let input = try InputFile(path: path)
        let written: Set<String>
        switch input.kind {
        case .jpeg: written = try TakeoutStillStamp.stampJPEG(input.file, path: path, facts: facts, prefersSidecar: prefersSidecar)
        case .heic: written = try TakeoutStillStamp.stampHEIC(input.file, path: path, facts: facts, prefersSidecar: prefersSidecar)
        case .quicktime, .mp4:
            written = try TakeoutMovieStamp.stamp(input.file, path: path, facts: facts, prefersSidecar: prefersSidecar)
        case .avif, .zip, .unknown: written = []
        }
        return reportOrder.filter(written.contains)
    }

    /// The capture time the file itself records (Exif DateTimeOriginal with its offset, else the movie's
    /// creationdate key, else mvhd's creation time), nil when none or a sentinel.
    ///
    /// A `DateTimeOriginal` whose file states no offset (`OffsetTimeOriginal`, `OffsetTime` or `OffsetTimeDigitized`) is
    /// read as UTC (docs/formats/takeout.md#the-time-zone).
    package static func captureTime(of path: String) -> Date? {
        guard let input = try? InputFile(path: path) else { return nil }
        return ImportCaptureTime.own(input).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// The facts' capture time as whole seconds since 1970, nil when there is none or it is a placeholder (before 1971).
    static func captureSeconds(_ facts: TakeoutFacts) -> Int64? {
        ImportCaptureTime.valid(facts.captureTime.flatMap(seconds))
    }
}

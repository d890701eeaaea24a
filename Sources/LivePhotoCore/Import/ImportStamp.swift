import MediaFormats

/// What an export's sidecar says of a file, written into the file itself, losslessly, as a plan: the new bytes and
/// the runs of the file copied as they are (docs/formats/takeout.md#what-is-written-into-the-files). Exif dates and GPS
/// and XMP properties into a JPEG or HEIC; the creation-date key and the fixed date fields into a movie. The command
/// line writes the plan over its landed copy; a browser writes it where the library goes.
package enum ImportStamp {
    /// What a sidecar says of a file, to be written into it.
    package struct Facts: Sendable, Equatable {
        /// When it was taken, in whole seconds since 1970 (the sidecar gives UTC and no offset).
        package var captureSeconds: Int64?
        /// Where it was taken.
        package var place: Place?
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
        /// ``captureSeconds`` is only an upload date: it dates a file without a date of its own, and never replaces
        /// one, even when the sidecar is preferred.
        package var captureTimeYields = false

        /// Facts given one by one.
        package init(
            captureSeconds: Int64? = nil, place: Place? = nil, description: String? = nil, favorited: Bool = false,
            people: [String] = []
        ) {
            self.captureSeconds = captureSeconds
            self.place = place
            self.description = description
            self.favorited = favorited
            self.people = people
        }

        /// The capture time to write: none when it is a placeholder (before 1971).
        package var validCaptureSeconds: Int64? { ImportCaptureTime.valid(captureSeconds) }
    }

    /// A position in degrees (WGS 84), and metres above sea level when the sidecar gives one: what Exif's GPS IFD is
    /// given.
    package typealias Place = GPSPosition

    /// A file with the facts written into it.
    package struct Plan {
        /// The new file: new bytes and runs of the old one.
        package var content: SplicedFile
        /// When the new file is the old one with fixed-size fields overwritten where they are (a movie's dates, a
        /// Motion Photo's XMP in its padding), those fields: a shell may write them in place.
        package var patches: [(offset: Int64, bytes: [UInt8])]?
    }

    /// The names ``plan(_:facts:prefersSidecar:)`` reports, in the order it reports them.
    package static let reportOrder = ["date", "place", "description", "title", "keywords", "rating", "people"]

    /// `input` with `facts` written into it, and what was written: a subset of ``reportOrder``, in that order ([] and
    /// no plan when nothing was missing: the file stays as it is).
    ///
    /// A value the file has already is kept unless `prefersSidecar` (a rating always is). The kind of file is read
    /// from its bytes; a kind not handled (PNG, GIF, AVIF) gets nothing and no error, and a HEIC Motion Photo only the
    /// XMP properties that fit its XMP item's padding.
    /// - Throws: ``FormatError`` when the file is damaged.
    package static func plan(_ input: InputFile, facts: Facts, prefersSidecar: Bool) throws(FormatError) -> (plan: Plan?, written: [String])
    {
        let (plan, written): (Plan?, Set<String>)
        switch input.kind {
        case .jpeg: (plan, written) = try jpeg(input.file, facts: facts, prefersSidecar: prefersSidecar)
        case .heic: (plan, written) = try heic(input.file, facts: facts, prefersSidecar: prefersSidecar)
        case .quicktime, .mp4: (plan, written) = try movie(input.file, facts: facts, prefersSidecar: prefersSidecar)
        case .avif, .zip, .unknown: (plan, written) = (nil, [])
        }
        return (plan, reportOrder.filter(written.contains))
    }
}

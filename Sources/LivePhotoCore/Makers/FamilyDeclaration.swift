import MediaFormats

/// One family of live photos, declared once: the marks that name its files and where they stand in the reading
/// order, and what `livephoto formats` says of it (docs/layout.md#adding-a-maker).
///
/// The rows are in `PhotoFamily+Declarations.swift`, one per ``PhotoFamily`` case; a report's `family` is worked out
/// from them (`PhotoFamily+Recognition.swift`), so a new maker is a row there, not a branch in the reader.
package struct FamilyDeclaration: Sendable {
    /// Marks that name the family, weighed at one place in the reading order: a file's family is that of the
    /// lowest-numbered recognition whose marks it carries any of. A family whose marks sit on top of another's
    /// (OPPO's on Google's) therefore comes before it.
    package struct Recognition: Sendable {
        /// The place in the reading order; unique across families (a test checks it), so that no two can tie.
        package var order: Int
        /// Any one of these names the family.
        package var anyOf: [MotionPhotoFile.Mark]

        package init(order: Int, anyOf: [MotionPhotoFile.Mark]) {
            self.order = order
            self.anyOf = anyOf
        }
    }

    /// How a Motion Photo of the family is recognised; empty for Apple's, whose two files are joined by their
    /// content identifier instead.
    package var recognisedBy: [Recognition]
    /// Who writes it and what it is called there.
    package var name: String
    /// The maker in a word: the web app's name for a converted file (`Web`'s and the server's script check theirs
    /// against it).
    package var label: String
    /// The command that writes it; nil when nothing does. Each flavour of the family is named here (a test checks).
    package var write: String?
    /// The still's formats, as `livephoto formats` lists them.
    package var stills: [String]
    /// The video codecs the family's files carry (and what is written for it).
    package var videoCodecs: [String]
    /// What tells a reader that a file is one of these, in words.
    package var marks: String
    /// The gallery that plays it.
    package var gallery: String
    /// What is not known or not done.
    package var notes: String?

    package init(
        recognisedBy: [Recognition], name: String, label: String, write: String?, stills: [String], videoCodecs: [String],
        marks: String, gallery: String, notes: String? = nil
    ) {
        self.recognisedBy = recognisedBy
        self.name = name
        self.label = label
        self.write = write
        self.stills = stills
        self.videoCodecs = videoCodecs
        self.marks = marks
        self.gallery = gallery
        self.notes = notes
    }
}

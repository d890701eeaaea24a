import MediaFormats

/// One family of live photos, declared once: the marks that name its files and where they stand in the reading
/// order, its name in a word, and what `livephoto formats` says of it (docs/layout.md#adding-a-maker).
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
    }

    /// How a Motion Photo of the family is recognised; empty for Apple's, whose two files are joined by their
    /// content identifier instead.
    package var recognisedBy: [Recognition]
    /// The maker in a word: the web app's name for a converted file (its script's names, `js/convert.js`, are
    /// checked against it).
    package var label: String
    /// What `livephoto formats` says of it.
    package var catalog: FamilyDescription
}

/// One family of live photos as `livephoto formats` lists it: what this package reads and writes of it, and what
/// marks it (docs/formats/makers.md, docs/formats/README.md). Each is part of its family's row
/// (`PhotoFamily+Declarations.swift`); its JSON is what `livephoto formats --json` prints.
package struct FamilyDescription: Sendable, Codable, Equatable {
    package var family: PhotoFamily
    /// Who writes it and what it is called there.
    package var name: String
    /// `inspect`, `verify`, `split` and `convert --to live` read it.
    package var read: Bool = true
    /// The command that writes it; nil when nothing does. Each flavour of the family is named here (a test checks).
    package var write: String?
    /// The still's formats.
    package var stills: [String]
    /// The video codecs the family's files carry (and what is written for it).
    package var videoCodecs: [String]
    /// What tells a reader that a file is one of these.
    package var marks: String
    /// The gallery that plays it.
    package var gallery: String
    /// What is not known or not done.
    package var notes: String?
}

extension PhotoFamily {
    /// Every family this package knows, as `livephoto formats` lists them: in the order they are declared.
    package static var catalog: [FamilyDescription] { allCases.map { $0.declaration.catalog } }
}

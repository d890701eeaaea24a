/// One family of live photos as `livephoto formats` lists it: what this package reads and writes of it, and what
/// marks it (docs/formats/makers.md, docs/formats/README.md).
package struct FamilyDescription: Sendable, Codable, Equatable {
    package var family: PhotoFamily
    /// Who writes it and what it is called there.
    package var name: String
    /// `inspect`, `verify`, `split` and `convert --to live` read it.
    package var read: Bool
    /// The command that writes it; nil when nothing does.
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

extension FamilyDescription {
    /// The family as its declaration describes it (`PhotoFamily+Declarations.swift`).
    package init(_ family: PhotoFamily) {
        let declared = family.declaration
        self.init(
            family: family, name: declared.name, read: true, write: declared.write, stills: declared.stills,
            videoCodecs: declared.videoCodecs, marks: declared.marks, gallery: declared.gallery, notes: declared.notes)
    }
}

/// Every family this package knows, in the order they are declared; every one is read.
package enum FamilyCatalog {
    package static var all: [FamilyDescription] { PhotoFamily.allCases.map(FamilyDescription.init) }
}

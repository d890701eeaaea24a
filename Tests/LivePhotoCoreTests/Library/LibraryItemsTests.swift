import LivePhotoCore
import MediaFormats
import Testing

/// A library's items decided on its files' facts alone, as the browser decides them (the command line gathers the same
/// groups from its index): no file is read.
@Suite("a library's items from its files' facts")
struct LibraryItemsTests {
    static let id = "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8"
    static let other = "0E1B5F3C-57C4-4E5B-9B36-2C0E1D2F3A4B"

    static func still(_ path: String, id: String? = nil) -> ScannedFile { ScannedFile(path: path, kind: .still, identifier: id) }
    static func movie(_ path: String, id: String? = nil, stillImageTime: Bool = false) -> ScannedFile {
        ScannedFile(path: path, kind: .movie, identifier: id, hasStillImageTime: stillImageTime)
    }

    @Test("one identifier pairs across folders and names; the edited still is its variant")
    func byIdentifier() {
        let items = LibraryItems.paired([
            Self.still("2023/IMG_0001.JPG", id: Self.id), Self.movie("export/IMG_0001(1).MP4", id: Self.id),
            Self.still("2023/IMG_E0001.JPG", id: Self.id),
        ])
        #expect(
            items == [
                LibraryItem(
                    kind: .livePhoto, files: ["2023/IMG_0001.JPG", "export/IMG_0001(1).MP4"], identifier: Self.id, pairedBy: .identifier,
                    variants: ["2023/IMG_E0001.JPG"])
            ])
    }

    @Test("by name only where identifiers are missing, said so; a plain movie beside a plain photo stays apart")
    func byName() {
        let items = LibraryItems.paired([
            Self.still("a/IMG_1.JPG"), Self.movie("a/IMG_1.MOV", stillImageTime: true), Self.still("b/DSC_2.JPG"),
            Self.movie("b/DSC_2.MP4"),
        ])
        #expect(items.map(\.kind) == [.livePhoto, .plainPhoto, .plainMovie])
        #expect(items[0].pairedBy == .name && items[0].note == "paired by name: neither carries content identifier")
    }

    @Test("orphans, conflicts, Motion Photos, damaged and other files each have their item")
    func everyKind() {
        let items = LibraryItems.paired([
            Self.still("x/A.JPG", id: Self.other), Self.movie("x/A.MOV", id: Self.other), Self.still("x/B.JPG", id: Self.other),
            Self.movie("x/B.MOV", id: Self.other), Self.still("y/lonely.HEIC", id: Self.id),
            ScannedFile(path: "y/MVIMG_1.jpg", kind: .motionPhoto(.googleMotionPhoto, .google)),
            ScannedFile(path: "y/bad.jpg", kind: .damaged("the file ends inside its header")),
            ScannedFile(path: "y/IMG_1.AAE", kind: .other),
        ])
        #expect(items.map(\.kind) == [.conflict, .other, .motionPhoto, .damaged, .orphanStill])
        #expect(
            items[0].files == ["x/A.JPG", "x/A.MOV", "x/B.JPG", "x/B.MOV"] && items[0].note == "one identifier on 2 photos and 2 movies")
        #expect(items[2].family == .google && items[3].note == "the file ends inside its header")
    }

    @Test("items sort by their first path's bytes, relative paths as if below one root, names by their folded key")
    func order() {
        let items = LibraryItems.paired([
            Self.still("Été/b.jpg"), ScannedFile(path: "README.txt", kind: .other), Self.still("a.jpg"), Self.still("Z.JPG"),
        ])
        #expect(items.map { $0.files[0] } == ["README.txt", "a.jpg", "Z.JPG", "Été/b.jpg"])
    }

    @Test(
        "a file's facts go through the browser and back as they were",
        arguments: [
            ScannedFile(path: "a/IMG_1.MOV", kind: .movie, identifier: id, hasStillImageTime: true),
            ScannedFile(path: "b.jpg", kind: .damaged("cut short")),
            ScannedFile(path: "v.jpg", kind: .motionPhoto(.vivoPair, .vivo), pairingID: "42"),
        ])
    func factsRoundTrip(file: ScannedFile) {
        #expect(ScannedFile(json: file.json) == file)
        #expect(ScannedFile(json: .object([("path", .string("x")), ("kind", .string("hologram"))])) == nil)
    }
}

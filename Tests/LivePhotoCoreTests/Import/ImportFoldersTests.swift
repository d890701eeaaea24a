import LivePhotoCore
import MediaFormats
import Testing

/// What an export's folders say of its media, read in the core from what a shell read: sidecars matched by name across
/// parts, albums by their metadata, the trash never an album, files that could not be read reported
/// (docs/formats/takeout.md#sidecar-names, docs/guide/takeout.md#albums).
@Suite("an export's folders, in the core")
struct ImportFoldersTests {
    static func media(_ part: Int, _ path: String, file: Int) -> ImportPlan.Media {
        ImportPlan.Media(member: ImportMember(part: part, path: path, size: 10), outcome: .landed(file))
    }

    static func sidecar(_ part: Int, _ path: String, _ sidecar: ImportSidecar?, failure: String? = nil) -> ImportFolders.SidecarFile {
        ImportFolders.SidecarFile(member: ImportMember(part: part, path: path, size: 10), sidecar: sidecar, failure: failure)
    }

    @Test("a photo's sidecar in another part, an album titled by its metadata, the trash, a sidecar that did not read")
    func folders() {
        let media = [
            Self.media(0, "Takeout/Google Photos/Trip/IMG_1.JPG", file: 0), Self.media(0, "Takeout/Google Photos/Trash/IMG_2.JPG", file: 1),
        ]
        let sidecars = [
            Self.sidecar(1, "Takeout/Google Photos/Trip/IMG_1.JPG.json", .media(ImportSidecar.Media(captureSeconds: 1_656_633_600))),
            Self.sidecar(1, "Takeout/Google Photos/Trip/metadata.json", .album(ImportSidecar.Album(title: "Road trip"))),
            Self.sidecar(0, "Takeout/Google Photos/Trash/metadata.json", .album(ImportSidecar.Album(title: "Trash"))),
            Self.sidecar(0, "Takeout/Google Photos/Trip/broken.json", nil, failure: "not a JSON file"),
        ]
        let folders = ImportFolders(media: media, sidecarFiles: sidecars, tables: [], partNames: ["takeout-001.zip", "takeout-002.zip"])
        #expect(folders.sidecars[0]?.path == "Takeout/Google Photos/Trip/IMG_1.JPG.json")
        #expect(folders.sidecars[0]?.media.captureSeconds == 1_656_633_600)
        #expect(folders.albums == ["Takeout/Google Photos/Trip": "Road trip", "Takeout/Google Photos/Trash": "Trash"])
        #expect(folders.problems == ["takeout-001.zip: Takeout/Google Photos/Trip/broken.json: not a JSON file"])
        #expect(!folders.isTrashed(0, member: media[0].member))
    }

    @Test("an Apple data copy's photo details date the file of their own part and folder; an album list names its files")
    func tables() throws {
        let details = try ICloudTable.read(
            Array(
                "imgName,fileChecksum,favorite,hidden,originalCreationDate,importDate,deleted\nIMG_1.JPG,x,yes,no,\"Friday May 3,2019 6:30 PM GMT\",,no\n"
                    .utf8),
            file: "Photo Details.csv")
        let album = try ICloudTable.read(Array("Images\nIMG_1.JPG\n".utf8), file: "Albums/Paris.csv")
        let media = [Self.media(0, "Photos/IMG_1.JPG", file: 0), Self.media(1, "Photos/IMG_1.JPG", file: 1)]
        let tables = [
            ImportFolders.TableFile(
                member: ImportMember(part: 0, path: "Photos/Photo Details.csv", size: 10), table: details, failure: nil),
            ImportFolders.TableFile(member: ImportMember(part: 0, path: "Albums/Paris.csv", size: 10), table: album, failure: nil),
        ]
        let folders = ImportFolders(
            media: media, sidecarFiles: [], tables: tables, partNames: ["iCloud Photos Part 1 of 2.zip", "iCloud Photos Part 2 of 2.zip"])
        #expect(folders.sidecars[0]?.media.captureSeconds == 1_556_908_200 && folders.sidecars[0]?.media.favorited == true)
        // The same name in another part is another file: no row, and the album list names two files, so neither.
        #expect(folders.sidecars[1] == nil)
        #expect(folders.listedAlbums.isEmpty)
    }
}

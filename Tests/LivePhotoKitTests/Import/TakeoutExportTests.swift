import Foundation
import Testing

@testable import LivePhotoKit

/// Which export a run read, judged from what its parts hold (never their names): the words its notes and reasons
/// name it with.
@Suite("import: the export named as its parts show it")
struct TakeoutExportTests {
    static let googleSidecar = #"{"title": "IMG_1.JPG", "photoTakenTime": {"timestamp": "1690000000"}}"#
    static let osxphotosSidecar = #"[{"SourceFile": "IMG_1.JPG", "EXIF:DateTimeOriginal": "2019:07:04 18:30:00"}]"#
    static let albumInfo = #"{"albumName": "Kids", "photos": []}"#
    static let photoDetails =
        "imgName,fileChecksum,favorite,hidden,deleted,originalCreationDate,viewCount,importDate\n"
        + "IMG_1.JPG,a,no,no,no,\"Sunday January 1,2017 12:05 PM GMT\",0,\"Sunday January 1,2017 12:05 PM GMT\"\n"

    /// A walk's result: a photo in each of `media`'s parts, and the given JSON files and CSV tables, by part.
    func ingest(media: [Int], json: [(part: Int, text: String)] = [], tables: [(part: Int, text: String)] = []) throws -> TakeoutIngest {
        var ingest = TakeoutIngest()
        for (number, part) in media.enumerated() {
            ingest.media.append(
                .init(member: ImportMember(part: part, path: "Photos/IMG_\(number).JPG", size: 1), outcome: .landed(number)))
        }
        for (number, file) in json.enumerated() {
            let member = ImportMember(part: file.part, path: "Photos/IMG_\(number).JPG.json", size: 1)
            ingest.sidecarFiles.append(
                .init(member: member, sidecar: try ImportSidecar.read(Array(file.text.utf8), file: member.path), failure: nil))
        }
        for (number, file) in tables.enumerated() {
            let member = ImportMember(part: file.part, path: "Photos/Photo Details-\(number).csv", size: 1)
            ingest.tableFiles.append(
                .init(member: member, table: try ICloudTable.read(Array(file.text.utf8), file: member.path), failure: nil))
        }
        return ingest
    }

    @Test("Google's sidecars in every part with media: the Takeout; an osxphotos sidecar or a part without them: the export")
    func takeout() throws {
        let export = ImportExport(try ingest(media: [0, 1], json: [(0, Self.googleSidecar), (1, Self.googleSidecar)]))
        #expect(export == .googleTakeout)
        #expect(export.name == "the Takeout" && export.ownDataReason == "not a photo or video: Takeout's own data")
        #expect(ImportExport(try ingest(media: [0, 1], json: [(0, Self.googleSidecar)])) == .other)
        #expect(ImportExport(try ingest(media: [0], json: [(0, Self.osxphotosSidecar)])) == .other)
    }

    @Test("photo details or a shared album's AlbumInfo.json in every part with media: Apple's data copy")
    func appleDataCopy() throws {
        let export = ImportExport(try ingest(media: [0, 1], json: [(1, Self.albumInfo)], tables: [(0, Self.photoDetails)]))
        #expect(export == .appleDataCopy)
        #expect(export.name == "Apple's data copy" && export.ownDataReason == "not a photo or video: the data copy's own data")
    }

    @Test("a Takeout and Apple's data copy read together, a bare folder, no media: the export")
    func other() throws {
        let both = try ingest(media: [0, 1], json: [(0, Self.googleSidecar)], tables: [(1, Self.photoDetails)])
        for judged in [ImportExport(both), ImportExport(try ingest(media: [0])), ImportExport(try ingest(media: []))] {
            #expect(judged == .other)
            #expect(judged.name == "the export" && judged.ownDataReason == "not a photo or video: the export's own data")
        }
    }
}

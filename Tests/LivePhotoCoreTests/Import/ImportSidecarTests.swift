import LivePhotoCore
import MediaFormats
import Testing

/// An export's sidecars read by the core, for the command line and a browser alike, as Foundation's JSONDecoder read
/// them before: the first of two members of one name, a byte order mark passed over, numbers written as strings
/// (docs/formats/takeout.md#media-sidecar-keys).
@Suite("an export's sidecars, read in the core")
struct ImportSidecarTests {
    static func read(_ text: String) throws -> ImportSidecar { try ImportSidecar.read(Array(text.utf8), file: "x.json") }

    @Test("a Google sidecar: its time, place, people and flags, numbers as strings or not")
    func google() throws {
        let sidecar = try Self.read(
            #"{"title": 1234, "photoTakenTime": {"timestamp": " 1656633600 "}, "geoData": {"latitude": "48.8584", "longitude": 2.2945},"#
                + #" "favorited": "true", "people": [{"name": "Ann"}, {"name": ""}], "googlePhotosOrigin": {"fromPartnerSharing": {}}}"#)
        guard case .media(let media) = sidecar else {
            Issue.record("not read as a media sidecar")
            return
        }
        #expect(media.title == "1234" && media.captureSeconds == 1_656_633_600)
        #expect(media.place == ImportStamp.Place(latitude: 48.8584, longitude: 2.2945))
        #expect(media.favorited && media.people == ["Ann"] && media.fromPartnerSharing && media.fromTakeout)
    }

    @Test("the first of two members of one name, as Foundation's reader keeps it; a byte order mark passed over")
    func foundationsReading() throws {
        let twice = try Self.read(#"{"photoTakenTime": {"timestamp": "1656633600"}, "photoTakenTime": {"timestamp": "1"}}"#)
        #expect(twice == .media(ImportSidecar.Media(captureSeconds: 1_656_633_600)).withTakeoutOrigin)
        #expect(try Self.read("\u{FEFF}{\"title\": \"Trip\"}") == .album(ImportSidecar.Album(title: "Trip")))
    }

    @Test("what is not JSON, or not of the shape its keys announce, fails naming the file")
    func refused() {
        for text in ["{", "[1,", "{\"photoTakenTime\": 1}", "{\"albumName\": []}", "42"] {
            #expect(throws: LivePhotoError.self) { try Self.read(text) }
        }
    }

    @Test("an Apple shared album's AlbumInfo.json: its files' dates, read as the data copy writes them")
    func sharedAlbum() throws {
        let album = try Self.read(
            #"{"albumName": "Family", "photos": [{"name": "IMG_1.JPG", "dateCreated": "Friday May 3,2019 6:30 PM GMT"}]}"#)
        #expect(
            album
                == .album(
                    {
                        var a = ImportSidecar.Album(title: "Family"); a.isShared = true; a.photoDates = ["IMG_1.JPG": 1_556_908_200];
                        return a
                    }()))
    }
}

extension ImportSidecar {
    /// A media sidecar marked as Google's.
    fileprivate var withTakeoutOrigin: ImportSidecar {
        guard case .media(var media) = self else { return self }
        media.fromTakeout = true
        return .media(media)
    }
}

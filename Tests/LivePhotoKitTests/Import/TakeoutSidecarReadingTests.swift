import Foundation
import LivePhotoKit
import Testing

/// Takeout JSON files read and classified by content: media sidecars of older and recent exports, album files,
/// and the JSON that is neither.
@Suite("Takeout sidecar reading")
struct TakeoutSidecarReadingTests {
    func read(_ json: String, file: String = "x.json") throws -> ImportSidecar {
        try ImportSidecar.read(Array(json.utf8), file: file)
    }

    func media(_ json: String) throws -> ImportSidecar.Media {
        guard case .media(let media) = try read(json) else {
            Issue.record("not read as a media sidecar")
            return ImportSidecar.Media()
        }
        return media
    }

    @Test func aClassicPhotoSidecar() throws {
        let sidecar = try media(
            """
            {
              "title": "IMG_20190704_183012.jpg",
              "description": "Fireworks over the harbour",
              "imageViews": "12",
              "creationTime": {"timestamp": "1562300000", "formatted": "5 juil. 2019, 04:13:20 UTC"},
              "modificationTime": {"timestamp": "1580000000", "formatted": "26 janv. 2020, 00:53:20 UTC"},
              "photoTakenTime": {"timestamp": "1562257812", "formatted": "4 juil. 2019, 16:30:12 UTC"},
              "geoData": {"latitude": 43.2965, "longitude": 5.3698, "altitude": 12.5,
                          "latitudeSpan": 0.0, "longitudeSpan": 0.0},
              "geoDataExif": {"latitude": 43.2961, "longitude": 5.3702, "altitude": 11.0,
                              "latitudeSpan": 0.0, "longitudeSpan": 0.0},
              "people": [{"name": "Margot"}, {"name": "Lucien"}],
              "favorited": true,
              "url": "https://photos.google.com/photo/example"
            }
            """)
        #expect(sidecar.title == "IMG_20190704_183012.jpg")
        #expect(sidecar.description == "Fireworks over the harbour")
        #expect(sidecar.captureTime == Date(timeIntervalSince1970: 1_562_257_812))
        #expect(sidecar.place == .init(latitude: 43.2961, longitude: 5.3702, altitude: 11.0))
        #expect(sidecar.people == ["Margot", "Lucien"])
        #expect(sidecar.favorited && !sidecar.archived && !sidecar.trashed && !sidecar.fromPartnerSharing)
    }

    @Test func aRecentVideoSidecarWithoutPlace() throws {
        let sidecar = try media(
            """
            {
              "title": "PXL_20250212_081530417.mp4",
              "description": "",
              "imageViews": "0",
              "creationTime": {"timestamp": "1739349000", "formatted": "Feb 12, 2025, 8:30:00 AM UTC"},
              "photoTakenTime": {"timestamp": "1739348130", "formatted": "Feb 12, 2025, 8:15:30 AM UTC"},
              "url": "https://photos.google.com/photo/another",
              "googlePhotosOrigin": {"mobileUpload": {"deviceFolder": {"localFolderName": ""},
                                                      "deviceType": "ANDROID_PHONE"}},
              "archived": true
            }
            """)
        #expect(sidecar.captureTime == Date(timeIntervalSince1970: 1_739_348_130))
        #expect(sidecar.place == nil)
        #expect(sidecar.description == nil)
        #expect(sidecar.archived && !sidecar.fromPartnerSharing)
    }

    @Test func aPartnersItemInTheTrash() throws {
        let sidecar = try media(
            """
            {"title": "DSC_0101.JPG", "photoTakenTime": {"timestamp": 1600000000},
             "googlePhotosOrigin": {"fromPartnerSharing": {}}, "trashed": true}
            """)
        #expect(sidecar.fromPartnerSharing && sidecar.trashed)
        #expect(sidecar.captureTime == Date(timeIntervalSince1970: 1_600_000_000))
    }

    @Test func aZeroTimestampIsNoTime() throws {
        #expect(try media(#"{"title": "a.jpg", "photoTakenTime": {"timestamp": "0", "formatted": "1 Jan 1970"}}"#).captureTime == nil)
        #expect(try media(#"{"title": "a.jpg", "photoTakenTime": {"formatted": "1 Jan 2020, 10:00:00 UTC"}}"#).captureTime == nil)
        #expect(try media(#"{"title": "a.jpg", "photoTakenTime": {"timestamp": "yesterday"}}"#).captureTime == nil)
    }

    @Test func aZeroPlaceFallsBackAndZeroExifPlaceIsSkipped() throws {
        let exifOnly = try media(
            """
            {"photoTakenTime": {"timestamp": "1500000000"},
             "geoData": {"latitude": 0.0, "longitude": 0.0, "altitude": 0.0},
             "geoDataExif": {"latitude": -33.8568, "longitude": 151.2153, "altitude": 4.0}}
            """)
        #expect(exifOnly.place == .init(latitude: -33.8568, longitude: 151.2153, altitude: 4.0))
        let shownOnly = try media(
            """
            {"photoTakenTime": {"timestamp": "1500000000"},
             "geoData": {"latitude": "51.5007", "longitude": "-0.1246"},
             "geoDataExif": {"latitude": 0.0, "longitude": 0.0, "altitude": 0.0}}
            """)
        #expect(shownOnly.place == .init(latitude: 51.5007, longitude: -0.1246, altitude: nil))
        let none = try media(#"{"photoTakenTime": {"timestamp": "1500000000"}, "geoData": 0}"#)
        #expect(none.place == nil)
    }

    @Test func albumFiles() throws {
        #expect(
            try read(
                """
                {"title": "Road trip 2022", "description": "Lyon to Porto", "access": "protected",
                 "date": {"timestamp": "1656633600", "formatted": "1 juil. 2022, 00:00:00 UTC"},
                 "location": "", "geoData": 0, "enrichments": [{"narrativeEnrichment": {"text": "Day one"}}]}
                """)
                == .album(.init(title: "Road trip 2022", description: "Lyon to Porto", dateSeconds: 1_656_633_600)))
        #expect(
            try read(#"{"albumData": {"title": "Granny", "description": "", "date": {"timestamp": "0"}}}"#)
                == .album(.init(title: "Granny")))
        #expect(try read(#"{"title": ""}"#) == .album(.init(title: nil)))
        #expect(try read(#"{"title": "Vacances 2025"}"#) == .album(.init(title: "Vacances 2025")))
    }

    @Test func otherJSON() throws {
        #expect(try read(#"[{"title": "A day at the beach"}, {"title": "Snow"}]"#) == .other)
        #expect(try read(#"{"externalOrderId": "ORD-4471", "title": "Photo book", "orderStatus": "DELIVERED"}"#) == .other)
        #expect(try read(#"{"kind": "something else"}"#) == .other)
    }

    @Test func garbageIsAnErrorNamingTheFile() {
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF]
        #expect(throws: LivePhotoError.badInput(file: "Takeout/Google Photos/IMG_1.jpg.json", reason: "not a JSON file")) {
            try ImportSidecar.read(bytes, file: "Takeout/Google Photos/IMG_1.jpg.json")
        }
        #expect(throws: LivePhotoError.self) { try read(#"{"title": "a.jpg", "photoTakenTime": "#) }
    }

    @Test func wrongShapesAreErrors() {
        for json in [
            #""just a string""#, "42", "null", #"{"photoTakenTime": "1500000000"}"#,
            #"{"photoTakenTime": {"timestamp": "1"}, "title": ["a"]}"#, #"{"albumData": [1, 2]}"#,
            #"{"photoTakenTime": {"timestamp": "1"}, "people": "Margot"}"#,
        ] {
            #expect(throws: LivePhotoError.self, "\(json)") { try read(json, file: "odd.json") }
        }
        #expect(throws: LivePhotoError.badInput(file: "odd.json", reason: "not a Takeout sidecar: photoTakenTime is a string")) {
            try read(#"{"photoTakenTime": "1500000000"}"#, file: "odd.json")
        }
        // The shape the keys announce is named: an Apple shared album's, or none.
        #expect {
            try read(#"{"albumName": ["a"]}"#, file: "odd.json")
        } throws: { error in
            guard case .badInput("odd.json", let reason) = error as? LivePhotoError else { return false }
            return reason.hasPrefix("not a shared album's AlbumInfo.json: ")
        }
        #expect(throws: LivePhotoError.badInput(file: "odd.json", reason: "not a sidecar: the file holds a number")) {
            try read("42", file: "odd.json")
        }
    }
}

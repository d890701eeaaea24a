import Foundation
import Testing

@testable import LivePhotoKit

/// An Apple data copy's CSV files read by their header, and its dates read as UTC at minute precision.
@Suite("iCloud data copy tables")
struct ICloudTableTests {
    func read(_ text: String) throws -> ICloudTable { try ICloudTable.read(Array(text.utf8), file: "part: x.csv") }

    @Test("dates: English names, no zero padding, 12-hour clock, UTC; the weekday is not trusted")
    func dates() {
        let august = ICloudDate.parse("Thursday August 29,2013 7:08 AM GMT")
        #expect(august == 1_377_760_080)
        #expect(ICloudDate.parse("Monday August 29,2013 7:08 AM GMT") == august)
        #expect(ICloudDate.parse("Sunday January 1,2017 12:05 AM GMT") == 1_483_229_100)
        #expect(ICloudDate.parse("Sunday January 1,2017 12:05 PM GMT") == 1_483_272_300)
        #expect(ICloudDate.parse("August 29,2013 7:08 AM GMT") == august)
        #expect(ICloudDate.parse("Thursday  August 29, 2013\t7:08\u{202F}AM GMT") == august)
        #expect(ICloudDate.parse("Thursday August 29,2013 19:08 GMT") == 1_377_803_280)
        #expect(ICloudDate.parse("Tuesday February 29,2000 1:00 AM GMT") == 951_786_000)
        for bad in [
            "", "yesterday", "Thursday Augustus 29,2013 7:08 AM GMT", "Thursday August 29,2013 13:08 PM GMT",
            "Thursday August 29,2013 99:08 GMT", "Friday February 31,2013 7:08 AM GMT", "Friday February 29,2013 7:08 AM GMT",
            "Thursday August 29,2013 -3:08 GMT",
        ] {
            #expect(ICloudDate.parse(bad) == nil, "\(bad)")
        }
    }

    @Test("Photo Details: rows by name with their flags, columns in any order, an empty file another kind")
    func photoDetails() throws {
        let table = try read(
            "importDate,imgName,favorite,hidden,deleted,originalCreationDate,fileChecksum\n"
                + "\"Sunday January 1,2017 12:05 PM GMT\",IMG_1.JPG,yes,no,no,\"Sunday January 1,2017 12:05 PM GMT\",x\n"
                + "\"\",IMG_2.HEIC,no,yes,yes,,y\n")
        guard case .photoDetails(let rows) = table else {
            Issue.record("not read as photo details: \(table)")
            return
        }
        #expect(rows["IMG_1.JPG"]?.favorite == true)
        #expect(rows["IMG_1.JPG"]?.created == 1_483_272_300)
        #expect(rows["IMG_1.JPG"]?.imported == 1_483_272_300)
        #expect(rows["IMG_2.HEIC"]?.hidden == true && rows["IMG_2.HEIC"]?.deleted == true && rows["IMG_2.HEIC"]?.created == nil)
        guard case .other = try read("") else {
            Issue.record("an empty CSV is not another kind")
            return
        }
    }

    @Test("a shared library's table (it names imgName and fileChecksum too) is not photo details; an unreadable date is kept")
    func otherTables() throws {
        guard case .other = try read("imgName,fileChecksum,contributedByMe\nIMG_1.JPG,x,yes\n") else {
            Issue.record("a Shared Library Details file was read as photo details")
            return
        }
        guard case .photoDetails(let rows) = try read("imgName,originalCreationDate\nIMG_3.JPG,Donnerstag 29. August 2013\n") else {
            Issue.record("not read as photo details")
            return
        }
        #expect(rows["IMG_3.JPG"]?.created == nil && rows["IMG_3.JPG"]?.unreadableDate == "Donnerstag 29. August 2013")
        // A name written decomposed (NFD) is found by its composed form, as member names are compared.
        guard case .names(let names) = try read("Images\nCafe\u{301}.JPG\n") else {
            Issue.record("not read as names")
            return
        }
        #expect(names == ["Caf\u{E9}.JPG"])
    }

    @Test("album and memory lists: column 0, a known header left out, a header-less list kept whole")
    func lists() throws {
        guard case .names(let album) = try read("Images\nIMG_05141.JPG\nIMG_0403.MOV\n"),
            case .names(let bare) = try read("IMG_1.JPG\nIMG_2.JPG\n"),
            case .names(let memory) = try read("imageName\nIMG_07401.JPG\n")
        else {
            Issue.record("a list was not read as names")
            return
        }
        #expect(album == ["IMG_05141.JPG", "IMG_0403.MOV"])
        #expect(bare == ["IMG_1.JPG", "IMG_2.JPG"])
        #expect(memory == ["IMG_07401.JPG"])
    }

    @Test("XMP and exiftool-shaped JSON sidecars: date with its offset, place, caption, rating")
    func sidecars() throws {
        let xmp = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
             xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/">
            <dc:description><rdf:Alt><rdf:li xml:lang="x-default">Harbour at dusk</rdf:li></rdf:Alt></dc:description>
            <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Harbour</rdf:li></rdf:Alt></dc:title>
            <dc:subject><rdf:Bag><rdf:li>harbour</rdf:li><rdf:li>dusk</rdf:li></rdf:Bag></dc:subject>
            <xmp:Rating>5</xmp:Rating><exif:GPSLatitude>51,30.5N</exif:GPSLatitude><exif:GPSLongitude>0,7.5W</exif:GPSLongitude>
            <photoshop:DateCreated>2019-07-04T18:30:00+02:00</photoshop:DateCreated>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        guard case .media(let media) = try ImportSidecar.readXMP(Array(xmp.utf8), file: "IMG_1.HEIC.xmp") else {
            Issue.record("the XMP sidecar was not read as a media sidecar")
            return
        }
        #expect(media.description == "Harbour at dusk")
        #expect(media.libraryTitle == "Harbour" && media.title == nil)
        #expect(media.keywords == ["harbour", "dusk"])
        #expect(media.favorited)
        #expect(media.captureTime == Date(timeIntervalSince1970: 1_562_257_800))
        #expect(abs((media.place?.latitude ?? 0) - 51.508_333) < 0.000_01)
        #expect(abs((media.place?.longitude ?? 0) + 0.125) < 0.000_01)
        let json = """
            [{"SourceFile":"IMG_4000.JPG","XMP:Description":"Lake","EXIF:DateTimeOriginal":"2019:07:04 18:30:00",
              "EXIF:OffsetTimeOriginal":"+02:00","XMP:Rating":-1}]
            """
        guard case .media(let osxphotos) = try ImportSidecar.read(Array(json.utf8), file: "IMG_4000.JPG.json") else {
            Issue.record("the exiftool-shaped JSON was not read as a media sidecar")
            return
        }
        #expect(osxphotos.description == "Lake" && osxphotos.hidden && !osxphotos.favorited)
        #expect(osxphotos.captureTime == Date(timeIntervalSince1970: 1_562_257_800))
        #expect(throws: LivePhotoError.self) { try ImportSidecar.readXMP(Array("<x:xmpmeta".utf8), file: "bad.xmp") }
    }

    @Test("a shared album's AlbumInfo.json: its title, and each file's date by name")
    func albumInfo() throws {
        let json = """
            {"albumName":"Family Shared","creationDate":"Friday May 3,2019 6:30 PM GMT",
             "photos":[{"name":"IMG_9001.JPG","dateCreated":"Friday May 3,2019 6:30 PM GMT"},{"name":"IMG_9002.JPG"}]}
            """
        guard case .album(let album) = try ImportSidecar.read(Array(json.utf8), file: "AlbumInfo.json") else {
            Issue.record("AlbumInfo.json was not read as an album")
            return
        }
        #expect(album.title == "Family Shared" && album.isShared)
        #expect(album.photoDates == ["IMG_9001.JPG": 1_556_908_200])
    }
}

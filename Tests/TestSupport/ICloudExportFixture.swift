import Foundation
import MediaFormats

/// An Apple "data copy" of iCloud Photos (privacy.apple.com) built by the tests, laid out as Apple writes one
/// (`/work/shared/spec/ICLOUD.md` §1–3): parts `iCloud Photos Part N of M.zip`, each holding the top folder
/// `iCloud Photos Part N of M/` with `Photos/` (media and that part's `Photo Details*.csv`), part 1 also `Albums/`,
/// `Memories/` and a nested `iCloud Shared Albums.zip`. Also the folders icloudpd and osxphotos write (§5.1, §5.2).
///
/// The Live Photos are the real iPhone sample (`iphone_IMG_3853_gwy15.HEIC` + `.MOV`) under other names. So that two
/// Live Photos of one export are not the same bytes (a duplicate), each copy carries its own content identifier: the
/// sample's one identifier string, in the still's MakerNote and in the movie's QuickTime keys, is replaced by another of
/// the same length, in both halves. Plain photos and videos are made clips, each of its own size (so of its own bytes).
public enum ICloudExportFixture {
    /// The header of every `Photo Details*.csv`, exactly.
    public static let csvHeader = "imgName,fileChecksum,favorite,hidden,deleted,originalCreationDate,viewCount,importDate"
    /// The content identifier of the iPhone sample pair (once in each half).
    public static let sampleIdentifier = "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8"
    /// The sample still's own capture time: 2025-01-01 11:06:47.247 +09:00 = 02:06:47 UTC.
    public static let sampleCapture = 1_735_697_207

    // MARK: - What a built export holds

    /// One media member of the export.
    public struct Item: Sendable, Hashable, CustomStringConvertible {
        /// The zip part's file name (`iCloud Photos Part 1 of 3.zip`).
        public var part: String
        /// Its path inside the part (`iCloud Photos Part 1 of 3/Photos/IMG_0403.JPG`); for a member of a nested zip,
        /// its path inside that zip (`My Albums/Family/IMG_9001.JPG`).
        public var member: String
        /// For a member of a nested zip: the nested zip's path inside the part.
        public var nestedIn: String?
        /// The path inside the part of the `Photo Details*.csv` holding its row; nil when it has none.
        public var csv: String?
        /// Its row's `originalCreationDate`, seconds since 1970 (whole minutes, UTC); nil without a row.
        public var created: Int?

        /// Its file name.
        public var name: String { String(member.split(separator: "/").last ?? Substring(member)) }

        /// Whether a report's `part` and `member` name this item: exactly, or for a nested zip's member, by its path in
        /// that zip at the end of the reported member (how the nested zip is named in front of it is the importer's).
        public func matches(part: String?, member: String?) -> Bool {
            guard let member else { return false }
            if nestedIn != nil { return member == self.member || member.hasSuffix("/" + self.member) }
            return part == self.part && member == self.member
        }

        public var description: String { "\(part): \(nestedIn.map { "\($0): " } ?? "")\(member)" }
    }

    /// A Live Photo's two halves.
    public struct Pair: Sendable, Hashable {
        public var still: Item
        public var movie: Item
        /// The content identifier both halves carry.
        public var identifier: String
    }

    /// An album as the importer should write it: `Albums/<title>/` holding (links to) these items.
    public struct Album: Sendable, Hashable {
        public var title: String
        /// The album CSV's (or AlbumInfo.json's) path inside the part.
        public var source: String
        /// The names the CSV lists.
        public var listed: [String]
        /// The items the album should hold (both halves of a Live Photo whose still is listed).
        public var items: [Item]
    }

    /// A built export: where its parts are and what each case is.
    public struct Export: Sendable {
        /// The folder the parts were written to.
        public var folder: String
        /// The parts' paths, part 1 first.
        public var parts: [String]
        /// Every media member of the export (nested ones included), each once.
        public var media: [Item]
        /// Two different photos named `IMG_0403.JPG`, in parts 1 and 2, neither with an Exif date; each row has its own
        /// date, years apart. Part 1's row is in `Photo Details-1.csv`.
        public var namesakes: [Item]
        /// A Live Photo whose halves carry Apple's digit suffix: `IMG_05141.HEIC` + `IMG_05141.MOV`, part 1.
        public var suffixPair: Pair
        /// A Live Photo whose still (`IMG_0700.HEIC`) is in part 2 and movie (`IMG_0700.MOV`) in part 3.
        public var crossPartPair: Pair
        /// `favorite=yes` (and listed in `Albums/Favorites.csv`).
        public var favorite: Item
        /// `hidden=yes` (and listed in `Albums/Hidden.csv`).
        public var hidden: Item
        /// `deleted=yes`, in `Photos/`.
        public var flaggedDeleted: Item
        /// In `Recently Deleted/` (part 2), without a row.
        public var recentlyDeleted: Item
        /// The 0-byte `IMG_0777.MP4` placeholder.
        public var placeholder: Item
        /// The real `IMG_0777-1.MP4` beside it.
        public var placeholderOriginal: Item
        /// The same bytes as `IMG_0800.JPG` in part 1 and in part 3 (same row checksum too).
        public var duplicates: [Item]
        /// A JPEG whose own Exif date (``ownDate`` in ``ownOffset``) differs by years from its row's.
        public var ownDated: Item
        public var ownDate: String
        public var ownOffset: String
        /// ``ownDate`` in ``ownOffset`` as seconds since 1970.
        public var ownInstant: Int
        /// A JPEG without its own date whose `originalCreationDate` equals its `importDate` (the upload date).
        public var uploadDated: Item
        /// The photo of the shared album, in the nested `iCloud Shared Albums.zip` of part 1.
        public var sharedPhoto: Item
        /// `Albums/Trip.csv` (header `Images`): lists the suffix pair's still and the favourite.
        public var album: Album
        /// `Memories/Summer 2019.csv` (header `imageName`).
        public var memory: Album
        /// The shared album from `AlbumInfo.json`: titled `Family Shared`, in the folder `My Albums/Family/`.
        public var sharedAlbum: Album
        /// `Albums/*.csv` that are not albums: `Hidden`, `Favorites`.
        public var notAlbums: [String]
        /// Every `Photo Details*.csv` as (part, member), the 0-byte one included.
        public var csvFiles: [(part: String, member: String)]
        /// The 0-byte `Photo Details-2.csv` (part, member).
        public var emptyCSV: (part: String, member: String)

        /// The item of a (part, member) a report names, if any.
        public func item(part: String?, member: String?) -> Item? { media.first { $0.matches(part: part, member: member) } }
    }

    // MARK: - Apple's CSV

    /// One row of a `Photo Details*.csv`.
    public struct Row: Sendable, Hashable {
        public var name: String
        public var checksum: String
        public var favorite = false
        public var hidden = false
        public var deleted = false
        /// `originalCreationDate`, seconds since 1970 (UTC; written to the minute).
        public var created: Int
        public var viewCount = 0
        /// `importDate`, seconds since 1970.
        public var imported: Int

        public init(
            name: String, checksum: String, favorite: Bool = false, hidden: Bool = false, deleted: Bool = false, created: Int,
            viewCount: Int = 0, imported: Int
        ) {
            self.name = name
            self.checksum = checksum
            self.favorite = favorite
            self.hidden = hidden
            self.deleted = deleted
            self.created = created
            self.viewCount = viewCount
            self.imported = imported
        }

        /// The row as Apple writes it: only the dates quoted.
        public var line: String {
            func flag(_ value: Bool) -> String { value ? "yes" : "no" }
            return [
                name, checksum, flag(favorite), flag(hidden), flag(deleted), "\"\(appleDate(seconds: created))\"", "\(viewCount)",
                "\"\(appleDate(seconds: imported))\"",
            ].joined(separator: ",")
        }
    }

    /// A `Photo Details*.csv`: the header, then a line per row.
    public static func csv(_ rows: [Row]) -> [UInt8] {
        Array(([csvHeader] + rows.map(\.line)).map { $0 + "\n" }.joined().utf8)
    }

    /// A date as Apple writes it in the CSVs and `AlbumInfo.json`: `Thursday August 29,2013 7:08 AM GMT` (English
    /// names, day and hour not zero-padded, no space after the comma, minutes, UTC).
    public static func appleDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
        let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
        ]
        let hour = c.hour ?? 0, minute = c.minute ?? 0
        let clock = "\(hour % 12 == 0 ? 12 : hour % 12):\(minute < 10 ? "0" : "")\(minute) \(hour < 12 ? "AM" : "PM")"
        return "\(weekdays[(c.weekday ?? 1) - 1]) \(months[(c.month ?? 1) - 1]) \(c.day ?? 1),\(c.year ?? 1970) \(clock) GMT"
    }

    public static func appleDate(seconds: Int) -> String { appleDate(Date(timeIntervalSince1970: TimeInterval(seconds))) }

    /// Seconds since 1970 of a UTC date and time.
    public static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!
        let date = calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
        return Int(date?.timeIntervalSince1970 ?? 0)
    }

    /// A `fileChecksum` of the shape Apple writes (28 base64 characters, 21 bytes starting 0x01), derived from `bytes`
    /// (Apple's algorithm is unknown: equal bytes, equal value; that is all an importer may use).
    public static func checksum(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = [0x01]
        var seed: UInt64 = 0xcbf2_9ce4_8422_2325
        for round in 0..<3 {
            var hash = seed ^ UInt64(round)
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            hash ^= UInt64(bytes.count)
            for shift in stride(from: 0, to: 64, by: 8) where out.count < 21 {
                out.append(UInt8(truncatingIfNeeded: hash >> UInt64(shift)))
            }
            seed = hash
        }
        return Data(out).base64EncodedString()
    }

    // MARK: - Media

    public struct FixtureError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The iPhone sample Live Photo with `identifier` (36 characters, like the sample's) in place of its own in both
    /// halves: the same pictures and sound, other bytes, still a pair.
    public static func livePhoto(identifier: String) throws -> (still: [UInt8], movie: [UInt8]) {
        let old = Array(sampleIdentifier.utf8), new = Array(identifier.utf8)
        guard old.count == new.count else { throw FixtureError(description: "identifier \(identifier) is not 36 characters") }
        func replaced(_ name: String) throws -> [UInt8] {
            var bytes = try TakeoutFixture.bytes(ProjectPaths.sample(name))
            var found = 0
            var index = 0
            while index + old.count <= bytes.count {
                if bytes[index] == old[0], Array(bytes[index..<index + old.count]) == old {
                    bytes.replaceSubrange(index..<index + old.count, with: new)
                    found += 1
                    index += old.count
                } else {
                    index += 1
                }
            }
            guard found == 1 else { throw FixtureError(description: "\(name) holds the sample identifier \(found) times, not once") }
            return bytes
        }
        return (try replaced("iphone_IMG_3853_gwy15.HEIC"), try replaced("iphone_IMG_3853_gwy15.MOV"))
    }

    /// A made JPEG (JFIF, no Exif) `width`×72: each width its own bytes.
    public static func jpeg(width: Int) async throws -> [UInt8] {
        try TakeoutFixture.bytes(try await ClipStore.shared.jpeg(width: width, height: 72))
    }

    /// A made JPEG `width`×72 with its own Exif `DateTimeOriginal` and `OffsetTimeOriginal`, written in `work`.
    public static func datedJPEG(width: Int, date: String, offset: String, work: String) async throws -> [UInt8] {
        let path = "\(work)/dated-\(width).jpg"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try Data(try await jpeg(width: width)).write(to: URL(fileURLWithPath: path))
        try await Tool.run(
            "exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=\(date)", "-OffsetTimeOriginal=\(offset)", path])
        return try TakeoutFixture.bytes(path)
    }

    /// The bytes of a zip holding `members`, in order (for a zip inside a part).
    public static func zipBytes(_ members: [TakeoutFixture.Member]) throws -> [UInt8] {
        try TakeoutFixture.zipBytes(members)
    }

    /// `iCloud Photos Part N of M` (the zip's name without `.zip`, and its top folder).
    public static func partName(_ number: Int, of count: Int) -> String { "iCloud Photos Part \(number) of \(count)" }

    // MARK: - Building the data copy

    /// Builds the export into `folder` (made when missing): three zip parts. Needs the samples.
    public static func build(in folder: String) async throws -> Export {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let work = "\(folder)/.work"
        defer { try? FileManager.default.removeItem(atPath: work) }
        let count = 3
        let tops = (1...count).map { partName($0, of: count) }
        let zips = tops.map { $0 + ".zip" }
        var members: [[TakeoutFixture.Member]] = Array(repeating: [], count: count)
        var rows: [[String: [Row]]] = Array(repeating: [:], count: count)
        var media: [Item] = []

        /// Adds a media file to part `part` (1-based) in `folder`, with its row in `csv` (nil: no row).
        func add(
            _ part: Int, _ name: String, _ bytes: [UInt8], folder: String = "Photos", csv: String? = "Photo Details.csv",
            favorite: Bool = false, hidden: Bool = false, deleted: Bool = false, created: Int? = nil, imported: Int? = nil
        ) -> Item {
            let member = "\(tops[part - 1])/\(folder)/\(name)"
            // The big samples are stored, the rest deflated, as a mix.
            members[part - 1].append(TakeoutFixture.Member(path: member, bytes: bytes, deflated: bytes.count < 1_000_000))
            var item = Item(part: zips[part - 1], member: member)
            if let csv, let created {
                let row = Row(
                    name: name, checksum: checksum(bytes), favorite: favorite, hidden: hidden, deleted: deleted, created: created,
                    viewCount: favorite ? 10 : 0, imported: imported ?? created + 6 * 86_400 + 3_720)
                rows[part - 1][csv, default: []].append(row)
                item.csv = "\(tops[part - 1])/Photos/\(csv)"
                item.created = created
            }
            media.append(item)
            return item
        }

        // The Live Photos' rows: the sample's capture minute.
        let liveMinute = sampleCapture - sampleCapture % 60

        // Part 1.
        let suffixLive = try livePhoto(identifier: "71DCA213-5710-4A6C-BC6D-000000005141")
        let suffixPair = Pair(
            still: add(1, "IMG_05141.HEIC", suffixLive.still, created: liveMinute),
            movie: add(1, "IMG_05141.MOV", suffixLive.movie, created: liveMinute), identifier: "71DCA213-5710-4A6C-BC6D-000000005141")
        let favorite = add(1, "IMG_0500.JPG", try await jpeg(width: 160), favorite: true, created: utc(2019, 7, 14, 9, 30))
        let hidden = add(1, "IMG_0600.JPG", try await jpeg(width: 176), hidden: true, created: utc(2019, 7, 15, 22, 1))
        let flaggedDeleted = add(1, "IMG_0601.JPG", try await jpeg(width: 192), deleted: true, created: utc(2019, 7, 16, 12, 0))
        let namesake1 = add(
            1, "IMG_0403.JPG", try await jpeg(width: 128), csv: "Photo Details-1.csv", created: utc(2013, 8, 29, 7, 8),
            imported: utc(2013, 9, 4, 21, 10))
        let placeholder = add(1, "IMG_0777.MP4", [], csv: "Photo Details-1.csv", created: utc(2018, 4, 1, 17, 45))
        let placeholderOriginal = add(
            1, "IMG_0777-1.MP4", try TakeoutFixture.bytes(try await ClipStore.shared.path(ClipSpec(container: .mp4, seconds: 1))),
            csv: "Photo Details-1.csv", created: utc(2018, 4, 1, 17, 45))
        let duplicateBytes = try await jpeg(width: 224)
        let duplicate1 = add(1, "IMG_0800.JPG", duplicateBytes, csv: "Photo Details-1.csv", created: utc(2020, 12, 24, 18, 0))
        let ownDate = "2016:05:01 12:34:56", ownOffset = "+02:00"
        let ownDated = add(
            1, "IMG_0900.JPG", try await datedJPEG(width: 240, date: ownDate, offset: ownOffset, work: work), csv: "Photo Details-1.csv",
            created: utc(2019, 3, 10, 8, 0))
        let uploadDated = add(
            1, "IMG_0950.JPG", try await jpeg(width: 256), csv: "Photo Details-1.csv", created: utc(2020, 2, 2, 20, 20),
            imported: utc(2020, 2, 2, 20, 20))

        // Part 2.
        let namesake2 = add(
            2, "IMG_0403.JPG", try await jpeg(width: 144), created: utc(2017, 6, 12, 16, 45), imported: utc(2017, 6, 20, 9, 3))
        let crossLive = try livePhoto(identifier: "71DCA213-5710-4A6C-BC6D-000000000700")
        let crossStill = add(2, "IMG_0700.HEIC", crossLive.still, created: liveMinute)
        let video = add(
            2, "IMG_1001.MOV", try TakeoutFixture.bytes(try await ClipStore.shared.path(ClipSpec(seconds: 2))),
            created: utc(2019, 8, 3, 15, 12))
        let recentlyDeleted = add(2, "IMG_0602.JPG", try await jpeg(width: 208), folder: "Recently Deleted", csv: nil)

        // Part 3.
        let crossMovie = add(3, "IMG_0700.MOV", crossLive.movie, created: liveMinute)
        let duplicate3 = add(3, "IMG_0800.JPG", duplicateBytes, created: utc(2020, 12, 24, 18, 0))

        // Part 1's albums, memories and shared albums.
        let top1 = tops[0]
        func lines(_ header: String, _ names: [String]) -> [UInt8] { Array(([header] + names).map { $0 + "\n" }.joined().utf8) }
        let album = Album(
            title: "Trip", source: "\(top1)/Albums/Trip.csv", listed: [suffixPair.still.name, favorite.name],
            items: [suffixPair.still, suffixPair.movie, favorite])
        let memory = Album(
            title: "Summer 2019", source: "\(top1)/Memories/Summer 2019.csv", listed: [ownDated.name, video.name], items: [ownDated, video])
        members[0].append(TakeoutFixture.Member(path: album.source, bytes: lines("Images", album.listed)))
        members[0].append(TakeoutFixture.Member(path: "\(top1)/Albums/Hidden.csv", bytes: lines("imgName", [hidden.name])))
        members[0].append(TakeoutFixture.Member(path: "\(top1)/Albums/Favorites.csv", bytes: lines("imgName", [favorite.name])))
        members[0].append(TakeoutFixture.Member(path: memory.source, bytes: lines("imageName", memory.listed)))

        let sharedBytes = try await jpeg(width: 272)
        let sharedCreated = utc(2021, 12, 25, 10, 15)
        let info: [String: Any] = [
            "albumName": "Family Shared", "creationDate": appleDate(seconds: utc(2021, 12, 20, 8, 0)),
            "photos": [["name": "IMG_9001.JPG", "dateCreated": appleDate(seconds: sharedCreated)]],
        ]
        let nestedZip = "\(top1)/iCloud Shared Albums.zip"
        let nested = try zipBytes([
            TakeoutFixture.Member(
                path: "My Albums/Family/AlbumInfo.json",
                bytes: Array(try JSONSerialization.data(withJSONObject: info, options: [.sortedKeys]))),
            TakeoutFixture.Member(path: "My Albums/Family/IMG_9001.JPG", bytes: sharedBytes),
        ])
        members[0].append(TakeoutFixture.Member(path: nestedZip, bytes: nested, deflated: false))
        let sharedPhoto = Item(
            part: zips[0], member: "My Albums/Family/IMG_9001.JPG", nestedIn: nestedZip, csv: nil, created: sharedCreated)
        media.append(sharedPhoto)
        let sharedAlbum = Album(
            title: "Family Shared", source: "\(nestedZip): My Albums/Family/AlbumInfo.json", listed: ["IMG_9001.JPG"], items: [sharedPhoto])

        // The CSVs: each part's rows; part 1's split over two, and an empty third.
        var csvFiles: [(part: String, member: String)] = []
        for index in 0..<count {
            for (name, partRows) in rows[index].sorted(by: { $0.key < $1.key }) {
                let member = "\(tops[index])/Photos/\(name)"
                members[index].append(TakeoutFixture.Member(path: member, bytes: csv(partRows)))
                csvFiles.append((zips[index], member))
            }
        }
        let emptyCSV = (part: zips[0], member: "\(top1)/Photos/Photo Details-2.csv")
        members[0].append(TakeoutFixture.Member(path: emptyCSV.member, bytes: []))
        csvFiles.append(emptyCSV)

        var parts: [String] = []
        for index in 0..<count {
            parts.append(try TakeoutFixture.zip(members[index], to: "\(folder)/\(zips[index])"))
        }
        return Export(
            folder: folder, parts: parts, media: media, namesakes: [namesake1, namesake2], suffixPair: suffixPair,
            crossPartPair: Pair(still: crossStill, movie: crossMovie, identifier: "71DCA213-5710-4A6C-BC6D-000000000700"),
            favorite: favorite, hidden: hidden, flaggedDeleted: flaggedDeleted, recentlyDeleted: recentlyDeleted,
            placeholder: placeholder, placeholderOriginal: placeholderOriginal, duplicates: [duplicate1, duplicate3],
            ownDated: ownDated, ownDate: ownDate, ownOffset: ownOffset, ownInstant: utc(2016, 5, 1, 10, 34, 56),
            uploadDated: uploadDated, sharedPhoto: sharedPhoto, album: album, memory: memory, sharedAlbum: sharedAlbum,
            notAlbums: ["Hidden", "Favorites"], csvFiles: csvFiles, emptyCSV: emptyCSV)
    }

    // MARK: - Folders written by icloudpd and osxphotos

    /// A folder an exporting tool wrote: paths relative to ``folder``.
    public struct FolderExport: Sendable {
        public var folder: String
        /// The Live Photo's still and movie.
        public var still: String
        public var movie: String
        /// A photo that is not a Live Photo.
        public var photo: String
        /// Every media file.
        public var media: [String]
        /// The sidecar files (not media).
        public var sidecars: [String]
        /// The file the metadata sidecar describes, and what it says.
        public var described: String
        public var caption: String
        public var title: String
        public var rating: Int
        /// The capture time the sidecar gives (seconds since 1970), when the described file has none of its own.
        public var sidecarInstant: Int?
    }

    /// A folder as icloudpd downloads it (`--folder-structure {:%Y/%m/%d}`, `--xmp-sidecar`, the default `suffix` movie
    /// names): `IMG_1234.HEIC` + `IMG_1234_HEVC.MOV` (the iPhone sample), `IMG_1234.HEIC.xmp` as icloudpd writes it
    /// (title, description, GPS, dates with their offset, rating 5 for a favourite), `IMG_2000-medium.JPG` (made).
    public static func icloudpd(in folder: String) async throws -> FolderExport {
        let day = "2025/01/01"
        let still = "\(day)/IMG_1234.HEIC", movie = "\(day)/IMG_1234_HEVC.MOV", photo = "\(day)/IMG_2000-medium.JPG"
        let sidecar = "\(still).xmp"
        let caption = "Harbour at dusk", title = "Harbour"
        // icloudpd's ElementTree output: one line after the declaration, x:xml_doc as the root, dates with %z.
        let xmp =
            "<?xml version='1.0' encoding='utf-8'?>\n"
            + "<x:xml_doc xmlns:x=\"adobe:ns:meta/\" x:xmptk=\"icloudpd 1.27.0+3a97872\">"
            + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">"
            + "<dc:title>\(title)</dc:title><dc:description>\(caption)</dc:description></rdf:Description>"
            + "<rdf:Description rdf:about=\"\" xmlns:exif=\"http://ns.adobe.com/exif/1.0/\">"
            + "<exif:GPSAltitude>12.5</exif:GPSAltitude><exif:GPSLatitude>59.9075</exif:GPSLatitude>"
            + "<exif:GPSLongitude>10.7383</exif:GPSLongitude></rdf:Description>"
            + "<rdf:Description rdf:about=\"\" xmlns:photoshop=\"http://ns.adobe.com/photoshop/1.0/\">"
            + "<photoshop:DateCreated>2025-01-01T11:06:47+0900</photoshop:DateCreated></rdf:Description>"
            + "<rdf:Description rdf:about=\"\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\">"
            + "<xmp:CreateDate>2025-01-01T11:06:47+0900</xmp:CreateDate><xmp:Rating>5</xmp:Rating></rdf:Description>"
            + "</rdf:RDF></x:xml_doc>"
        let live = try livePhoto(identifier: "71DCA213-5710-4A6C-BC6D-000000001234")
        try write(live.still, to: "\(folder)/\(still)")
        try write(live.movie, to: "\(folder)/\(movie)")
        try write(Array(xmp.utf8), to: "\(folder)/\(sidecar)")
        try write(try await jpeg(width: 288), to: "\(folder)/\(photo)")
        return FolderExport(
            folder: folder, still: still, movie: movie, photo: photo, media: [still, movie, photo], sidecars: [sidecar],
            described: still, caption: caption, title: title, rating: 5, sidecarInstant: nil)
    }

    /// A folder as osxphotos exports one (`--sidecar json`): `IMG_3000 (1).HEIC` + `IMG_3000 (1).mov` (the iPhone sample:
    /// no JPEG Live Photo sample exists; the name bumped by osxphotos, the movie's extension lower case),
    /// `IMG_4000.JPG` (made, no Exif date) + `IMG_4000.JPG.json`, exiftool's JSON: title, description `Lake`, the date
    /// 2019:07:04 18:30:00 +02:00, rating 5.
    public static func osxphotos(in folder: String) async throws -> FolderExport {
        let still = "IMG_3000 (1).HEIC", movie = "IMG_3000 (1).mov", photo = "IMG_4000.JPG", sidecar = "IMG_4000.JPG.json"
        let caption = "Lake", title = "Evening at the lake"
        let json: [[String: Any]] = [
            [
                "SourceFile": photo, "XMP:Title": title, "XMP:Description": caption, "EXIF:DateTimeOriginal": "2019:07:04 18:30:00",
                "EXIF:OffsetTimeOriginal": "+02:00", "XMP:Rating": 5,
            ]
        ]
        let live = try livePhoto(identifier: "71DCA213-5710-4A6C-BC6D-000000003000")
        try write(live.still, to: "\(folder)/\(still)")
        try write(live.movie, to: "\(folder)/\(movie)")
        try write(try await jpeg(width: 304), to: "\(folder)/\(photo)")
        try write(
            Array(try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])), to: "\(folder)/\(sidecar)")
        return FolderExport(
            folder: folder, still: still, movie: movie, photo: photo, media: [still, movie, photo], sidecars: [sidecar],
            described: photo, caption: caption, title: title, rating: 5, sidecarInstant: utc(2019, 7, 4, 16, 30))
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}

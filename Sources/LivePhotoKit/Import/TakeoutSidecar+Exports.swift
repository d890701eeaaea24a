import MediaFormats
internal import PortableFoundation

extension TakeoutSidecar {
    /// Reads an XMP sidecar, as icloudpd, osxphotos and Photos write them beside a file (`IMG_1.HEIC.xmp`): its date,
    /// place, caption, title, rating and people (`docs/formats/icloud.md#icloudpd-folders`).
    /// - Throws: `LivePhotoError.badInput(file:reason:)` naming `file` when the bytes are not an XMP packet.
    package static func readXMP(_ bytes: [UInt8], file: String) throws(LivePhotoError) -> TakeoutSidecar {
        let packet: XMPPacket
        do {
            packet = try XMPPacket(bytes: bytes)
        } catch {
            throw .badInput(file: file, reason: "not an XMP file: \(error.description)")
        }
        var media = Media()
        let dc = XMPDescriptiveWriter.dublinCoreNamespace
        media.libraryTitle = (packet.items(dc, "title").first ?? packet.property(dc, "title")).flatMap { $0.isEmpty ? nil : $0 }
        media.keywords = packet.items(dc, "subject")
        media.description = (packet.items(dc, "description").first ?? packet.property(dc, "description")).flatMap {
            $0.isEmpty ? nil : $0
        }
        // The date with its offset first: photoshop:DateCreated, then exif:DateTimeOriginal and xmp:CreateDate.
        let dates = [
            packet.property(photoshopNamespace, "DateCreated"), packet.property(exifNamespace, "DateTimeOriginal"),
            packet.property(XMPDescriptiveWriter.basicNamespace, "CreateDate"),
        ]
        media.captureTime = dates.lazy.compactMap { $0.flatMap(instant) }.first
        if let latitude = packet.property(exifNamespace, "GPSLatitude").flatMap({ XMPGPSCoordinate.degrees($0, negative: "S") }),
            let longitude = packet.property(exifNamespace, "GPSLongitude").flatMap({ XMPGPSCoordinate.degrees($0, negative: "W") }),
            latitude != 0 || longitude != 0
        {
            media.place = Place(latitude: latitude, longitude: longitude)
        }
        let rating = packet.property(XMPDescriptiveWriter.basicNamespace, "Rating").flatMap { Int($0) }
        media.favorited = rating == 5
        media.hidden = rating == -1
        media.people = packet.items(XMPDescriptiveWriter.iptcExtensionNamespace, "PersonInImage")
        return .media(media)
    }

    static let photoshopNamespace = XMPDescriptiveWriter.photoshopNamespace
    static let exifNamespace = XMPDescriptiveWriter.exifNamespace

    /// What an exiftool-shaped JSON sidecar (osxphotos' `--sidecar json`) says: its `GROUP:Tag` keys.
    static func exiftoolMedia(_ members: [String: TakeoutJSON]) -> Media {
        func value(_ names: String...) -> TakeoutJSON? { names.lazy.compactMap { members[$0] }.first }
        func text(_ names: String...) -> String? {
            for name in names {
                if let text = members[name]?.text { return text }
                if case .array(let list)? = members[name], let first = list.first?.text { return first }
            }
            return nil
        }
        var media = Media()
        media.libraryTitle = text("XMP:Title", "IPTC:ObjectName").flatMap { $0.isEmpty ? nil : $0 }
        for key in ["XMP:Subject", "IPTC:Keywords", "XMP:TagsList"] where media.keywords.isEmpty {
            if case .array(let list)? = members[key] { media.keywords = list.compactMap(\.text) }
            if let one = members[key]?.text { media.keywords = [one] }
        }
        media.description = text("XMP:Description", "EXIF:ImageDescription", "IPTC:Caption-Abstract").flatMap { $0.isEmpty ? nil : $0 }
        // Exif's clock in its stated offset; the others carry their offset in the text.
        if let clock = text("EXIF:DateTimeOriginal").flatMap(ExifDateTime.init(text:)) {
            let offset = text("EXIF:OffsetTimeOriginal").flatMap(ExifDateTime.offsetSeconds) ?? 0
            media.captureTime = Date(timeIntervalSince1970: TimeInterval(clock.clockSeconds - Int64(offset)))
        } else {
            media.captureTime = text("QuickTime:CreationDate", "XMP:DateCreated", "XMP:CreateDate").flatMap(instant)
        }
        if let latitude = value("EXIF:GPSLatitude", "XMP:GPSLatitude")?.number,
            let longitude = value("EXIF:GPSLongitude", "XMP:GPSLongitude")?.number
        {
            let south = text("EXIF:GPSLatitudeRef")?.uppercased().hasPrefix("S") == true
            let west = text("EXIF:GPSLongitudeRef")?.uppercased().hasPrefix("W") == true
            let place = Place(latitude: south ? -abs(latitude) : latitude, longitude: west ? -abs(longitude) : longitude)
            if (-90...90).contains(place.latitude), (-180...180).contains(place.longitude), place.latitude != 0 || place.longitude != 0 {
                media.place = place
            }
        }
        let rating = value("XMP:Rating")?.number
        media.favorited = rating == 5
        media.hidden = rating == -1
        if case .array(let people)? = value("XMP:PersonInImage") { media.people = people.compactMap(\.text) }
        return media
    }

    /// An ISO 8601 or Exif date with its offset (`+09:00`, `+0900`; none: UTC), as an instant: read as a movie's
    /// creation date is.
    static func instant(_ text: String) -> Date? {
        AppleMovieMetadata.creationDate(text.trimmingWhitespace(newlines: true)).map {
            Date(timeIntervalSince1970: TimeInterval($0.secondsSince1970))
        }
    }
}

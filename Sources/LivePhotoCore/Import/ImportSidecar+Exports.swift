import MediaFormats

extension ImportSidecar {
    /// Reads an XMP sidecar, as icloudpd, osxphotos and Photos write them beside a file (`IMG_1.HEIC.xmp`): its date,
    /// place, caption, title, rating and people (`docs/formats/icloud.md#icloudpd-folders`).
    /// - Throws: `LivePhotoError.badInput(file:reason:)` naming `file` when the bytes are not an XMP packet.
    package static func readXMP(_ bytes: [UInt8], file: String) throws(LivePhotoError) -> ImportSidecar {
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
        media.captureSeconds = dates.lazy.compactMap { $0.flatMap(instant) }.first
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
    static func exiftoolMedia(_ members: JSONValue) -> Media {
        func value(_ names: String...) -> JSONValue? { names.lazy.compactMap { members[sidecar: $0] }.first }
        func text(_ names: String...) -> String? {
            for name in names {
                if let text = members[sidecar: name]?.sidecarText { return text }
                if case .array(let list)? = members[sidecar: name], let first = list.first?.sidecarText { return first }
            }
            return nil
        }
        var media = Media()
        media.libraryTitle = text("XMP:Title", "IPTC:ObjectName").flatMap { $0.isEmpty ? nil : $0 }
        for key in ["XMP:Subject", "IPTC:Keywords", "XMP:TagsList"] where media.keywords.isEmpty {
            if case .array(let list)? = members[sidecar: key] { media.keywords = list.compactMap { $0.sidecarText } }
            if let one = members[sidecar: key]?.sidecarText { media.keywords = [one] }
        }
        media.description = text("XMP:Description", "EXIF:ImageDescription", "IPTC:Caption-Abstract").flatMap { $0.isEmpty ? nil : $0 }
        // Exif's clock in its stated offset; the others carry their offset in the text.
        if let clock = text("EXIF:DateTimeOriginal").flatMap(ExifDateTime.init(text:)) {
            let offset = text("EXIF:OffsetTimeOriginal").flatMap(ExifDateTime.offsetSeconds) ?? 0
            media.captureSeconds = clock.clockSeconds - Int64(offset)
        } else {
            media.captureSeconds = text("QuickTime:CreationDate", "XMP:DateCreated", "XMP:CreateDate").flatMap(instant)
        }
        if let latitude = value("EXIF:GPSLatitude", "XMP:GPSLatitude")?.sidecarNumber,
            let longitude = value("EXIF:GPSLongitude", "XMP:GPSLongitude")?.sidecarNumber
        {
            let south = text("EXIF:GPSLatitudeRef")?.uppercased().hasPrefix("S") == true
            let west = text("EXIF:GPSLongitudeRef")?.uppercased().hasPrefix("W") == true
            let place = Place(latitude: south ? -abs(latitude) : latitude, longitude: west ? -abs(longitude) : longitude)
            if (-90...90).contains(place.latitude), (-180...180).contains(place.longitude), place.latitude != 0 || place.longitude != 0 {
                media.place = place
            }
        }
        let rating = value("XMP:Rating")?.sidecarNumber
        media.favorited = rating == 5
        media.hidden = rating == -1
        if case .array(let people)? = value("XMP:PersonInImage") { media.people = people.compactMap { $0.sidecarText } }
        return media
    }

    /// An ISO 8601 or Exif date with its offset (`+09:00`, `+0900`; none: UTC), in whole seconds since 1970: read as
    /// a movie's creation date is.
    static func instant(_ text: String) -> Int64? {
        AppleMovieMetadata.creationDate(text.trimmingSpaces(newlines: true)).map { $0.secondsSince1970 }
    }
}

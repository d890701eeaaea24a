import MediaFormats

extension ImportSidecar {
    /// Reads one Takeout JSON file and classifies it by content (`docs/formats/takeout.md#json-files`).
    ///
    /// Missing keys, numbers written as strings and an integer `0` for a place are taken as Takeout writes them; bytes
    /// that are not JSON, a bare scalar, or a key read here whose kind is wrong (a `photoTakenTime` that is not an
    /// object, a `title` that is an array) fail with an error naming `file`.
    package static func read(_ bytes: [UInt8], file: String) throws(LivePhotoError) -> ImportSidecar {
        let root: JSONValue
        do {
            // A byte order mark is no part of the JSON; Foundation's reader passes over it too.
            root = try JSONValue.parse(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
        } catch {
            throw .badInput(file: file, reason: "not a JSON file")
        }
        do throws(ShapeError) {
            return try classify(root)
        } catch {
            throw .badInput(file: file, reason: "not \(error.shape): \(error.reason)")
        }
    }

    /// Why a decoded value is not a sidecar of the shape its keys announce.
    struct ShapeError: Error {
        var reason: String
        /// The shape its keys announce: Google's, unless they are an Apple shared album's, or there are none.
        var shape = "a Takeout sidecar"
    }

    static func classify(_ root: JSONValue) throws(ShapeError) -> ImportSidecar {
        switch root {
        case .array(let entries):
            // osxphotos' JSON sidecar: exiftool's shape, one object with a SourceFile.
            if entries.count == 1, entries[0][sidecar: "SourceFile"] != nil { return .media(exiftoolMedia(entries[0])) }
            return .other
        case .object:
            if root[sidecar: "externalOrderId"] != nil { return .other }
            // An Apple shared album's AlbumInfo.json.
            if let name = root[sidecar: "albumName"] {
                guard let title = name.sidecarText else {
                    throw ShapeError(reason: "albumName is \(name.kindName)", shape: "a shared album's AlbumInfo.json")
                }
                var album = Album(title: title.isEmpty ? nil : title)
                album.isShared = true
                if case .array(let photos)? = root[sidecar: "photos"] {
                    for photo in photos {
                        guard let name = photo[sidecar: "name"]?.sidecarText,
                            let date = photo[sidecar: "dateCreated"]?.sidecarText.flatMap(ICloudDate.parse)
                        else { continue }
                        album.photoDates[ImportName.nfc(name)] = date
                    }
                }
                return .album(album)
            }
            if root[sidecar: "photoTakenTime"] != nil { return .media(try media(root)) }
            if let wrapped = root[sidecar: "albumData"] {
                guard wrapped.isObject else { throw ShapeError(reason: "albumData is \(wrapped.kindName)") }
                return .album(try album(wrapped))
            }
            if root[sidecar: "title"] != nil { return .album(try album(root)) }
            return .other
        default:
            throw ShapeError(reason: "the file holds \(root.kindName)", shape: "a sidecar")
        }
    }

    private static func media(_ json: JSONValue) throws(ShapeError) -> Media {
        var media = Media()
        media.fromTakeout = true
        media.title = try text(json, "title")
        media.description = try text(json, "description").flatMap { $0.isEmpty ? nil : $0 }
        media.captureSeconds = try time(json, "photoTakenTime")
        // The place read from the file's own Exif first; the one Google shows (maybe edited by hand) otherwise.
        if let exif = try place(json, "geoDataExif") {
            media.place = exif
        } else {
            media.place = try place(json, "geoData")
        }
        media.favorited = json[sidecar: "favorited"]?.sidecarFlag ?? false
        media.archived = json[sidecar: "archived"]?.sidecarFlag ?? false
        media.trashed = json[sidecar: "trashed"]?.sidecarFlag ?? false
        if let people = json[sidecar: "people"] {
            guard case .array(let entries) = people else { throw ShapeError(reason: "people is \(people.kindName)") }
            media.people = entries.compactMap { $0[sidecar: "name"]?.sidecarText }.filter { !$0.isEmpty }
        }
        if let origin = json[sidecar: "googlePhotosOrigin"] {
            guard origin.isObject else { throw ShapeError(reason: "googlePhotosOrigin is \(origin.kindName)") }
            media.fromPartnerSharing = origin[sidecar: "fromPartnerSharing"] != nil
        }
        return media
    }

    private static func album(_ json: JSONValue) throws(ShapeError) -> Album {
        let title = try text(json, "title")
        return Album(
            title: title.flatMap { $0.isEmpty ? nil : $0 },
            description: try text(json, "description").flatMap { $0.isEmpty ? nil : $0 },
            dateSeconds: try time(json, "date"))
    }

    /// A string member (or a number written where a string belongs); `nil` when missing or `null`.
    private static func text(_ json: JSONValue, _ key: String) throws(ShapeError) -> String? {
        guard let value = json[sidecar: key] else { return nil }
        guard let text = value.sidecarText else { throw ShapeError(reason: "\(key) is \(value.kindName)") }
        return text
    }

    /// A `{timestamp, formatted}` member: the decimal UTC epoch seconds of `timestamp`. `formatted` is a localized
    /// display string and is never read. `"0"`, a missing or an unreadable timestamp is no time, and so is any before
    /// 1971 (1970's and 1904's epochs are what a lost date becomes).
    private static func time(_ json: JSONValue, _ key: String) throws(ShapeError) -> Int64? {
        guard let value = json[sidecar: key] else { return nil }
        guard value.isObject else { throw ShapeError(reason: "\(key) is \(value.kindName)") }
        guard let stamp = value[sidecar: "timestamp"] else { return nil }
        let seconds: Int64?
        if case .string(let text) = stamp {
            seconds = Int64(text.trimmingSpaces(newlines: true))
        } else {
            seconds = stamp.sidecarNumber.flatMap { Int64(exactly: $0) }
        }
        guard let seconds, seconds >= sentinelLimit else { return nil }
        return seconds
    }

    /// The first second of 1971: an earlier capture time is a sentinel, not a date.
    static let sentinelLimit: Int64 = 31_536_000

    /// A `{latitude, longitude, altitude}` member; `0,0`, a position out of range, or a bare number (album files
    /// write `0`) is no place.
    private static func place(_ json: JSONValue, _ key: String) throws(ShapeError) -> Place? {
        guard let value = json[sidecar: key] else { return nil }
        switch value {
        case .number, .integer: return nil
        default: break
        }
        guard value.isObject else { throw ShapeError(reason: "\(key) is \(value.kindName)") }
        guard let latitude = value[sidecar: "latitude"]?.sidecarNumber, let longitude = value[sidecar: "longitude"]?.sidecarNumber,
            (-90...90).contains(latitude), (-180...180).contains(longitude), latitude != 0 || longitude != 0
        else { return nil }
        return Place(latitude: latitude, longitude: longitude, altitude: value[sidecar: "altitude"]?.sidecarNumber)
    }
}

extension AppleMovieMetadata {
    /// When the movie was recorded, as ISO 8601 text with the camera's offset (`2023-08-14T20:11:54-0700`), the form
    /// iPhones write (docs/formats/takeout.md#what-is-written-into-the-files).
    public static let creationDateKey = "com.apple.quicktime.creationdate"

    /// The text of `creationDateKey` for the instant `secondsSince1970`, on the clock `offset` seconds east of UTC:
    /// `YYYY-MM-DDTHH:MM:SS±HHMM`.
    public static func creationDateText(secondsSince1970: Int64, offset: Int) -> String {
        let exif = ExifDateTime(clockSeconds: secondsSince1970.addingReportingOverflow(Int64(offset)).partialValue).text
        let chars = Array(exif)
        let date = String(chars.prefix(10)).replacingColons(with: "-")
        let zone = ExifDateTime.offsetText(offset).replacingColons(with: "")
        return date + "T" + String(chars.dropFirst(11)) + zone
    }

    /// The instant (seconds since 1970) and the offset a `creationDateKey` text states: `YYYY-MM-DDTHH:MM:SS` then
    /// `±HHMM`, `±HH:MM` or `Z` (fractions of a second are ignored); no offset is read as UTC.
    /// - Returns: nil for text that is not such a date, or a placeholder (before 1971).
    public static func creationDate(_ text: String) -> (secondsSince1970: Int64, offset: Int)? {
        let scalars = Array(text.utf8)
        guard scalars.count >= 19, let clock = ExifDateTime(text: String(decoding: scalars.prefix(19), as: UTF8.self)) else { return nil }
        var rest = Array(scalars.dropFirst(19))
        if rest.first == 0x2E { rest = Array(rest.drop { $0 == 0x2E || (0x30...0x39).contains($0) }) }
        var offset = 0
        if rest.count >= 5, rest[0] == 0x2B || rest[0] == 0x2D {
            let compact = rest[3] == 0x3A ? Array(rest[0..<3] + rest[4...]) : rest
            let zone = String(decoding: compact.prefix(3) + [0x3A] + compact.dropFirst(3).prefix(2), as: UTF8.self)
            offset = ExifDateTime.offsetSeconds(zone) ?? 0
        }
        return (clock.clockSeconds - Int64(offset), offset)
    }
}

extension String {
    fileprivate func replacingColons(with replacement: String) -> String {
        split(separator: ":", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

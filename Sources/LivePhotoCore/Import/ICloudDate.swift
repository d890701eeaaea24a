import MediaFormats

/// The dates of an Apple data copy's CSV files: `Thursday August 29,2013 7:08 AM GMT`, English names, minute precision,
/// in UTC (`docs/formats/icloud.md#dates`). The weekday is not trusted: the date is read from the month, day and year.
package enum ICloudDate {
    static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ]

    /// The instant `text` names, in seconds since 1970; nil when it is not in that shape (an empty cell, another language, a day the month
    /// does not have, an hour past the clock).
    package static func parse(_ text: String) -> Int64? {
        // "Thursday August 29,2013 7:08 AM GMT": commas and any white space (a narrow no-break space before AM) separate.
        let words = text.split { $0 == "," || $0.isWhitespace }.map(String.init)
        // The weekday may be missing; the month is the first word that is one.
        guard let monthAt = words.firstIndex(where: { months.contains($0.lowercased()) }), monthAt + 3 < words.count,
            let month = months.firstIndex(of: words[monthAt].lowercased()).map({ $0 + 1 }),
            let day = Int(words[monthAt + 1]), let year = Int(words[monthAt + 2]), (1900...9999).contains(year),
            (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let clock = words[monthAt + 3].split(separator: ":")
        guard clock.count == 2, var hour = Int(clock[0]), let minute = Int(clock[1]), (0...59).contains(minute) else { return nil }
        let meridiem = monthAt + 4 < words.count ? words[monthAt + 4].uppercased() : ""
        switch meridiem {
        case "AM", "PM":
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "PM" ? 12 : 0)
        default:
            guard (0...23).contains(hour) else { return nil }
        }
        let days = ExifDateTime.daysSince1970(year: year, month: month, day: day)
        let seconds: Int64 = Int64(hour) * 3600 + Int64(minute) * 60
        return Int64(days) * 86_400 + seconds
    }

    /// How many days `month` (1–12) of `year` has.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

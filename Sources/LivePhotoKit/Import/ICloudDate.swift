internal import PortableFoundation

/// The dates of an Apple data copy's CSV files: `Thursday August 29,2013 7:08 AM GMT`, English names, minute precision,
/// in UTC (`docs/formats/icloud.md#dates`). The weekday is not trusted: the date is read from the month, day and year.
enum ICloudDate {
    static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ]

    /// The instant `text` names, nil when it is not in that shape (an empty cell, another language).
    static func parse(_ text: String) -> Date? {
        // "Thursday August 29,2013 7:08 AM GMT": commas and spaces both separate.
        let words = text.split { $0 == " " || $0 == "," }.map(String.init)
        guard words.count >= 5 else { return nil }
        // The weekday may be missing; the month is the first word that is one.
        guard let monthAt = words.firstIndex(where: { months.contains($0.lowercased()) }), monthAt + 3 < words.count,
            let month = months.firstIndex(of: words[monthAt].lowercased()).map({ $0 + 1 }),
            let day = Int(words[monthAt + 1]), let year = Int(words[monthAt + 2]), (1...31).contains(day), (1900...9999).contains(year)
        else { return nil }
        let clock = words[monthAt + 3].split(separator: ":")
        guard clock.count == 2, var hour = Int(clock[0]), let minute = Int(clock[1]), (0...59).contains(minute) else { return nil }
        if monthAt + 4 < words.count {
            switch words[monthAt + 4].uppercased() {
            case "AM":
                guard (1...12).contains(hour) else { return nil }
                if hour == 12 { hour = 0 }
            case "PM":
                guard (1...12).contains(hour) else { return nil }
                if hour != 12 { hour += 12 }
            default:
                guard (0...23).contains(hour) else { return nil }
            }
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

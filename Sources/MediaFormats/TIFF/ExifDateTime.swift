/// An Exif date and time, `YYYY:MM:DD HH:MM:SS` (Exif 2.32, DateTimeOriginal 0x9003), a wall clock without a zone;
/// and the `±HH:MM` offsets Exif 2.31 added (OffsetTimeOriginal 0x9011). See docs/formats/takeout.md#what-is-written-into-the-files.
///
/// The clock is counted as seconds since 1970-01-01 00:00 of the same clock, so converting to an instant needs only
/// the offset; the calendar arithmetic is the proleptic Gregorian one, with no time-zone database.
public struct ExifDateTime: Sendable, Equatable {
    /// Seconds since 1970-01-01 00:00:00 of the wall clock the text states.
    public var clockSeconds: Int64

    /// The first year a real capture date can have: earlier ones (0000, 1904, 1970) are placeholders cameras and
    /// converters write when they know no date.
    public static let earliestYear = 1971

    /// The clock at `clockSeconds`.
    public init(clockSeconds: Int64) { self.clockSeconds = clockSeconds }

    /// Parses Exif's `YYYY:MM:DD HH:MM:SS` (also with `-` between the date's fields, as some writers do).
    /// - Returns: nil for a placeholder (blank, spaces, zeros, a year before 1971) or text that is not a date.
    public init?(text: String) {
        let digits = Array(text.utf8.prefix(19))
        guard digits.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard (0x30...0x39).contains(digits[i]) else { return nil }
                value = value * 10 + Int(digits[i] - 0x30)
            }
            return value
        }
        let separators: [(Int, Set<UInt8>)] = [(4, [0x3A, 0x2D]), (7, [0x3A, 0x2D]), (10, [0x20, 0x54]), (13, [0x3A]), (16, [0x3A])]
        guard separators.allSatisfy({ $0.1.contains(digits[$0.0]) }) else { return nil }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        guard year >= Self.earliestYear, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else {
            return nil
        }
        let days = Self.daysSince1970(year: year, month: month, day: day)
        clockSeconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// The text Exif stores, `YYYY:MM:DD HH:MM:SS` (without the NUL).
    public var text: String {
        let days = Int(clockSeconds.floorDivided(by: 86_400))
        let seconds = Int(clockSeconds - Int64(days) * 86_400)
        let (year, month, day) = Self.civil(daysSince1970: days)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let yyyy = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yyyy):\(two(month)):\(two(day)) \(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    }

    /// Parses an Exif offset, `+HH:MM` or `-HH:MM`, into seconds east of UTC; nil for blanks or anything else.
    public static func offsetSeconds(_ text: String) -> Int? {
        let b = Array(text.utf8.prefix(6))
        guard b.count == 6, b[0] == 0x2B || b[0] == 0x2D, b[3] == 0x3A else { return nil }
        let d = [b[1], b[2], b[4], b[5]]
        guard d.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let hours = Int(d[0] - 0x30) * 10 + Int(d[1] - 0x30), minutes = Int(d[2] - 0x30) * 10 + Int(d[3] - 0x30)
        guard hours <= 14, minutes < 60 else { return nil }
        let total = hours * 3600 + minutes * 60
        return b[0] == 0x2D ? -total : total
    }

    /// An offset in seconds east of UTC as Exif writes it, `+HH:MM`; whole minutes, within ±14 hours.
    public static func offsetText(_ seconds: Int) -> String {
        let clamped = min(max(seconds, -14 * 3600), 14 * 3600)
        let minutes = abs(clamped) / 60
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return (clamped < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
    public static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01 (`civil_from_days`).
    public static func civil(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    /// The quotient rounded toward negative infinity (so a clock before 1970 still splits into a day and a time).
    func floorDivided(by divisor: Int64) -> Int64 {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }
}

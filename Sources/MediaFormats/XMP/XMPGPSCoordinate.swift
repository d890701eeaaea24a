/// A GPS coordinate as XMP writes it (`exif:GPSLatitude`, `exif:GPSLongitude`): `51,30.5N` (degrees and decimal
/// minutes), `51,30,30N` (degrees, minutes, seconds), or decimal degrees with or without a letter.
public enum XMPGPSCoordinate {
    /// The coordinate in signed degrees; `negative` is the letter that makes it negative (`S` or `W`). nil for text
    /// that is no coordinate, or out of ±180°.
    public static func degrees(_ text: String, negative: Character) -> Double? {
        var body = text.trimmingASCIIWhitespace()
        var sign = 1.0
        if let last = body.last, last.isLetter {
            if last.uppercased() == String(negative) { sign = -1 }
            body.removeLast()
        }
        let parts = body.split(separator: ",").map { Double($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        let values = parts.compactMap { $0 }
        let degrees = values[0] + (values.count > 1 ? values[1] / 60 : 0) + (values.count > 2 ? values[2] / 3600 : 0)
        guard abs(degrees) <= 180 else { return nil }
        return sign * degrees
    }
}

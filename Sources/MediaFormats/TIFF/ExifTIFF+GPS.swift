/// A position to write into a GPS IFD: degrees (WGS 84) and metres above sea level when known.
public struct GPSPosition: Sendable, Equatable {
    /// Degrees north (negative: south), -90...90.
    public var latitude: Double
    /// Degrees east (negative: west), -180...180.
    public var longitude: Double
    /// Metres above sea level (negative: below), when known.
    public var altitude: Double?

    /// A position; see the properties for the ranges.
    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }
}

extension ExifTIFF {
    /// IFD0's pointer to the GPS IFD (GPS Info IFD Pointer, 0x8825, LONG).
    public static let gpsIFDPointerTag: UInt16 = 0x8825
    /// The GPS IFD's tags (Exif 2.32 §4.6.6): version, latitude and longitude with their references, altitude with
    /// its reference, the map datum.
    enum GPSTag {
        static let version: UInt16 = 0x0000, latitudeRef: UInt16 = 0x0001, latitude: UInt16 = 0x0002
        static let longitudeRef: UInt16 = 0x0003, longitude: UInt16 = 0x0004
        static let altitudeRef: UInt16 = 0x0005, altitude: UInt16 = 0x0006, mapDatum: UInt16 = 0x0012
    }
    static let rationalType: UInt16 = 5

    /// True when IFD0 points at a GPS IFD holding a latitude and a longitude that are not both 0 (a placeholder).
    public var hasGPSPosition: Bool {
        guard let pointer = ifd0.entry(Self.gpsIFDPointerTag), pointer.count == 1,
            let gps = try? IFD.parse(bytes, at: pointer.offsetValue(order), order: order)
        else { return false }
        func degrees(_ tag: UInt16) -> Double? {
            guard let e = gps.entry(tag), e.type == Self.rationalType, e.count >= 1, let v = try? IFD.value(of: e, in: bytes, order: order)
            else { return nil }
            var total = 0.0
            for (i, scale) in [1.0, 60, 3600].enumerated() where 8 * i + 8 <= v.count {
                let den = v.loadUInt32(at: 8 * i + 4, order)
                if den != 0 { total += Double(v.loadUInt32(at: 8 * i, order)) / Double(den) / scale }
            }
            return total
        }
        guard let latitude = degrees(GPSTag.latitude), let longitude = degrees(GPSTag.longitude) else { return false }
        return latitude != 0 || longitude != 0
    }

    /// Writes `position` as a new GPS IFD appended to the stream (docs/formats/takeout.md#what-is-written-into-the-files):
    /// GPSVersionID 2.2.0.0, the latitude and longitude as degrees, minutes and seconds (to a millionth of a second),
    /// the altitude to the centimetre when known, and the map datum `WGS-84`. IFD0 gets a pointer to it: an existing
    /// pointer is turned to the new IFD (the old one stays, unreferenced), else IFD0 is appended again with the
    /// pointer added. Nothing else moves.
    /// - Throws: when a coordinate is out of range or not a number.
    public mutating func setGPSPosition(_ position: GPSPosition) throws(FormatError) {
        guard position.latitude.isFinite, abs(position.latitude) <= 90, position.longitude.isFinite, abs(position.longitude) <= 180 else {
            throw FormatError(.unsupported, "the position \(position.latitude), \(position.longitude) is not on Earth")
        }
        let order = order
        func long(_ v: UInt32) -> [UInt8] {
            var field = [UInt8](repeating: 0, count: 4)
            field.storeUInt32(v, at: 0, order)
            return field
        }
        func ascii(_ text: String) -> [UInt8] {
            let v = Array(text.utf8) + [0]
            return v + [UInt8](repeating: 0, count: max(0, 4 - v.count))
        }
        func dms(_ degrees: Double) -> [UInt8] {
            // Microseconds of arc, rounded once, so that 59.9999995″ never becomes 60″.
            let micro = Int64((abs(degrees) * 3_600_000_000).rounded())
            let d = micro / 3_600_000_000, m = micro / 60_000_000 % 60, s = micro % 60_000_000
            return long(UInt32(d)) + long(1) + long(UInt32(m)) + long(1) + long(UInt32(s)) + long(1_000_000)
        }
        var values: [(tag: UInt16, type: UInt16, count: UInt32, value: [UInt8])] = [
            (GPSTag.version, TIFFType.byte, 4, [2, 2, 0, 0]),
            (GPSTag.latitudeRef, TIFFType.ascii, 2, ascii(position.latitude < 0 ? "S" : "N")),
            (GPSTag.latitude, Self.rationalType, 3, dms(position.latitude)),
            (GPSTag.longitudeRef, TIFFType.ascii, 2, ascii(position.longitude < 0 ? "W" : "E")),
            (GPSTag.longitude, Self.rationalType, 3, dms(position.longitude)),
        ]
        if let altitude = position.altitude, altitude.isFinite, abs(altitude) < 1_000_000 {
            values.append((GPSTag.altitudeRef, TIFFType.byte, 1, [altitude < 0 ? 1 : 0, 0, 0, 0]))
            values.append((GPSTag.altitude, Self.rationalType, 1, long(UInt32((abs(altitude) * 100).rounded())) + long(100)))
        }
        values.append((GPSTag.mapDatum, TIFFType.ascii, 7, ascii("WGS-84")))

        // The IFD, then its out-of-line values right after it.
        let at = alignedEnd()
        var valueAt = at + 2 + 12 * values.count + 4
        var entries: [IFDEntry] = []
        var area: [UInt8] = []
        for v in values {
            if v.value.count <= 4 {
                entries.append(IFDEntry(tag: v.tag, type: v.type, count: v.count, valueField: v.value))
            } else {
                entries.append(IFDEntry(tag: v.tag, type: v.type, count: v.count, valueField: long(UInt32(valueAt))))
                area += v.value
                valueAt += v.value.count
            }
        }
        guard UInt64(valueAt) <= UInt64(UInt32.max) else { throw FormatError(.unsupported, "the Exif data would exceed 4 GiB") }
        bytes += [UInt8](repeating: 0, count: at - bytes.count)
        bytes += IFD.serialize(entries, next: 0, order: order)
        bytes += area

        if let pointer = ifd0.entry(Self.gpsIFDPointerTag) {
            bytes.storeUInt16(TIFFType.long, at: pointer.entryPosition + 2, order)
            bytes.storeUInt32(1, at: pointer.entryPosition + 4, order)
            bytes.replaceSubrange(pointer.entryPosition + 8..<pointer.entryPosition + 12, with: long(UInt32(at)))
        } else {
            var ifd0Entries = ifd0.entries
            ifd0Entries.append(IFDEntry(tag: Self.gpsIFDPointerTag, type: TIFFType.long, count: 1, valueField: long(UInt32(at))))
            let ifd0At = try appendIFD(ifd0Entries, next: ifd0.nextOffset)
            bytes.storeUInt32(UInt32(ifd0At), at: 4, order)
        }
        try reparseAfterEdit()
    }
}

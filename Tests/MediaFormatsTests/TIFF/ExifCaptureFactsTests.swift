import Foundation
import MediaFormats
import TestSupport
import Testing

/// Capture dates and GPS positions read from and written into Exif (docs/formats/takeout.md#what-is-written-into-the-files),
/// in both byte orders, with every old byte kept where it was.
@Suite("Exif capture facts")
struct ExifCaptureFactsTests {
    /// A TIFF stream with IFD0 (Make "Cam") and an Exif IFD holding `DateTimeOriginal` `date` and an 8-byte MakerNote
    /// whose bytes say where they are (an offset counted from the TIFF header, as Samsung's and Nikon's do).
    func tiff(_ order: ByteOrder, date: String) throws -> ExifTIFF {
        let be = order == .bigEndian
        func u16(_ v: UInt16) -> [UInt8] { be ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] {
            let shifts: [UInt32] = be ? [24, 16, 8, 0] : [0, 8, 16, 24]
            return shifts.map { UInt8(truncatingIfNeeded: v >> $0) }
        }
        // IFD0 at 8: 2 entries → ends at 8+2+24+4 = 38. Exif IFD at 38: 2 entries → ends at 68. Date at 68 (20), note at 88 (8).
        var b: [UInt8] = Array((be ? "MM" : "II").utf8)
        for part in [u16(42), u32(8), u16(2)] { b += part }
        for part in [u16(0x010F), u16(2), u32(4), Array("Cam\0".utf8), u16(0x8769), u16(4), u32(1), u32(38), u32(0)] { b += part }
        for part in [u16(2), u16(0x9003), u16(2), u32(20), u32(68), u16(0x927C), u16(7), u32(8), u32(88), u32(0)] { b += part }
        let padding = [UInt8](repeating: 0x20, count: max(0, 19 - date.utf8.count))
        b += Array(date.utf8.prefix(19))
        b += padding + [0]
        b += Array("NOTE@88!".utf8)
        return try ExifTIFF(bytes: b)
    }

    @Test("a date is read; placeholders are no date", arguments: [ByteOrder.bigEndian, .littleEndian])
    func readsDates(order: ByteOrder) throws {
        #expect(try tiff(order, date: "2019:07:04 16:30:12").dateTimeOriginal?.text == "2019:07:04 16:30:12")
        for placeholder in ["0000:00:00 00:00:00", "", "                   ", "1970:01:01 00:00:00", "1904:01:01 00:00:00"] {
            #expect(try tiff(order, date: placeholder).dateTimeOriginal == nil, "\(placeholder)")
        }
        #expect(try tiff(order, date: "2019:07:04 16:30:12").statedOffset == nil)
    }

    @Test("the capture time and a GPS IFD are appended; old bytes stay put", arguments: [ByteOrder.bigEndian, .littleEndian])
    func writesDateAndPlace(order: ByteOrder) async throws {
        var t = try tiff(order, date: "")
        let before = t.bytes
        let clock = try #require(ExifDateTime(text: "2023:08:14 22:11:54"))
        try t.setCaptureTime(clock, offset: 7200)
        try t.setGPSPosition(GPSPosition(latitude: -33.8568, longitude: 151.2153, altitude: -12.5))
        #expect(t.order == order)
        #expect(t.dateTimeOriginal == clock)
        #expect(t.offsetTimeOriginal == 7200)
        #expect(t.exifString(ExifTIFF.offsetTimeDigitizedTag) == "+02:00")
        #expect(t.dateTimeDigitized == clock)
        #expect(t.hasGPSPosition)
        #expect(t.string(ifd0Tag: 0x010F) == "Cam")
        #expect(t.makerNote == Array("NOTE@88!".utf8))
        // Every old byte is where it was, but the pointers (header, IFD0's, the Exif entries rewritten in place).
        #expect(Array(t.bytes[88..<96]) == Array(before[88..<96]))
        #expect(t.bytes.count > before.count)
        // exiftool reads the stream as a TIFF file.
        let workspace = try Workspace()
        let path = try workspace.write(t.bytes, to: "facts.tif")
        let r = try await Tool.run(
            "exiftool", ["-j", "-n", "-DateTimeOriginal", "-OffsetTimeOriginal", "-GPSLatitude", "-GPSLongitude", "-GPSAltitude", path])
        let tags = try #require((try JSONSerialization.jsonObject(with: r.stdoutData) as? [[String: Any]])?.first)
        #expect(tags["DateTimeOriginal"] as? String == "2023:08:14 22:11:54")
        #expect(tags["OffsetTimeOriginal"] as? String == "+02:00")
        #expect(abs((tags["GPSLatitude"] as? Double ?? 0) + 33.8568) < 1e-6)
        #expect(abs((tags["GPSLongitude"] as? Double ?? 0) - 151.2153) < 1e-6)
        #expect(abs((tags["GPSAltitude"] as? Double ?? 0) + 12.5) < 1e-6)
    }

    @Test("a GPS position replaces an old one only by repointing IFD0")
    func replacesGPS() throws {
        var t = try tiff(.bigEndian, date: "2019:07:04 16:30:12")
        try t.setGPSPosition(GPSPosition(latitude: 0.0001, longitude: 0))
        let pointers = t.ifd0.entries.filter { $0.tag == ExifTIFF.gpsIFDPointerTag }
        try t.setGPSPosition(GPSPosition(latitude: 48.8584, longitude: 2.2945))
        #expect(t.ifd0.entries.filter { $0.tag == ExifTIFF.gpsIFDPointerTag }.count == 1)
        #expect(t.ifd0.entries.filter { $0.tag == ExifTIFF.gpsIFDPointerTag }.first?.entryPosition == pointers.first?.entryPosition)
        #expect(throws: FormatError.self) { try t.setGPSPosition(GPSPosition(latitude: 91, longitude: 0)) }
    }

    @Test("dates and offsets as text")
    func dateText() throws {
        #expect(ExifDateTime(clockSeconds: 0).text == "1970:01:01 00:00:00")
        #expect(ExifDateTime(clockSeconds: 1_692_051_114).text == "2023:08:14 22:11:54")
        #expect(ExifDateTime(text: "2023-08-14T22:11:54")?.clockSeconds == 1_692_051_114)
        #expect(ExifDateTime.offsetSeconds("-07:30") == -27_000)
        #expect(ExifDateTime.offsetText(-27_000) == "-07:30")
        #expect(ExifDateTime.offsetSeconds("   ") == nil)
        #expect(AppleMovieMetadata.creationDateText(secondsSince1970: 1_692_043_914, offset: 0) == "2023-08-14T20:11:54+0000")
        #expect(AppleMovieMetadata.creationDate("2025-01-01T11:06:46+0900")?.secondsSince1970 == 1_735_697_206)
        #expect(AppleMovieMetadata.creationDate("2025-01-01T11:06:46+09:00")?.offset == 32_400)
        #expect(AppleMovieMetadata.creationDate("0000-00-00T00:00:00Z") == nil)
    }
}

import LivePhotoCore
import MediaFormats
import TestSupport
import Testing

/// A sidecar's facts written into a file as a plan (new bytes and runs of the file), the same for the command line and
/// a browser: what each kind of file gets, and that a plan read back holds what was written
/// (docs/formats/takeout.md#what-is-written-into-the-files).
@Suite("stamping an export's facts into a file, as a plan", .needsSamples)
struct ImportStampTests {
    static let time: Int64 = 1_714_557_660
    static let facts = ImportStamp.Facts(
        captureSeconds: time, place: ImportStamp.Place(latitude: 48.8584, longitude: 2.2945), description: "At the tower", favorited: true,
        people: ["Ann"])

    static func input(_ name: String) throws -> InputFile {
        try InputFile(opened: try RandomAccessFile(path: ProjectPaths.sample(name)), path: name)
    }

    static func written(_ plan: ImportStamp.Plan, named name: String) throws -> InputFile {
        try InputFile(opened: plan.content.asFile(named: name), path: name)
    }

    @Test("a JPEG without a date: a new header, then its bytes from the first scan on, copied; the date, place and XMP read back")
    func jpeg() throws {
        let input = try Self.input("camera_nikon-d1x_mei.jpg")
        let (plan, written) = try ImportStamp.plan(input, facts: Self.facts, prefersSidecar: true)
        #expect(written == ["date", "place", "description", "rating", "people"])
        let content = try #require(plan).content
        #expect(plan?.patches == nil)
        guard case .copy(_, let offset, let length) = content.pieces.last else {
            Issue.record("the plan does not end with the image data copied")
            return
        }
        #expect(offset + length == input.file.size)
        let stamped = try Self.written(try #require(plan), named: "stamped.jpg")
        #expect(ImportCaptureTime.own(stamped) == Self.time)
        // Stamped again with the same facts: nothing is missing any more.
        #expect(try ImportStamp.plan(stamped, facts: Self.facts, prefersSidecar: false).written == [])
    }

    @Test("a HEIC: its Exif item's date and the XMP item, read back from the plan")
    func heic() throws {
        let input = try Self.input("iphone_IMG_3853_gwy15.HEIC")
        let (plan, written) = try ImportStamp.plan(input, facts: Self.facts, prefersSidecar: true)
        #expect(written.contains("date") && written.contains("people"))
        let stamped = try Self.written(try #require(plan), named: "stamped.heic")
        #expect(ImportCaptureTime.own(stamped) == Self.time)
        #expect(try ImportStamp.plan(stamped, facts: Self.facts, prefersSidecar: false).written == [])
    }

    @Test("a movie: its creation-date key in a new movie box, the media data copied, its date fields; its own date kept unless preferred")
    func movie() throws {
        let input = try Self.input("iphone_IMG_3853_gwy15.MOV")
        let (plan, written) = try ImportStamp.plan(input, facts: Self.facts, prefersSidecar: true)
        #expect(written == ["date"])
        // A new layout is no set of fields overwritten in place.
        #expect(plan?.patches == nil)
        let stamped = try Self.written(try #require(plan), named: "stamped.mov")
        #expect(ImportCaptureTime.own(stamped) == Self.time)
        // The camera's own date is kept when the sidecar is not preferred.
        #expect(try ImportStamp.plan(input, facts: Self.facts, prefersSidecar: false).plan == nil)
    }

    @Test("nothing to write, or a kind not handled: no plan")
    func nothing() throws {
        #expect(try ImportStamp.plan(Self.input("camera_nikon-d1x_mei.jpg"), facts: ImportStamp.Facts(), prefersSidecar: true).plan == nil)
        // A placeholder date (before 1971) is no date.
        let placeholder = ImportStamp.Facts(captureSeconds: 0)
        #expect(try ImportStamp.plan(Self.input("camera_nikon-d1x_mei.jpg"), facts: placeholder, prefersSidecar: true).plan == nil)
    }
}

import LivePhotoCore
import MediaFormats
import TestSupport
import Testing

/// `inspect`'s one report, from what the shell read: files, bundles and their members, empty folders.
@Suite("inspect's report", .needsSamples)
struct InspectionTests {
    static func report(_ name: String, as path: String? = nil) throws -> InspectionReport.FileReport {
        let input = try sampleInput(name)
        var report = FileAnalysis(input).report
        if let path { report.path = path }
        return report
    }

    @Test("one still and one movie pair; a bundle's members pair when it is the one thing given; an empty folder says so")
    func pairs() throws {
        let still = try Self.report("iphone_IMG_3853_gwy15.HEIC"), movie = try Self.report("iphone_IMG_3853_gwy15.MOV")
        let files = Inspection.report([.file(still), .file(movie)])
        #expect(files.files.count == 2 && files.pair?.paired == true)

        let bundle = InspectionReport.FileReport(path: "IMG.pvt", format: .unknown, role: .bundle, sizeBytes: 0)
        let members = [try Self.report("iphone_IMG_3853_gwy15.HEIC", as: "IMG.pvt/IMG.HEIC"), try Self.report("iphone_IMG_3853_gwy15.MOV", as: "IMG.pvt/IMG.MOV")]
        let bundled = Inspection.report([.bundle(bundle, members: members)])
        #expect(bundled.files.map(\.path) == ["IMG.pvt", "IMG.pvt/IMG.HEIC", "IMG.pvt/IMG.MOV"])
        #expect(bundled.files[0].members == ["IMG.pvt/IMG.HEIC", "IMG.pvt/IMG.MOV"] && bundled.pair != nil)

        let mixed = Inspection.report([.bundle(bundle, members: members), .emptyFolder(path: "empty")])
        #expect(mixed.pair == nil)
        #expect(mixed.files.last?.error == "a folder with no files in it (scan reads folders and their subfolders)")
    }
}

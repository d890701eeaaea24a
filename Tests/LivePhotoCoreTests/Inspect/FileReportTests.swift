import Testing

@testable import LivePhotoCore

@Suite("a file's report")
struct FileReportTests {
    @Test("flavor, the older name of family, follows it whether set at creation or after")
    func flavorFollowsFamily() {
        var report = InspectionReport.FileReport(
            path: "PXL_0001.MP.jpg", format: .jpeg, role: .motionPhoto, sizeBytes: 1000, family: .google)
        #expect(report.flavor == .google)
        report.family = .samsung
        #expect(report.flavor == .samsung)
        report.family = nil
        #expect(report.flavor == nil)
    }
}

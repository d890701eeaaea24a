import LivePhotoCore
import MediaFormats
import Testing

/// A batch planned on plain values, as the command line and the browser plan it: no file is read.
@Suite("a batch's plan")
struct BatchPlanTests {
    static let pair = LibraryItem(kind: .livePhoto, files: ["/lib/2023/IMG_1.HEIC", "/lib/2023/IMG_1.MOV"], root: "/lib")

    @Test("each item's outputs mirror its place below its root; a browser's (no root, relative paths) below the chosen folder")
    func mirrored() {
        let kinds: (String) -> FileKind = { $0.hasSuffix(".HEIC") ? .heic : .jpeg }
        let target = BatchTarget.motionPhoto(flavor: .google)
        let cli = BatchPlan.tasks([Self.pair], kinds: target.kinds, outputRoot: "/out") { target.outputs(for: $0, in: $1, kind: kinds) }
        #expect(cli.map(\.outputs) == [["/out/2023/IMG_1.MP.heic"]])
        let browser = LibraryItem(kind: .livePhoto, files: ["2023/IMG_1.HEIC", "2023/IMG_1.MOV"])
        let planned = BatchPlan.tasks([browser], kinds: target.kinds, outputRoot: "") { target.outputs(for: $0, in: $1, kind: kinds) }
        #expect(planned.map(\.folder) == ["2023"] && planned.map(\.outputs) == [["2023/IMG_1.MP.heic"]])
    }

    @Test("two items whose outputs would be one file: the second is refused; an item short of files too; other kinds left alone")
    func refusals() {
        let target = BatchTarget.split
        let items = [
            LibraryItem(kind: .motionPhoto, files: ["a/IMG_1.jpg"]), LibraryItem(kind: .motionPhoto, files: ["a/img_1.JPG"]),
            LibraryItem(kind: .livePhoto, files: ["a/IMG_2.JPG"]), LibraryItem(kind: .plainPhoto, files: ["a/IMG_3.JPG"]),
        ]
        let tasks = BatchPlan.tasks(items, kinds: target.kinds, outputRoot: "") { target.outputs(for: $0, in: $1) { _ in .jpeg } }
        #expect(tasks.count == 3)
        #expect(tasks[0].refusal == nil && tasks[1].refusal?.contains("would also be written for a/IMG_1.jpg") == true)
        #expect(tasks[2].refusal == "a live-photo item needs 2 files; this one has 1")
        let climbing = LibraryItem(kind: .motionPhoto, files: ["../elsewhere/PXL_1.MP.jpg"])
        let refused = BatchPlan.tasks([climbing], kinds: target.kinds, outputRoot: "") { target.outputs(for: $0, in: $1) { _ in .jpeg } }
        #expect(refused.first?.refusal?.contains("climbs out of its folder") == true && refused.first?.outputs == [])
        let damaged = BatchPlan.damaged([LibraryItem(kind: .damaged, files: ["x.jpg"], note: "cut short")])
        #expect(damaged.map(\.status) == [.damaged] && damaged[0].reason == "cut short")
    }

    @Test("outputs there hold when they are what the target writes: vivo's two files by one pairing id")
    func holds() {
        func file(_ path: String, pairing: String? = nil) -> InspectionReport.FileReport {
            InspectionReport.FileReport(path: path, format: .jpeg, role: .still, sizeBytes: 1, pairingIdentifier: pairing)
        }
        let vivo = BatchTarget.motionPhoto(flavor: .vivoPair)
        let id = "17965585961023f69e6d00000000"
        #expect(vivo.holds(InspectionReport(files: [file("a.jpg", pairing: id), file("a.mp4", pairing: id)]), verified: nil))
        #expect(!vivo.holds(InspectionReport(files: [file("a.jpg", pairing: id), file("a.mp4")]), verified: nil))
        #expect(!BatchTarget.motionPhoto(flavor: .google).holds(InspectionReport(files: [file("a.jpg")]), verified: nil))
        #expect(BatchTarget.split.holds(InspectionReport(files: [file("a.jpg")]), verified: nil))
    }
}

import LivePhotoCore
import MediaFormats
import Testing

/// Which file beside a part is its other half, on reports alone (the shell lists and reads; the choice is the core's).
@Suite("the other half beside a part")
struct CompanionTests {
    static let id = "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8", other = "0E0C8A0B-1111-4222-8333-944455556666"

    static func report(_ path: String, _ format: FileKind, identifier: String?) -> InspectionReport.FileReport {
        var report = InspectionReport.FileReport(path: path, format: format, role: .unknown, sizeBytes: 1)
        report.contentIdentifier = identifier
        return report
    }

    static func candidate(_ path: String, _ format: FileKind, identifier: String?) -> Companion.Candidate {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return Companion.Candidate(
            path: path, stem: String(name.prefix { $0 != "." }).lowercased(), report: report(path, format, identifier: identifier))
    }

    @Test("the identifier first, whatever the name; then the same name, unless its identifier says otherwise")
    func choice() throws {
        let own = Self.report("d/IMG_1.HEIC", .heic, identifier: Self.id)
        let byIdentifier = try Companion.choose(
            for: "d/IMG_1.HEIC", own: own, stem: "img_1",
            candidates: [Self.candidate("d/IMG_1.MOV", .quicktime, identifier: Self.other), Self.candidate("d/clip.mov", .quicktime, identifier: Self.id)])
        #expect(byIdentifier.path == "d/clip.mov" && byIdentifier.matchedBy == .identifier && byIdentifier.isMovie)
        let byName = try Companion.choose(
            for: "d/IMG_1.HEIC", own: own, stem: "img_1", candidates: [Self.candidate("d/img_1.mp4", .mp4, identifier: nil)])
        #expect(byName.matchedBy == .name && byName.note == "took d/img_1.mp4, beside d/IMG_1.HEIC, by its name (one of them has no content identifier)")
    }

    @Test("none, or several carrying the identifier, is refused in words that say what to give")
    func refusals() throws {
        let own = Self.report("IMG_1.MOV", .quicktime, identifier: Self.id)
        #expect(throws: LivePhotoError.badInput(
            file: "IMG_1.MOV", reason: "no photo beside it carries its identifier or its name; give its photo too, or the .pvt bundle"))
        {
            try Companion.choose(
                for: "IMG_1.MOV", own: own, stem: "img_1", candidates: [Self.candidate("IMG_1.JPG", .jpeg, identifier: Self.other)])
        }
        #expect(throws: LivePhotoError.badInput(
            file: "IMG_1.MOV", reason: "2 files beside it carry its identifier \(Self.id) (a.jpg, b.jpg); give its photo too"))
        {
            try Companion.choose(
                for: "IMG_1.MOV", own: own, stem: "img_1",
                candidates: [Self.candidate("a.jpg", .jpeg, identifier: Self.id), Self.candidate("b.jpg", .jpeg, identifier: Self.id)])
        }
        #expect(throws: LivePhotoError.badInput(file: "x.bin", reason: "not a photo or a movie")) {
            try Companion.choose(for: "x.bin", own: Self.report("x.bin", .unknown, identifier: nil), stem: "x", candidates: [])
        }
    }
}

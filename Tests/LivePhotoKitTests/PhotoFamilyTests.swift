import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// `PhotoFamily` is the one answer to "which kind of live photo"; every other name a report gives is worked out from it
/// and the layout, and the JSON keeps the old values with `family` beside them.
@Suite("PhotoFamily: one vocabulary", .needsSamples)
struct PhotoFamilyTests {
    func json(_ value: some Encodable) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try #require(JSONSerialization.jsonObject(with: encoder.encode(value)) as? [String: Any])
    }

    @Test("every family is recognised, and every output flavour, layout and item kind maps")
    func everyValueMaps() {
        // A Motion Photo's family is recognised by its marks, in the declared reading order (MakerDeclarationTests).
        let recognised = Set(PhotoFamily.readingOrder.map(\.family))
        #expect(recognised == Set(PhotoFamily.allCases).subtracting([.apple]))
        let outputs: [MotionConversionOptions.Flavor: PhotoFamily] = [
            .samsung: .samsung, .google: .google, .oppo: .oppo, .vivo: .vivo, .vivoPair: .vivo, .xiaomi: .xiaomi, .huawei: .huawei,
            .honor: .honor,
        ]
        for flavor in MotionConversionOptions.Flavor.allCases { #expect(flavor.family == outputs[flavor], "\(flavor)") }
        // Every family but Apple's and Google's legacy MicroVideo is an output flavour's.
        #expect(Set(outputs.values) == Set(PhotoFamily.allCases).subtracting([.apple, .microvideo]))

        let layouts: [InspectionReport.MotionPhotoReport.Flavor: PhotoFamily] = [
            .googleMotionPhoto: .google, .microVideo: .microvideo, .samsung: .samsung, .googleAndSamsung: .samsung,
            .huaweiMovingPhoto: .huawei, .vivoPair: .vivo,
        ]
        for (layout, family) in layouts { #expect(layout.usualFamily == family, "\(layout)") }

        #expect(SplitResult.Kind(twoFilesOf: .apple, packaging: .pair) == .livePhoto)
        #expect(SplitResult.Kind(twoFilesOf: .vivo, packaging: .pair) == .vivoPair)
        #expect(SplitResult.Kind(twoFilesOf: .apple, packaging: .bundle) == .bundle)
        #expect(SplitResult.Kind(twoFilesOf: .apple, packaging: .zippedBundle) == .zippedBundle)

        for kind in LibraryItem.Kind.allCases {
            let expected: PhotoFamily? = [.livePhoto, .orphanStill, .orphanMovie].contains(kind) ? .apple : nil
            #expect(kind.pairFamily == expected, "\(kind)")
            #expect(LibraryItem(kind: kind, files: ["a"]).family == expected)
        }
        // Without a family, a Motion Photo item takes its layout's usual one; a family given wins.
        #expect(LibraryItem(kind: .motionPhoto, files: ["a"], flavor: .googleAndSamsung).family == .samsung)
        #expect(LibraryItem(kind: .motionPhoto, files: ["a"], flavor: .googleMotionPhoto, family: .xiaomi).family == .xiaomi)
    }

    @Test("scan's items: the old kind and flavor, and family")
    func libraryItemJSON() throws {
        let motion = try json(LibraryItem(kind: .motionPhoto, files: ["a.jpg"], flavor: .googleMotionPhoto, family: .oppo))
        #expect(motion["kind"] as? String == "motion-photo")
        #expect(motion["flavor"] as? String == "google-motion-photo")
        #expect(motion["family"] as? String == "oppo")
        let live = try json(LibraryItem(kind: .livePhoto, files: ["a.jpg", "a.mov"], identifier: "X", pairedBy: .identifier))
        #expect(live["kind"] as? String == "live-photo" && live["family"] as? String == "apple" && live["flavor"] == nil)
        #expect(try json(LibraryItem(kind: .plainPhoto, files: ["b.jpg"]))["family"] == nil)
        let pair = LibraryItem(kind: .motionPhoto, files: ["c.jpg", "c.mp4"], flavor: .vivoPair, family: .vivo)
        let decoded = try JSONDecoder().decode(LibraryItem.self, from: JSONEncoder().encode(pair))
        #expect(decoded.family == .vivo && decoded.flavor == .vivoPair)
    }

    @Test("a scan and its rescan from the index: each item's family, read from the samples in place")
    func scanFamilies() async throws {
        let ws = try Workspace()
        let samples = ProjectPaths.sample("")
        let options = ScanOptions(indexPath: ws.file("index.sqlite"))
        let first = try await LibraryScanner.scan([samples], options: options).items
        let again = try await LibraryScanner.scan([samples], options: options).items
        #expect(first.map(\.family) == again.map(\.family))
        let byName = Dictionary(first.map { (URL(fileURLWithPath: $0.files[0]).lastPathComponent, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byName["iphone_IMG_3853_gwy15.HEIC"]?.kind == .livePhoto && byName["iphone_IMG_3853_gwy15.HEIC"]?.family == .apple)
        #expect(byName["androidx-media_pixel-motion-photo-shortened.jpg"]?.family == .google)
        #expect(byName["androidx-media_ss-motion-photo-shortened.jpg"]?.family == .microvideo)
        for item in first where item.kind == .motionPhoto { #expect(item.family != nil, "\(item.files)") }
        #expect(byName["PROVENANCE.md"]?.family == nil)
    }

    @Test("inspect's file report: flavor as before, and family the same")
    func inspectJSON() async throws {
        let report = await LivePhotoInspector.inspect([
            ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), ProjectPaths.sample("androidx-media_pixel-motion-photo-shortened.jpg"),
        ])
        let still = try json(report.files[0]), motion = try json(report.files[1])
        #expect(still["flavor"] as? String == "apple" && still["family"] as? String == "apple")
        #expect(motion["flavor"] as? String == "google" && motion["family"] as? String == "google")
        #expect((motion["motionPhoto"] as? [String: Any])?["flavor"] as? String == "google-motion-photo")
    }

    @Test("split's result: kind as before, and family")
    func splitJSON() async throws {
        let ws = try Workspace()
        let results = try await LivePhotoSplitter.split(
            [ProjectPaths.sample("androidx-media_ss-motion-photo-shortened.jpg")], options: SplitOptions(outputDirectory: ws.file("out")))
        let result = try json(try #require(results.first))
        #expect(result["kind"] as? String == "micro-video")
        #expect(result["family"] as? String == "microvideo")
    }

    @Test("convert's result: flavor as before, and family")
    func convertJSON() async throws {
        let ws = try Workspace()
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), movie: ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV"),
            options: MotionConversionOptions(outputDirectory: ws.file("out"), flavor: .google))
        let encoded = try json(result)
        #expect(encoded["flavor"] as? String == "google" && encoded["family"] as? String == "google")
        let report = await LivePhotoInspector.inspect([result.output])
        #expect(report.files.first?.family == result.family)
    }
}

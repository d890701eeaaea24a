import LivePhotoKit
import Testing

/// The names each operation gives its files, from the one planner the operations and the batches share: fast, no file
/// is read or written.
@Suite("planned outputs")
struct PlannedOutputsTests {
    @Test("make: a pair named as an iPhone names it, a .pvt folder, a .pvt.zip")
    func make() {
        #expect(
            PlannedOutputs.make(stem: "IMG_1", folder: "out", packaging: .pair, photoFormat: .jpeg) == ["out/IMG_1.JPG", "out/IMG_1.MOV"])
        #expect(
            PlannedOutputs.make(stem: "IMG_1", folder: "out", packaging: .pair, photoFormat: .heic) == ["out/IMG_1.HEIC", "out/IMG_1.MOV"])
        #expect(PlannedOutputs.make(stem: "IMG_1", folder: "out", packaging: .bundle, photoFormat: .jpeg) == ["out/IMG_1.pvt"])
        #expect(PlannedOutputs.make(stem: "IMG_1", folder: "out", packaging: .zippedBundle, photoFormat: .heic) == ["out/IMG_1.pvt.zip"])
    }

    @Test("convert and split: a Motion Photo by its photo's format, vivo's two files, split's extensions kept when they fit")
    func convertAndSplit() {
        #expect(PlannedOutputs.motionPhoto(stem: "A", folder: "o", photoKind: .jpeg) == "o/A.MP.jpg")
        #expect(PlannedOutputs.motionPhoto(stem: "A", folder: "o", photoKind: .heic) == "o/A.MP.heic")
        #expect(PlannedOutputs.vivoPair(stem: "A", folder: "o") == ["o/A.jpg", "o/A.mp4"])
        #expect(PlannedOutputs.splitPhoto(of: "in/A.jpeg", stem: "A", folder: "o", kind: .jpeg) == "o/A.jpeg")
        #expect(PlannedOutputs.splitPhoto(of: "in/A.png", stem: "A", folder: "o", kind: .heic) == "o/A.heic")
        #expect(PlannedOutputs.splitMovie(of: nil, stem: "A", folder: "o") == "o/A.mp4")
        #expect(PlannedOutputs.splitMovie(of: "in/A.MOV", stem: "A", folder: "o") == "o/A.MOV")
    }

    @Test("export: the effect after the name, a Long Exposure as a still in the photo's format")
    func export() {
        #expect(PlannedOutputs.exportName(base: "A", effect: nil) == "A")
        #expect(PlannedOutputs.exportName(base: "A", effect: .bounce) == "A-bounce")
        #expect(PlannedOutputs.export(name: "A-loop", folder: "o", format: .mp4, effect: .loop, photoKind: nil) == "o/A-loop.mp4")
        #expect(PlannedOutputs.export(name: "A", folder: "o", format: .gif, effect: nil, photoKind: nil) == "o/A.gif")
        #expect(
            PlannedOutputs.export(name: "A-long-exposure", folder: "o", format: .gif, effect: .longExposure, photoKind: .heic)
                == "o/A-long-exposure.heic")
        #expect(
            PlannedOutputs.export(name: "A-long-exposure", folder: "o", format: .gif, effect: .longExposure, photoKind: nil)
                == "o/A-long-exposure.jpg")
    }
}

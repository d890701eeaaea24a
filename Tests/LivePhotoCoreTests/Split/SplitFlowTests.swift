import LivePhotoCore
import MediaFormats
import TestSupport
import Testing

/// `split`'s one grouping: pairs by name, a part alone paired with what the shell finds beside it, or refused where the
/// shell cannot look.
@Suite("split's flow", .needsSamples)
struct SplitFlowTests {
    static let heic = "iphone_IMG_3853_gwy15.HEIC", mov = "iphone_IMG_3853_gwy15.MOV"
    static let motion = "libmphoto_motion_photo_v1_synthetic.jpg"

    @Test("a still and a movie of one name pair; another still is a Motion Photo; nothing is asked")
    func byName() throws {
        var shell = ScriptedShell.browser
        let items = try shell.run(SplitFlow(files: [try sampleInput(Self.motion), try sampleInput(Self.mov), try sampleInput(Self.heic)]))
        #expect(shell.requests.isEmpty)
        guard items.count == 2, case .pair(let still, let movie, nil) = items[0], case .motionPhoto(let photo) = items[1] else {
            Issue.record("not a pair and a Motion Photo: \(items)")
            return
        }
        #expect(still.path.hasSuffix(Self.heic) && movie.path.hasSuffix(Self.mov) && photo.path.hasSuffix(Self.motion))
    }

    @Test("a Live Photo's movie alone: the shell finds its photo beside it, with a note; a browser is told to give it")
    func partAlone() throws {
        var native = ScriptedShell { _ in .companion(try sampleInput(Self.heic), note: "took the photo beside it") }
        let items = try native.run(SplitFlow(files: [try sampleInput(Self.mov)]))
        #expect(native.requests.map(ScriptedShell.kind) == ["companion"])
        guard case .pair(_, _, let note)? = items.first else {
            Issue.record("no pair")
            return
        }
        #expect(note == "took the photo beside it")
        var browser = ScriptedShell.browser
        let error = flowError { _ = try browser.run(SplitFlow(files: [try sampleInput(Self.mov)])) }
        #expect(
            error
                == .badInput(
                    file: ProjectPaths.sample(Self.mov),
                    reason:
                        "a Live Photo's movie (identifier 71DCA213-5710-4A6C-BC6D-CE6306AEB8D8); give its photo too (the same name), or the .pvt bundle"
                ))
    }

    @Test("a name for several items is refused; so is nothing at all")
    func checks() throws {
        #expect(flowError { try SplitFlow.checkName("x", items: 2) } == .refused(file: nil, reason: "one name was given for 2 items", remedy: .nameOneItemOnly))
        #expect(flowError { try SplitFlow.checkName("x", items: 1) } == nil)
    }
}

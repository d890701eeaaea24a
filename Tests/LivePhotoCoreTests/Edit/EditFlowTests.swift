import LivePhotoCore
import MediaFormats
import TestSupport
import Testing

/// `edit`'s one flow: checked, then made again through make's flow, the samples copied.
@Suite("edit's flow", .needsSamples)
struct EditFlowTests {
    static let heic = "iphone_IMG_3853_gwy15.HEIC", mov = "iphone_IMG_3853_gwy15.MOV", jpeg = "camera_nikon-d1x_mei.jpg"

    @Test("trim and mute ask nothing: the identifier, the HEIC and the key photo are kept")
    func trimAndMute() throws {
        var settings = EditSettings()
        (settings.trimStart, settings.mute) = (0.5, true)
        var shell = ScriptedShell.browser
        let edited = try shell.run(EditFlow(still: try sampleInput(Self.heic), movie: try sampleInput(Self.mov), settings: settings))
        #expect(shell.requests.isEmpty)
        #expect(edited.made.photoFormat == .heic)
        let result = edited.result(edited.made.result)
        #expect(result.muted && !result.keyPhotoChanged && !result.newIdentifier && !result.reencoded)
        #expect(result.trimmed != nil)
    }

    @Test("a new key photo is a frame the shell draws, carrying the old still's metadata; a new identifier is drawn once")
    func keyPhoto() throws {
        var settings = EditSettings()
        (settings.keyPhotoTime, settings.newIdentifier) = (0.5, true)
        let flow = EditFlow(still: try sampleInput(Self.heic), movie: try sampleInput(Self.mov), settings: settings)
        var shell = ScriptedShell { _ in .file(try sampleInput(Self.jpeg), reencoded: false) }
        let first = try shell.run(flow)
        var again = ScriptedShell { _ in .file(try sampleInput(Self.jpeg), reencoded: false) }
        let second = try again.run(flow)
        // The HEIC's key photo stays HEIC: the frame, tagged, is the shell's to encode.
        #expect(shell.requests.map(ScriptedShell.kind) == ["frame", "encodeHEIC"])
        #expect(first.made.result.identifier == second.made.result.identifier)
        #expect(first.result(first.made.result).keyPhotoChanged)
        #expect(first.made.photoFormat == .heic && first.made.result.photoSource == .videoFrame)
    }
}

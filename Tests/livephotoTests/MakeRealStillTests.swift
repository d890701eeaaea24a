import Foundation
import TestSupport
import Testing

/// `make` on the photos real cameras and phones write, as a new user runs it: another maker's MakerNote replaced by
/// default and said where the user looks, refused only when asked; a JPEG with stray bytes between its segments made
/// as decoders read it.
@Suite("make: real cameras' photos", .needsSamples)
struct MakeRealStillTests {
    func livephoto(_ arguments: [String]) async throws -> ToolResult {
        try await LivePhotoCLI.run(arguments)
    }

    static let stills = [
        ("camera_nikon-d1x_mei.jpg", "NIKON CORPORATION"), ("camera_sony-dsc-hx5v_mei.jpg", "SONY"),
        ("phone_samsung-gt-i9000_mei.jpg", "SAMSUNG"),
    ]

    static func digest(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test("each is made without a flag: the text and --json name the maker, verify passes, the pixels and the input stay")
    func madeByDefault() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec())
        for (name, make) in Self.stills {
            let photo = ProjectPaths.sample(name)
            let before = try Self.digest(photo)
            let stem = String(name.prefix { $0 != "." })
            let text = try await livephoto(["make", photo, clip, "--out", ws.file("text"), "--name", stem])
            #expect(text.status == 0, "\(name): \(text.stderr)")
            #expect(
                text.stdout.contains(
                    "note    the photo's MakerNote from \(make) was replaced by Apple's, where Photos reads the identifier"),
                "\(text.stdout)")
            let json = try await livephoto(["make", photo, clip, "--out", ws.file("json"), "--name", stem, "--json"])
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect((report["notes"] as? [String])?.contains { $0.hasPrefix("the photo's MakerNote from \(make) was replaced") } == true)
            let still = ws.file("text/\(stem).JPG"), movie = ws.file("text/\(stem).MOV")
            let verify = try await livephoto(["verify", still, movie])
            #expect(verify.status == 0, "\(name): \(verify.stdout)")
            let identifier = try await Readers.exiftoolStillIdentifier(ws.file("json/\(stem).JPG"))
            #expect(identifier != nil && identifier == report["identifier"] as? String, "exiftool reads the identifier")
            #expect(try await Readers.pixelDigest(still) == Readers.pixelDigest(photo))
            #expect(try Self.digest(photo) == before, "the input keeps its own MakerNote")
        }
    }

    @Test("--refuse-foreign-maker-note refuses each with exit 2, naming the maker and the way through, writing nothing")
    func refusedWhenAsked() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec())
        for (name, make) in Self.stills {
            let run = try await livephoto(["make", ProjectPaths.sample(name), clip, "--out", ws.file("out"), "--refuse-foreign-maker-note"])
            #expect(run.status == 2)
            #expect(
                run.stderr.contains(
                    "the photo has a MakerNote from \(make), not Apple's; without --refuse-foreign-maker-note it is replaced by Apple's"),
                "\(run.stderr)")
            let written = FileManager.default.fileExists(atPath: ws.file("out")) ? try ws.contents("out") : []
            #expect(written.isEmpty)
        }
    }

    @Test("stray bytes after a segment whose length is short: made, a note, and ffmpeg decodes the still as the input")
    func strayBytes() async throws {
        let ws = try Workspace()
        var bytes = [UInt8](try Self.digest(ProjectPaths.sample("camera_sony-dsc-hx5v_mei.jpg")))
        // After SOI's first segment, "?>" and a newline: what an XMP segment one line too short leaves behind.
        let first = 2 + 2 + (Int(bytes[4]) << 8 | Int(bytes[5]))
        bytes.insert(contentsOf: Array("?>\n".utf8), at: first)
        let photo = try ws.write(bytes, to: "stray.jpg")
        let clip = try await ClipStore.shared.path(ClipSpec())
        let run = try await livephoto(["make", photo, clip, "--out", ws.file("out"), "--name", "IMG"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("stray bytes between its segments (from byte \(first)), which decoders skip; kept as they are"))
        #expect(try await Readers.pixelDigest(ws.file("out/IMG.JPG")) == Readers.pixelDigest(photo))
        // Broken on purpose: no SOI is still refused in words.
        let noSOI = try ws.write(Array(bytes.dropFirst(2)), to: "nosoi.jpg")
        let refused = try await livephoto(["make", noSOI, clip, "--out", ws.file("none")])
        #expect(refused.status == 2 && refused.stderr.contains("no SOI marker"), "\(refused.stderr)")
    }
}

import Foundation
import LivePhotoKit
import TestSupport
import Testing

@Suite("make: outputs, bundles and overwriting")
struct PackagingTests {
    /// Python's zipfile, an independent reader, on `zip`: each member's name, method, compressed and full size, in
    /// the archive's order, once every member has been read back against its CRC-32 (`testzip`).
    static func pythonListing(_ zip: String) async throws -> [[String]] {
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                bad = z.testzip()
                if bad is not None: sys.exit('a damaged member: ' + bad)
                for i in z.infolist(): print('\\t'.join(map(str, [i.filename, i.compress_type, i.compress_size, i.file_size])))
            """
        return try await Tool.run(Readers.python, ["-c", script, zip]).stdout.split(separator: "\n").map {
            $0.split(separator: "\t").map(String.init)
        }
    }

    @Test("--pvt writes a bundle folder with the still, the movie and metadata.plist")
    func bundle() async throws {
        let clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        let photo = try await ClipStore.shared.jpeg()
        let ws = try Workspace()
        let result = try await LivePhotoMaker.make(
            photo: photo, video: clip, options: MakeOptions(outputDirectory: ws.path, name: "IMG_0001", packaging: .bundle))
        #expect(result.bundle == ws.file("IMG_0001.pvt"))
        #expect(try ws.contents() == ["IMG_0001.pvt"])
        #expect(try ws.contents("IMG_0001.pvt") == ["IMG_0001.JPG", "IMG_0001.MOV", "metadata.plist"])
        let plist = try String(contentsOfFile: ws.file("IMG_0001.pvt/metadata.plist"), encoding: .utf8)
        let parsed = try PropertyListSerialization.propertyList(from: Data(plist.utf8), format: nil) as? [String: String]
        #expect(parsed == ["PFVideoComplementMetadataVersionKey": "1"])
        let verified = await LivePhotoVerifier.verify(
            photo: ws.file("IMG_0001.pvt/IMG_0001.JPG"), movie: ws.file("IMG_0001.pvt/IMG_0001.MOV"))
        #expect(verified.passed)
    }

    @Test("--pvt-zip writes the bundle zipped, media stored uncompressed")
    func zipped() async throws {
        let clip = try await ClipStore.shared.path(ClipSpec())
        let photo = try await ClipStore.shared.jpeg()
        let ws = try Workspace()
        let id = ContentIdentifier()
        let result = try await LivePhotoMaker.make(
            photo: photo, video: clip, options: MakeOptions(outputDirectory: ws.path, name: "LP", identifier: id, packaging: .zippedBundle))
        #expect(result.bundle == ws.file("LP.pvt.zip"))
        #expect(try ws.contents() == ["LP.pvt.zip"])
        let listing = try await Self.pythonListing(ws.file("LP.pvt.zip"))
        #expect(listing.map { $0[0] } == ["LP.pvt/", "LP.pvt/LP.JPG", "LP.pvt/LP.MOV", "LP.pvt/metadata.plist"])
        // The media stored (method 0), the property list deflated (method 8).
        #expect(listing.map { $0[1] } == ["0", "0", "0", "8"])
        // Unzipped with an independent tool, the pair verifies and exiftool reads the identifier.
        try await Tool.run("python3", ["-m", "zipfile", "-e", ws.file("LP.pvt.zip"), ws.file("unzipped")])
        #expect(try await Readers.exiftoolMovieIdentifier(ws.file("unzipped/LP.pvt/LP.MOV")) == id.rawValue)
        #expect(try await Readers.exiftoolStillIdentifier(ws.file("unzipped/LP.pvt/LP.JPG")) == id.rawValue)
        #expect(try await Readers.framemd5(ws.file("unzipped/LP.pvt/LP.MOV")) == Readers.framemd5(clip))
    }

    @Test("the pair and its .pvt.zip from one make (the web app's offer): the zip holds the pair's very bytes")
    func pairAndZip() async throws {
        let clip = try await ClipStore.shared.path(ClipSpec())
        let photo = try await ClipStore.shared.jpeg()
        let ws = try Workspace()
        var options = MakeOptions(outputDirectory: ws.path, name: "LP")
        options.zipsPairToo = true
        let result = try await LivePhotoMaker.make(photo: photo, video: clip, options: options)
        #expect(result.photo == ws.file("LP.JPG") && result.movie == ws.file("LP.MOV") && result.bundle == ws.file("LP.pvt.zip"))
        #expect(try ws.contents() == ["LP.JPG", "LP.MOV", "LP.pvt.zip"])
        try await Tool.run("python3", ["-m", "zipfile", "-e", ws.file("LP.pvt.zip"), ws.file("unzipped")])
        for name in ["LP.JPG", "LP.MOV"] {
            #expect(FileManager.default.contentsEqual(atPath: ws.file(name), andPath: ws.file("unzipped/LP.pvt/\(name)")), "\(name)")
        }
        let plist = try String(contentsOfFile: ws.file("unzipped/LP.pvt/metadata.plist"), encoding: .utf8)
        #expect(plist.contains("PFVideoComplementMetadataVersionKey"))
        let media = try await Self.pythonListing(ws.file("LP.pvt.zip")).filter { $0[0].hasSuffix(".JPG") || $0[0].hasSuffix(".MOV") }
        #expect(media.count == 2 && media.allSatisfy { $0[1] == "0" && $0[2] == $0[3] })
    }

    @Test("an existing output is kept unless force is given", arguments: Packaging.allCases)
    func noOverwrite(_ packaging: Packaging) async throws {
        let clip = try await ClipStore.shared.path(ClipSpec())
        let photo = try await ClipStore.shared.jpeg()
        let ws = try Workspace()
        let options = MakeOptions(outputDirectory: ws.path, name: "LP", packaging: packaging)
        let first = try await LivePhotoMaker.make(photo: photo, video: clip, options: options)
        let written = try #require(first.movie ?? first.bundle)
        let listing = try ws.contents()
        await #expect {
            _ = try await LivePhotoMaker.make(photo: photo, video: clip, options: options)
        } throws: { error in
            guard case .outputExists = error as? LivePhotoError else { return false }
            return true
        }
        #expect(try ws.contents() == listing)
        var forced = options
        forced.force = true
        let second = try await LivePhotoMaker.make(photo: photo, video: clip, options: forced)
        #expect(second.identifier != first.identifier)
        #expect(try ws.contents() == listing)
        #expect(FileManager.default.fileExists(atPath: written))
    }

    @Test("an output that would replace an input is refused, even with force")
    func neverReplaceInput() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec())
        let photo = try await ClipStore.shared.jpeg()
        try FileManager.default.copyItem(atPath: clip, toPath: ws.file("IMG.MOV"))
        let digest = try await fileDigest(ws.file("IMG.MOV"))
        await #expect {
            _ = try await LivePhotoMaker.make(
                photo: photo, video: ws.file("IMG.MOV"), options: MakeOptions(outputDirectory: ws.path, force: true))
        } throws: { error in
            guard case .refused(let file?, _, .chooseAnotherOutput) = error as? LivePhotoError else { return false }
            return file == ws.file("IMG.MOV")
        }
        #expect(try await fileDigest(ws.file("IMG.MOV")) == digest)
        #expect(try ws.contents() == ["IMG.MOV"])
    }

    @Test("the output folder is created when missing")
    func createsFolder() async throws {
        let ws = try Workspace()
        let result = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: try await ClipStore.shared.path(ClipSpec()),
            options: MakeOptions(outputDirectory: ws.file("a/b"), name: "X"))
        #expect(result.photo == ws.file("a/b/X.JPG"))
        #expect(try ws.contents("a/b") == ["X.JPG", "X.MOV"])
    }
}

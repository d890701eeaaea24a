import LivePhotoCore
import MediaFormats
import TestSupport
import Testing

/// An export's sidecars as the engine takes them from a page (docs/guide/javascript.md#an-exports-sidecars): which
/// files are sidecars and tables, the time a file keeps once stamped (`importKept`), a file with its sidecar written
/// into it (`importStamp`), and a Motion Photo given its separate video back.
@Suite("the engine's import of an export with sidecars", .needsSamples)
struct EngineImportSidecarsTests {
    static let time: Int64 = 1_612_400_000

    static func run(_ operation: String, _ inputs: [RandomAccessFile], _ options: String) throws -> (JSONValue, [Engine.Output]) {
        switch Engine.run(operation, inputs: inputs, options: try JSONValue.parse(Array(options.utf8))) {
        case .done(let report, let files): return (report, files)
        case .failed(let message, _): throw EngineImportTests.Failure(message: message)
        case .needsFrame: throw EngineImportTests.Failure(message: "a frame was asked for")
        }
    }

    static func sample(_ name: String) throws -> RandomAccessFile {
        let file = try RandomAccessFile(path: ProjectPaths.sample(name))
        return try file.slice(at: 0, length: file.size)
    }

    static func named(_ file: RandomAccessFile, _ name: String) throws -> RandomAccessFile {
        RandomAccessFile(joining: [.file(file, offset: 0, length: file.size)], name: name)
    }

    @Test("read: the sidecars and tables are named, to be given with every later run; a later run without them is refused")
    func sidecarsNamed() throws {
        let members = """
            [[0, "Takeout/Google Photos/2021/IMG_1.JPG", 1000], [0, "Takeout/Google Photos/2021/IMG_1.JPG.supplemental-metadata.json", 80],
             [0, "Photos/Photo Details.csv", 90], [0, "Takeout/archive_browser.html", 10]]
            """
        let (read, _) = try Self.run("import", [], #"{"parts": ["takeout.zip"], "zipParts": [0], "members": \#(members)}"#)
        #expect(read["stage"]?.stringValue == "read")
        #expect(read["media"] == .array([.integer(0)]))
        #expect(read["sidecars"] == .array([.integer(1), .integer(2)]))
        #expect(throws: EngineImportTests.Failure.self) {
            try Self.run("import", [], #"{"parts": ["takeout.zip"], "zipParts": [0], "members": \#(members), "bytes": [[0, 0]]}"#)
        }
    }

    @Test("importKept: a JPEG keeps its own date, or its sidecar's where that is preferred; a file without a sidecar its own")
    func kept() throws {
        let jpeg = try Self.named(try Self.sample("camera_nikon-d1x_mei.jpg"), "a.jpg")
        let movie = try Self.named(try Self.sample("iphone_IMG_3853_gwy15.MOV"), "b.mov")
        let (report, _) = try Self.run(
            "importKept", [jpeg, jpeg, movie], #"{"sidecar": [\#(Self.time), \#(Self.time), null], "prefer": [true, false, false]}"#)
        let ownStill = try #require(ImportCaptureTime.own(try InputFile(opened: jpeg, path: "a.jpg")))
        let ownMovie = try #require(ImportStamp.modificationSeconds(of: try InputFile(opened: movie, path: "b.mov"), sidecar: nil))
        #expect(ownStill != Self.time)
        #expect(report["kept"] == .array([.integer(Self.time), .integer(ownStill), .integer(ownMovie)]))
    }

    @Test("importStamp: the sidecar's facts written into a JPEG over its own, as the command line writes them; the time it keeps")
    func stamp() throws {
        let jpeg = try Self.named(try Self.sample("camera_nikon-d1x_mei.jpg"), "a.jpg")
        let facts =
            #"{"captured": \#(Self.time), "place": [35.6586, 139.7454], "description": "Tokyo", "favorited": true, "people": ["Ann"]}"#
        let (report, files) = try Self.run("importStamp", [jpeg], #"{"facts": \#(facts), "preferJson": true}"#)
        #expect(report["wrote"] == .array(["date", "place", "description", "rating", "people"].map { .string($0) }))
        #expect(report["seconds"]?.integerValue == Self.time)
        let written = try InputFile(opened: try #require(files.first).content.asFile(named: "a.jpg"), path: "a.jpg")
        #expect(ImportCaptureTime.own(written) == Self.time)
        let expected = try ImportStamp.plan(
            try InputFile(opened: jpeg, path: "a.jpg"),
            facts: try #require(ImportStamp.Facts(json: try JSONValue.parse(Array(facts.utf8)))),
            prefersSidecar: true)
        #expect(try #require(files.first).content.size == expected.plan?.content.size)

        // Nothing to write: no file, the file's own time.
        let (again, none) = try Self.run("importStamp", [written.file], #"{"facts": \#(facts)}"#)
        #expect(again["wrote"] == .array([]) && none.isEmpty)
    }

    @Test("importStamp with embed: a Motion Photo whose video is gone gets its separate MP4 back; a QuickTime movie does not")
    func embed() async throws {
        let synthetic = try Self.sample("libmphoto_motion_photo_v1_synthetic.jpg")
        let gone = try synthetic.slice(at: 0, length: synthetic.size - 122_562 + 100)
        let video = try RandomAccessFile(path: try await ClipStore.shared.path(ClipSpec(container: .mp4, seconds: 2)))
        let (report, files) = try Self.run(
            "importStamp", [try Self.named(gone, "p.jpg"), try Self.named(video, "p.mp4")], #"{"facts": {}, "embed": true}"#)
        #expect(report["embedded"] == .bool(true))
        let output = try #require(files.first).content
        let expected = try #require(
            ImportVideoEmbedding.plan(photo: try InputFile(opened: gone, path: "p.jpg"), video: try InputFile(opened: video, path: "p.mp4"))
        )
        #expect(output.size == expected.size)
        let motion = try MotionPhotoFile(file: output.asFile(named: "p.jpg"))
        #expect(motion.video?.length == video.size)

        let movie = try Self.named(try Self.sample("iphone_IMG_3853_gwy15.MOV"), "p.mov")
        let (refused, none) = try Self.run("importStamp", [try Self.named(gone, "p.jpg"), movie], #"{"facts": {}, "embed": true}"#)
        #expect(refused["embedded"] == .bool(false) && none.isEmpty)
    }
}

import LivePhotoCore
import MediaFormats
import TestSupport
import Testing

/// An export's tar part as the engine lists it for a page (`tarWalk`): files in order with where their bytes start,
/// long names (pax, GNU) whole, names that lead out never read, folders and links passed over, a few entries a run,
/// and a tar cut short inside a file in the command line's words (docs/guide/javascript.md#an-exports-zips).
@Suite("the engine lists an export's tar parts")
struct EngineTarPartsTests {
    static let long = "Takeout/Google Photos/" + String(repeating: "An album whose name is long ", count: 5) + "/IMG_0001.JPG"

    /// A tar written by Python's tarfile (`format`: "PAX" or "GNU") into `ws` as `name`: a folder, three files (the second
    /// with a name past a ustar header's 100 bytes), a link, a name that leads out; file `i` holds `1000 * i + 3` bytes.
    static func tar(_ ws: Workspace, _ name: String, format: String) async throws -> String {
        try await Tool.run(
            Readers.python,
            [
                "-c",
                """
                import sys, tarfile, io
                with tarfile.open(sys.argv[1], 'w', format=getattr(tarfile, sys.argv[2] + '_FORMAT')) as t:
                    info = tarfile.TarInfo('Takeout'); info.type = tarfile.DIRTYPE; t.addfile(info)
                    for i, n in enumerate(['Takeout/a.jpg', sys.argv[3], 'Takeout/c.json']):
                        data = bytes((j * 7 + i) % 251 for j in range(1000 * i + 3))
                        info = tarfile.TarInfo(n); info.size = len(data); t.addfile(info, io.BytesIO(data))
                    info = tarfile.TarInfo('Takeout/link.jpg'); info.type = tarfile.SYMTYPE; info.linkname = 'a.jpg'; t.addfile(info)
                    info = tarfile.TarInfo('../up.jpg'); info.size = 2; t.addfile(info, io.BytesIO(b'xy'))
                """, ws.file(name), format, long,
            ])
        return ws.file(name)
    }

    static func walk(_ file: RandomAccessFile, _ options: String) throws -> JSONValue {
        try EngineZipPartsTests.run("tarWalk", [file], options)
    }

    @Test(
        "tarWalk: files in order with their bytes' start, long names whole, folders and links passed over, unsafe apart",
        arguments: ["PAX", "GNU"])
    func files(format: String) async throws {
        let ws = try Workspace()
        let file = try RandomAccessFile(path: try await Self.tar(ws, "part.tar", format: format))
        let report = try Self.walk(file, "{}")
        let files = try #require(report["files"]?.arrayValue)
        #expect(files.compactMap { $0["path"]?.stringValue } == ["Takeout/a.jpg", Self.long, "Takeout/c.json"])
        #expect(files.compactMap { $0["size"]?.integerValue } == [3, 1003, 2003])
        for (index, found) in files.enumerated() {
            let start = try #require(found["start"]?.integerValue)
            #expect(try file.read(at: start, count: 1000 * index + 3) == (0..<(1000 * index + 3)).map { UInt8(($0 * 7 + index) % 251) })
        }
        #expect(
            report["unsafe"]
                == .array([.array([.string("../up.jpg"), .string("unsafe member name: '../up.jpg' climbs out of its folder ('..')")])]))
        #expect(report["next"] == .null && report["stopped"] == .null)
    }

    @Test("tarWalk: a few entries a run, each going on where the last stopped, to the same files")
    func inRuns() async throws {
        let ws = try Workspace()
        let file = try RandomAccessFile(path: try await Self.tar(ws, "part.tar", format: "PAX"))
        var paths: [String] = []
        var from: Int64? = 0
        var runs = 0
        while let at = from, runs < 10 {
            let step = try Self.walk(file, #"{"from":\#(at),"count":2}"#)
            paths += step["files"]?.arrayValue?.compactMap { $0["path"]?.stringValue } ?? []
            from = step["next"]?.integerValue
            runs += 1
        }
        #expect(paths == ["Takeout/a.jpg", Self.long, "Takeout/c.json"])
        // Six entries, two a run: the fourth run finds the end.
        #expect(runs == 4)
    }

    @Test("tarWalk: a tar cut inside a file lists it with the words its read fails with, and stops there")
    func cutShort() async throws {
        let ws = try Workspace()
        let whole = try RandomAccessFile(path: try await Self.tar(ws, "part.tar", format: "PAX"))
        let files = try #require(try Self.walk(whole, "{}")["files"]?.arrayValue)
        let cutAt = try #require(files[1]["start"]?.integerValue) + 500
        let cut = try whole.slice(at: 0, length: cutAt)
        let report = try Self.walk(cut, "{}")
        let listed = try #require(report["files"]?.arrayValue)
        #expect(listed.count == 2)
        #expect(listed[0]["problem"] == nil)
        let problem = try #require(listed[1]["problem"]?.stringValue)
        #expect(problem.hasPrefix("tar entry '\(Self.long)' is cut short: the archive ends before its 1003 bytes do"))
        #expect(report["stopped"]?.stringValue?.hasSuffix("; the files after that point were not read") == true)
        // What a tgz cut short inflated to: the end of its bytes in the command line's inflater's words.
        let inflated = try Self.walk(cut, #"{"inflatedCutShort":true}"#)
        #expect(inflated["files"]?.arrayValue?[1]["problem"]?.stringValue == GzipStreamEnd.cutShort(member: 1))
        let atAHeader = try Self.walk(
            try whole.slice(at: 0, length: try #require(files[1]["start"]?.integerValue) + 1024), #"{"inflatedCutShort":true}"#)
        #expect(atAHeader["stopped"]?.stringValue == GzipStreamEnd.cutShort(member: 1) + "; the files after that point were not read")
    }

    @Test("zipMembers tells a tar and a gzip stream from other files, as the command line tells a part's kind")
    func kinds() async throws {
        let ws = try Workspace()
        let tar = try RandomAccessFile(path: try await Self.tar(ws, "part.tar", format: "PAX"))
        #expect(try EngineZipPartsTests.run("zipMembers", [tar], "{}")["archive"] == .string("tar"))
        let gzip = RandomAccessFile(joining: [.bytes([0x1F, 0x8B, 8, 0] + [UInt8](repeating: 0, count: 20))], name: "t.tgz")
        #expect(try EngineZipPartsTests.run("zipMembers", [gzip], "{}")["archive"] == .string("gzip"))
        let plain = RandomAccessFile(joining: [.bytes(Array(repeating: 0x41, count: 3000))], name: "IMG.jpg")
        #expect(try EngineZipPartsTests.run("zipMembers", [plain], "{}")["archive"] == .null)
    }
}

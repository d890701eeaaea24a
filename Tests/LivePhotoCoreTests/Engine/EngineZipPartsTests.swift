import LivePhotoCore
import MediaFormats
import Testing

/// An export's zip part as the engine lists it for a page (`zipMembers`, `zipData`) and as `import` plans it: members in
/// the order of their data, names that lead out never read, a directory cut off said in words, members the page could
/// not read whole in the command line's words (docs/guide/javascript.md#an-exports-zips).
@Suite("the engine reads an export's zip parts")
struct EngineZipPartsTests {
    static let time: Int64 = 1_704_164_646

    /// A zip of `members` (`name`, `bytes`, stored or deflated), in order, in memory.
    static func zip(_ members: [(String, [UInt8], ZipEntry.Method)], name: String = "Camera.zip") throws -> RandomAccessFile {
        var writer = ZipWriter(output: ZipBuffer())
        for (path, bytes, method) in members {
            if path.hasSuffix("/") {
                try writer.addDirectory(path, modificationTime: time)
                continue
            }
            var given = false
            try writer.addFile(path, method: method, modificationTime: time, expectedSize: UInt64(bytes.count)) { _ in
                defer { given = true }
                return given ? [] : bytes
            }
        }
        return RandomAccessFile(joining: [.bytes(try writer.finish().bytes)], name: name)
    }

    static func run(_ operation: String, _ inputs: [RandomAccessFile], _ options: String) throws -> JSONValue {
        switch Engine.run(operation, inputs: inputs, options: try JSONValue.parse(Array(options.utf8))) {
        case .done(let report, _): return report
        case .failed(let message, _): throw EngineImportTests.Failure(message: message)
        case .needsFrame: throw EngineImportTests.Failure(message: "a frame was asked for")
        }
    }

    static let jpeg = Array(repeating: UInt8(0x41), count: 3000)

    @Test("zipMembers: files in the order of their data, folders left out, unsafe names apart, how each is read")
    func members() throws {
        let part = try Self.zip([
            ("DCIM/", [], .stored), ("DCIM/b.jpg", Self.jpeg, .deflated), ("DCIM/a.jpg", Array(Self.jpeg.prefix(10)), .stored),
            ("../up.jpg", Self.jpeg, .stored), ("/abs/x.txt", [1], .stored),
        ])
        let report = try Self.run("zipMembers", [part], "{}")
        let files = try #require(report["files"]?.arrayValue)
        #expect(files.compactMap { $0["path"]?.stringValue } == ["DCIM/b.jpg", "DCIM/a.jpg"])
        #expect(files.compactMap { $0["read"]?.stringValue } == ["deflated", "stored"])
        #expect(files.compactMap { $0["size"]?.integerValue } == [3000, 10])
        #expect(files[1]["crc"]?.integerValue == Int64(CRC32.of(Array(Self.jpeg.prefix(10)))))
        #expect(files[0]["entry"]?.arrayValue?.count == 7)
        #expect(
            report["unsafe"]
                == .array([
                    .array([.string("../up.jpg"), .string("unsafe member name: '../up.jpg' climbs out of its folder ('..')")]),
                    .array([.string("/abs/x.txt"), .string("unsafe member name: '/abs/x.txt' is an absolute path")]),
                ]))
    }

    @Test("zipMembers: a file that is no zip says so; a zip whose directory is cut off, in words naming the command line")
    func notAZip() throws {
        let plain = RandomAccessFile(joining: [.bytes(Self.jpeg)], name: "IMG.jpg")
        #expect(try Self.run("zipMembers", [plain], "{}")["zip"] == .bool(false))
        let whole = try Self.zip([("a.jpg", Self.jpeg, .stored)])
        let cut = try whole.slice(at: 0, length: whole.size - 30)
        let answer = try Self.run("zipMembers", [cut], "{}")
        #expect(answer["note"]?.stringValue?.hasPrefix("its central directory cannot be read (") == true)
        #expect(answer["note"]?.stringValue?.hasSuffix("; its files were read from the front") == true)
        #expect(answer["walk"] == .bool(true))
    }

    @Test("zipWalk: a part without its directory, from the front, a few headers a run; a member streamed without sizes stops it")
    func walk() throws {
        let whole = try Self.zip([
            ("DCIM/", [], .stored), ("DCIM/a.jpg", Self.jpeg, .stored), ("DCIM/b.jpg", Self.jpeg, .deflated),
            ("../c.jpg", [1, 2], .stored),
        ])
        let cut = try whole.slice(at: 0, length: whole.size - 30)
        let first = try Self.run("zipWalk", [cut], #"{"from":0,"count":2}"#)
        #expect(first["files"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["DCIM/a.jpg"])
        let next = try #require(first["next"]?.integerValue)
        let rest = try Self.run("zipWalk", [cut], #"{"from":\#(next)}"#)
        #expect(rest["files"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["DCIM/b.jpg"])
        #expect(rest["unsafe"]?.arrayValue?.count == 1)
        #expect(rest["next"] == .null && rest["stopped"] == .null)
        // Each as the directory gives it: where its data is, its CRC-32.
        let listed = try Self.run("zipMembers", [whole], "{}")["files"]
        #expect(rest["files"]?.arrayValue?.first?["entry"] == listed?.arrayValue?.last?["entry"])

        // A deflated member written as a stream (flag bit 3, zero sizes): only inflating it would find its end.
        var bytes = try whole.read(at: 0, count: Int(whole.size))
        let header = try #require(bytes.firstOccurrence(of: Array("DCIM/b.jpg".utf8))).lowerBound - 30
        bytes[header + 6] |= 8
        for field in 18..<26 { bytes[header + field] = 0 }
        let streamed = RandomAccessFile(joining: [.bytes(Array(bytes.prefix(Int(whole.size) - 30)))], name: "Camera.zip")
        let stopped = try Self.run("zipWalk", [streamed], "{}")
        #expect(stopped["files"]?.arrayValue?.count == 1)
        #expect(
            stopped["stopped"]?.stringValue?.hasSuffix(
                "'DCIM/b.jpg' is deflated with its size after its data: its end cannot be found without the directory or inflating it; the files after that point were not read"
            ) == true)
    }

    @Test("zipData: where each member's data lies, from its local header; a header not there, in words")
    func data() throws {
        let part = try Self.zip([("a.jpg", Array(Self.jpeg.prefix(10)), .stored), ("b.jpg", Self.jpeg, .deflated)])
        let entries = try #require(try Self.run("zipMembers", [part], "{}")["files"]?.arrayValue?.compactMap { $0["entry"] })
        var moved = try #require(entries[1].arrayValue)
        moved[6] = .integer(7)
        let ranges = try #require(
            try Self.run("zipData", [part], #"{"entries":[\#(entries[0].text),\#(JSONValue.array(moved).text)]}"#)["ranges"]?.arrayValue)
        // After the 30-byte header, the name and the writer's extended timestamp (9 bytes).
        #expect(ranges[0] == .array([.integer(44), .integer(10)]))
        #expect(try part.read(at: 44, count: 10) == Array(Self.jpeg.prefix(10)))
        #expect(ranges[1].stringValue?.contains("no local header for 'b.jpg'") == true)
    }

    @Test("import: a zip part's media in the order given, names' problems, unsafe members and the part's note reported")
    func importPlan() throws {
        let jpeg = #"{"kind":"still","format":"jpeg","captured":1706788800}"#
        let entry = #"["DCIM/b.jpg",8,false,1,5,5,0]"#
        let base = #"""
            "parts":["Camera.zip"],"zipParts":[0],"members":[[0,"DCIM/z.jpg",5],[0,"DCIM/a.jpg",6,"its name is not valid UTF-8; read as code page 437, as zip names without the UTF-8 flag are"],[0,"DCIM/b.jpg",5]],
            "unsafe":[[0,"../up.jpg","unsafe member name: '../up.jpg' climbs out of its folder ('..')"],[0,"../notes.txt","unsafe member name: '../notes.txt' climbs out of its folder ('..')"]],
            "partNotes":[[0,"a note"]],"failed":[[2,\#(entry),"checksum",null]]
            """#
        let read = try Self.run("import", [], "{\(base)}")
        #expect(read["media"] == .array([.integer(0), .integer(1), .integer(2)]))
        let answered = #"\#(base),"bytes":[[0,0],[1,1]],"facts":[[0,\#(jpeg)],[1,\#(jpeg)]],"existing":[["2024/02",[]]]"#
        let write = try Self.run("import", [], "{\(answered)}")
        #expect(write["jobs"]?.arrayValue?.count == 2)
        let done = #""done":[{"number":0,"written":[0]},{"number":1,"written":[1]}]"#
        let lines = try #require(try Self.run("import", [], "{\(answered),\(done)}")["lines"]?.arrayValue)
        #expect(lines.compactMap { $0["member"]?.stringValue }.prefix(4) == ["DCIM/z.jpg", "DCIM/a.jpg", "DCIM/b.jpg", "../up.jpg"])
        let failed = lines.filter { $0["outcome"]?.stringValue == "failed" }
        #expect(failed.count == 2)
        #expect(failed[0].text.contains("'DCIM/b.jpg' does not match its CRC-32 (the archive is damaged)"))
        #expect(failed[1].text.contains("climbs out of its folder"))
        #expect(
            lines.last?["problems"]
                == .array([
                    .string(
                        "Camera.zip: DCIM/a.jpg: its name is not valid UTF-8; read as code page 437, as zip names without the UTF-8 flag are"
                    ),
                    .string("Camera.zip: ../notes.txt: unsafe member name: '../notes.txt' climbs out of its folder ('..')"),
                    .string("Camera.zip: a note"),
                ]))
    }
}

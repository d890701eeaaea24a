import LivePhotoCore
import MediaFormats
import Testing

/// The engine's `import` on a camera folder, stage by stage, on facts given as the page gives them: what it asks
/// for, in what order, what it writes where, and the report. The same run against the command line, byte for byte,
/// is the Node suite's (Web/test/import.test.mjs).
@Suite("the engine's import, stage by stage")
struct EngineImportTests {
    static let members =
        #"[[0,"IMG_0001.AAE",10],[0,"sub/IMG_0003.JPG",5],[0,"IMG_0001.MOV",20],[0,"IMG_0001.HEIC",30],[0,"IMG_0002.JPG",5],[0,"a/b/IMG_0004.JPG",5]]"#
    static let still = #"{"kind":"still","format":"heic","identifier":"A","captured":1704110400}"#
    static let movie = #"{"kind":"movie","format":"quicktime","identifier":"A","stillImageTime":true,"captured":1704110400}"#
    static let jpeg = #"{"kind":"still","format":"jpeg","captured":1706788800}"#

    static func run(_ options: String) throws -> JSONValue {
        switch Engine.run("import", inputs: [], options: try JSONValue.parse(Array(options.utf8))) {
        case .done(let report, _): return report
        case .failed(let message, _): throw Failure(message: message)
        case .needsFrame: throw Failure(message: "a frame was asked for")
        }
    }

    struct Failure: Error { let message: String }

    static func request(_ more: String) -> String {
        #"{"parts":["DCIM"],"members":\#(members),"outputDirectory":"Library""# + (more.isEmpty ? "" : ",\(more)") + "}"
    }

    static let bytes = #""bytes":[[1,4],[2,2],[3,3],[4,4],[5,5]]"#
    static let facts = #""facts":[[3,\#(still)],[2,\#(movie)],[4,\#(jpeg)],[5,\#(jpeg)]]"#

    @Test("media are read in the folder's walk order (a folder's files, then its subfolders), other files left out")
    func readStage() throws {
        let report = try Self.run(Self.request(""))
        #expect(report["stage"]?.stringValue == "read")
        #expect(report["media"] == .array([.integer(3), .integer(2), .integer(4), .integer(5), .integer(1)]))
    }

    @Test("facts are asked for every first copy, then the names in the library's folders, then items are copied")
    func writeStage() throws {
        #expect(try Self.run(Self.request(Self.bytes))["files"] == .array([.integer(2), .integer(3), .integer(4), .integer(5)]))
        let existing = try Self.run(Self.request("\(Self.bytes),\(Self.facts)"))
        #expect(existing["stage"]?.stringValue == "existing")
        #expect(existing["folders"] == .array([.string("2024/01"), .string("2024/02")]))
        let write = try Self.run(Self.request(#"\#(Self.bytes),\#(Self.facts),"existing":[["2024/01",["IMG_0002.JPG"]],["2024/02",[]]]"#))
        #expect(write["stage"]?.stringValue == "write")
        let jobs = write["jobs"]?.arrayValue ?? []
        #expect(jobs.count == 3)
        #expect(
            jobs.first?["copies"]
                == .array([
                    .array([.integer(3), .string("2024/01/IMG_0001.HEIC"), .integer(1_704_110_400)]),
                    .array([.integer(2), .string("2024/01/IMG_0001.MOV"), .integer(1_704_110_400)]),
                ]))
        // A name already in the library's folder is not given again.
        let second = jobs.dropFirst().first
        #expect(second?["copies"] == .array([.array([.integer(4), .string("2024/02/IMG_0002.JPG"), .integer(1_706_788_800)])]))
        // The record's lines of an item: every member of its bytes, the duplicate in the subfolder too.
        #expect(second?["records"]?.arrayValue?.compactMap { $0.arrayValue?[1].stringValue } == ["IMG_0002.JPG", "sub/IMG_0003.JPG"])
    }

    @Test("the report: a pair, a duplicate, the .AAE accounted for, and the record of what was written")
    func reportStage() throws {
        let done = #""done":[{"number":0,"written":[3,2]},{"number":1,"written":[4]},{"number":2,"written":[5]}]"#
        let report = try Self.run(Self.request(#"\#(Self.bytes),\#(Self.facts),"existing":[["2024/01",[]],["2024/02",[]]],\#(done)"#))
        #expect(report["stage"]?.stringValue == "report")
        let lines = report["lines"]?.arrayValue ?? []
        #expect(lines.count == 7)
        #expect(
            lines.compactMap { $0["outcome"]?.stringValue } == [
                "paired-live-photo", "paired-live-photo", "written", "written", "duplicate",
            ])
        #expect(lines[4]["duplicateOf"]?.stringValue == "DCIM: IMG_0002.JPG")
        #expect(lines[5]["type"]?.stringValue == "non-media" && lines[5]["member"]?.stringValue == "IMG_0001.AAE")
        #expect(lines[6]["outcomes"]?["paired-live-photo"] == .integer(2) && lines[6]["outputDirectory"]?.stringValue == "Library")
        #expect(report["records"]?.arrayValue?.count == 5)
    }

    @Test("a folder the page could not read is a problem of the report, in the page's words")
    func unreadableFolder() throws {
        let done = #""done":[{"number":0,"written":[3,2]},{"number":1,"written":[4]},{"number":2,"written":[5]}]"#
        let report = try Self.run(
            Self.request(
                #"\#(Self.bytes),\#(Self.facts),"existing":[["2024/01",[]],["2024/02",[]]],\#(done),"unreadable":[[0,"Private","not allowed"]]"#
            ))
        #expect(
            report["lines"]?.arrayValue?.last?["problems"]
                == .array([.string("DCIM: Private: cannot be read (not allowed); the files in it were not imported")]))
    }

    @Test("a second run: members the record names are already written, and nothing is asked of them")
    func resumed() throws {
        let previous = #""previous":[["DCIM","IMG_0002.JPG",5,"2024/02/IMG_0002.JPG"]]"#
        let report = try Self.run(Self.request(previous))
        #expect(report["written"] == .array([.array([.integer(4), .string("2024/02/IMG_0002.JPG")])]))
    }

    @Test("a path out of the folder, --to and an unknown --albums are refused in words")
    func refusals() throws {
        #expect(throws: Failure.self) { try Self.run(#"{"parts":["T"],"members":[[0,"a/x.jpg",1]],"albums":"sideways"}"#) }
        #expect(throws: Failure.self) { try Self.run(#"{"parts":["T"],"members":[[0,"../x.jpg",1]]}"#) }
        #expect(throws: Failure.self) { try Self.run(#"{"parts":["T"],"members":[[0,"a/x.jpg",1]],"to":"android"}"#) }
    }
}

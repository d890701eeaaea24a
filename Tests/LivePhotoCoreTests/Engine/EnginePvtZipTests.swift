import Foundation
import LivePhotoCore
import MediaFormats
import TestSupport
import Testing

/// `make` with `pvtZip` in a browser: the bundle zipped with every member stored, its checksums left at the places
/// named for the page to fill in from the members' bytes (docs/formats/bundles.md#the-zip-a-browser-writes).
@Suite("the engine writes a .pvt.zip", .needsSamples)
struct EnginePvtZipTests {
    static let heic = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), mov = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")
    static let id = "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8"

    static func bytes(_ output: Engine.Output) throws -> [UInt8] { try output.content.read(0..<output.content.size) }

    @Test("the members are the pair's bytes, stored; with the checksums filled in, a zip reader takes it whole")
    func zipped() throws {
        let inputs = try [Self.heic, Self.mov].map { try RandomAccessFile(path: $0) }
        let dates: [Int64?] = [1_700_000_000_123, 1_700_000_100_999]
        let options = try JSONValue.parse(Array(#"{"id": "\#(Self.id)", "pvtZip": true}"#.utf8))
        guard case .done(let report, let files) = Engine.run("make", inputs: inputs, dates: dates, options: options) else {
            Issue.record("not made")
            return
        }
        #expect(report["bundle"]?.stringValue == "iphone_IMG_3853_gwy15.pvt.zip")
        #expect(report["packaging"]?.stringValue == "pvt-zip")
        #expect(
            files.map(\.name) == [
                "iphone_IMG_3853_gwy15.HEIC", "iphone_IMG_3853_gwy15.MOV", "metadata.plist", "iphone_IMG_3853_gwy15.pvt.zip",
            ])
        #expect(files.map(\.isPart) == [true, true, true, false])
        let pair = try #require(
            {
                if case .done(_, let pair) = Engine.run(
                    "make", inputs: inputs, dates: dates, options: try JSONValue.parse(Array(#"{"id": "\#(Self.id)"}"#.utf8)))
                {
                    return pair
                }
                return nil
            }())
        #expect(try Self.bytes(files[0]) == Self.bytes(pair[0]) && Self.bytes(files[1]) == Self.bytes(pair[1]))

        // The page's part: each member's CRC-32 at the places named, little-endian.
        var archiveBytes = try Self.bytes(files[3])
        #expect(files[3].checksums.map(\.of) == [0, 0, 1, 1, 2, 2])
        for (of, at) in files[3].checksums {
            var crc = CRC32()
            crc.update(try Self.bytes(files[of]))
            #expect(archiveBytes[Int(at)..<Int(at) + 4].allSatisfy { $0 == 0 }, "left zero for the page")
            for k in 0..<4 { archiveBytes[Int(at) + k] = UInt8(truncatingIfNeeded: crc.value >> (8 * k)) }
        }
        let archive = RandomAccessFile(joining: [.bytes(archiveBytes)], name: "iphone_IMG_3853_gwy15.pvt.zip")
        let members = try ZipDirectory.members(of: archive, maxCount: 10)
        #expect(
            members.map(\.name) == [
                "iphone_IMG_3853_gwy15.pvt/", "iphone_IMG_3853_gwy15.pvt/iphone_IMG_3853_gwy15.HEIC",
                "iphone_IMG_3853_gwy15.pvt/iphone_IMG_3853_gwy15.MOV", "iphone_IMG_3853_gwy15.pvt/metadata.plist",
            ])
        #expect(members.allSatisfy { $0.compression == .stored })
        #expect(members.map(\.modificationTime) == [1_700_000_000, 1_700_000_000, 1_700_000_100, 1_700_000_000])
        for (member, part) in zip(members.dropFirst(), files.prefix(3)) {
            let range = try ZipDirectory.dataRange(of: member, in: archive)
            let data = Array(archiveBytes[Int(range.lowerBound)..<Int(range.upperBound)])
            var crc = CRC32()
            crc.update(data)
            #expect(data == (try Self.bytes(part)) && crc.value == member.crc32, "\(member.name)")
        }
        #expect(try Self.bytes(files[2]) == PhotoBundleMetadata.bytes)
    }

    @Test("--pvt, a folder, is refused in a browser with the way through; --pvt-zip with another operation too")
    func refusals() throws {
        let inputs = try [Self.heic, Self.mov].map { try RandomAccessFile(path: $0) }
        let folder = Engine.run("make", inputs: inputs, options: try JSONValue.parse(Array(#"{"pvt": true}"#.utf8)))
        #expect(EngineTests.failure(folder)?.0.contains("in a browser, --pvt-zip is the bundle zipped") == true)
        let edit = Engine.run("edit", inputs: inputs, options: try JSONValue.parse(Array(#"{"mute": true, "pvtZip": true}"#.utf8)))
        #expect(EngineTests.failure(edit)?.1 == 64)
    }
}

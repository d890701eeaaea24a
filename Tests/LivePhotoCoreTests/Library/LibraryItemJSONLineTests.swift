import Foundation
import LivePhotoCore
import MediaFormats
import Testing

/// A scan's JSON lines, written straight into bytes, are the lines `JSONEncoder` writes (sorted keys, slashes as they
/// are), whatever the names hold; the engine's JSON of an item is the same value.
@Suite("scan's JSON lines")
struct LibraryItemJSONLineTests {
    static let names = [
        "/photos/IMG_0001.HEIC", "/a \"quoted\" name.jpg", "/back\\slash.mov", "/new\nline\tand\rreturns.jpg",
        "/bell\u{07}\u{1F}\u{08}\u{0C}.jpg", "/café/Zoë ✈︎ 写真 😀.heic", "/slashes//in/paths/",
    ]

    static let items: [LibraryItem] = [
        LibraryItem(kind: .other, files: [names[0]]),
        LibraryItem(
            kind: .livePhoto, files: [names[0], names[2]], identifier: "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8", pairedBy: .identifier,
            variants: [names[1], names[5]], root: "/photos"),
        LibraryItem(kind: .motionPhoto, files: [names[5]], flavor: .googleMotionPhoto, note: names[4], root: names[6]),
        LibraryItem(kind: .damaged, files: [names[3]], note: "the file ends inside\nits \"header\""),
        LibraryItem(kind: .orphanMovie, files: [names[4]], pairedBy: .vivoPairingID, family: .vivo),
    ]

    @Test("each item's line is JSONEncoder's, byte for byte, and reads back as the item")
    func sameAsJSONEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for item in Self.items {
            var line: [UInt8] = []
            item.appendJSONLine(to: &line)
            let expected = Array(try encoder.encode(item)) + [0x0A]
            #expect(String(decoding: line, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
            #expect(try JSONDecoder().decode(LibraryItem.self, from: Data(line)) == item)
        }
    }

    @Test("the engine's JSON of each item is the line's value, key for key")
    func engineJSON() throws {
        for item in Self.items {
            var line: [UInt8] = []
            item.appendJSONLine(to: &line)
            var written: [UInt8] = []
            item.json.write(into: &written)
            #expect(try JSONValue.parse(Array(line.dropLast())) == JSONValue.parse(written))
        }
    }
}

import Foundation
import LivePhotoCore
import Testing

/// `albums.json` as the core writes it for the command line and a browser alike: the bytes Foundation's pretty-printing
/// encoder gives the same list (docs/guide/takeout.md#albums).
@Suite("albums.json")
struct ImportPlanAlbumsTests {
    struct Album: Codable {
        var title: String
        var files: [String]
    }

    static func foundation(_ albums: [String: [String]]) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let sorted = albums.keys.sorted().map { Album(title: $0, files: Array(Set(albums[$0] ?? [])).sorted()) }
        return Array(try encoder.encode(sorted)) + [0x0A]
    }

    @Test(
        "the bytes of Foundation's encoder: no album, one, several, titles with quotes, slashes, control characters and accents",
        arguments: [
            [:],
            ["Holiday in Paris ✈︎": ["2023/07/IMG_0001.HEIC", "2023/07/IMG_0001.MOV", "2023/07/IMG_0001.HEIC"]],
            ["B \"quoted\" \\ back/slash": ["a.jpg"], "A\ttab\nline\u{1}": ["2020/01/x.jpg", "2019/12/y.jpg"], "Été à Zürich": ["é.jpg"]],
            ["Empty": []],
        ] as [[String: [String]]])
    func sameBytes(albums: [String: [String]]) throws {
        #expect(
            ImportPlan.albumsJSON(albums) == (try Self.foundation(albums)),
            "\(String(decoding: ImportPlan.albumsJSON(albums), as: UTF8.self))")
    }
}

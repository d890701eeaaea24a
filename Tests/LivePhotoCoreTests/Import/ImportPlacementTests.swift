import LivePhotoCore
import MediaFormats
import Testing

/// Where an imported file goes and under which name, decided on plain values (no folder is read): the same for the
/// command line and a browser.
@Suite("an import's placement")
struct ImportPlacementTests {
    @Test("folders by capture time, in UTC: YYYY/MM, YYYY or none; Undated without a time; Hidden/ before them")
    func folders() {
        let time: Int64 = 1_709_214_358  // 2024-02-29 13:45:58 UTC
        #expect(ImportPlacement(layout: .yearMonth).folder(for: time) == "2024/02")
        #expect(ImportPlacement(layout: .year).folder(for: time) == "2024")
        #expect(ImportPlacement(layout: .flat).folder(for: time).isEmpty)
        #expect(ImportPlacement(layout: .yearMonth).folder(for: nil) == "Undated")
        #expect(ImportPlacement(layout: .yearMonth).folder(for: time, hidden: true) == "Hidden/2024/02")
        #expect(ImportPlacement(layout: .flat).folder(for: nil, hidden: true) == "Hidden")
        // Before 1970 the day is floored, not rounded toward zero: one second before 1970 is 1969-12-31.
        #expect(ImportPlacement(layout: .yearMonth).folder(for: -1) == "1969/12")
        #expect(ImportPlacement(layout: .yearMonth).folder(for: -86_400 * 365 * 70) == "1900/01")
    }

    @Test("a stem given out once a folder, ignoring case, after the names already there: IMG_1, IMG_1-2, IMG_1-3")
    func stems() {
        var placement = ImportPlacement(layout: .yearMonth)
        var asked: [String] = []
        let existing: (String) -> [String] = { folder in
            asked.append(folder)
            return folder == "2024/02" ? ["img_1.JPG", "notes.txt"] : []
        }
        #expect(placement.reserveStem("IMG_1", in: "2024/02", existingNames: existing) == "IMG_1-2")
        #expect(placement.reserveStem("img_1", in: "2024/02", existingNames: existing) == "img_1-3")
        #expect(placement.reserveStem("IMG_1", in: "2024/03", existingNames: existing) == "IMG_1")
        #expect(asked == ["2024/02", "2024/03"], "each folder's names are asked for once")
    }

    @Test("names made safe and short: no slash or control character, no leading dot, at most 180 UTF-8 bytes at a character's end")
    func names() {
        #expect(ImportPlacement.safeName("..a/b\\c\u{7}d") == "abcd")
        let long = String(repeating: "é", count: 100)  // 200 bytes
        #expect(ImportPlacement.shortened(long).utf8.count == 180)
        #expect(ImportPlacement.stem(name: "IMG_1(2).JPG", title: nil) == "IMG_1")
        #expect(ImportPlacement.stem(name: "", title: nil) == "untitled")
    }

    @Test("the extension its bytes call for: its own when it fits, else the usual one in its case; Pixel's X.MP kept whole")
    func extensions() {
        #expect(ImportPlacement.fileExtension(name: "IMG_1.jpeg", format: .jpeg) == ("jpeg", false))
        #expect(ImportPlacement.fileExtension(name: "IMG_1.JPG", format: .heic) == ("HEIC", false))
        #expect(ImportPlacement.fileExtension(name: "PXL_1.MP", format: .mp4) == ("MP4", true))
        #expect(ImportPlacement.fileExtension(name: "PXL_1.mp", format: .mp4) == ("mp4", true))
    }
}

import LivePhotoCore
import Testing

/// Media files matched to their JSON sidecars by name, on the names real Takeout exports hold.
@Suite("Takeout sidecar matching")
struct ImportSidecarMatcherTests {
    typealias Matcher = ImportSidecarMatcher

    /// The sidecar each file gets when the folder holds exactly these names.
    func pairs(_ media: [String], _ sidecars: [String]) -> [String: String] {
        var pairs: [String: String] = [:]
        for match in Matcher.match(media: media, sidecars: sidecars).matches {
            if let sidecar = match.sidecar { pairs[match.media] = sidecar }
        }
        return pairs
    }

    @Test func shortNamesInBothForms() {
        #expect(pairs(["IMG_1234.HEIC"], ["IMG_1234.HEIC.json"]) == ["IMG_1234.HEIC": "IMG_1234.HEIC.json"])
        #expect(
            pairs(["IMG_1234.HEIC"], ["IMG_1234.HEIC.supplemental-metadata.json"])
                == ["IMG_1234.HEIC": "IMG_1234.HEIC.supplemental-metadata.json"])
    }

    @Test func theCutLeavesATrailingDot() {
        let media = "PXL_20230814_201154491.LONG_EXPOSURE-01.COVER.jpg"
        let sidecar = "PXL_20230814_201154491.LONG_EXPOSURE-01.COVER..json"
        let result = Matcher.match(media: [media], sidecars: [sidecar])
        #expect(result.sidecar(for: media) == sidecar)
        #expect(result.matches[0].rule == .ownName)
        #expect(result.unused.isEmpty)
    }

    @Test func theCutEatsTheSupplementalSuffix() {
        let media = "Summer_holiday_at_grandmas_house.jpg"
        #expect(
            pairs([media], ["Summer_holiday_at_grandmas_house.jpg.supplemen.json"]) == [
                media: "Summer_holiday_at_grandmas_house.jpg.supplemen.json"
            ])
    }

    @Test func theCutCanRemoveTheExtension() {
        let media = "Family_reunion_at_the_lake_house_summer_2019_day2.jpeg"
        #expect(media.utf16.count == 54)
        let sidecar = "Family_reunion_at_the_lake_house_summer_2019_d.json"
        #expect(pairs([media], [sidecar]) == [media: sidecar])
    }

    @Test func numberedCopiesCarryTheNumberAfterTheExtension() {
        let media = ["IMG_0042.HEIC", "IMG_0042(1).HEIC", "IMG_0042(2).HEIC"]
        let classic = ["IMG_0042.HEIC.json", "IMG_0042.HEIC(1).json", "IMG_0042.HEIC(2).json"]
        #expect(pairs(media, classic) == Dictionary(uniqueKeysWithValues: zip(media, classic)))
        let recent = [
            "IMG_0042.HEIC.supplemental-metadata.json", "IMG_0042.HEIC.supplemental-metadata(1).json",
            "IMG_0042.HEIC.supplemental-metadata(2).json",
        ]
        #expect(pairs(media, recent.reversed()) == Dictionary(uniqueKeysWithValues: zip(media, recent)))
    }

    @Test func aNumberedCopyOfALongNameIsCutBeforeTheNumber() {
        let media = "Summer_holiday_at_grandmas_house(3).jpg"
        let sidecar = "Summer_holiday_at_grandmas_house.jpg.supplemen(3).json"
        #expect(pairs([media, "Summer_holiday_at_grandmas_house.jpg"], [sidecar]) == [media: sidecar])
    }

    @Test func anUploadersOwnParenthesesAreKept() {
        #expect(pairs(["Scan(2).jpg"], ["Scan(2).jpg.json"]) == ["Scan(2).jpg": "Scan(2).jpg.json"])
    }

    @Test func aCutEndingOnTheNamesOwnParentheses() {
        let media = "Trip_to_the_mountains_with_the_families_(2019)_day_one.jpg"
        let sidecar = "Trip_to_the_mountains_with_the_families_(2019).json"
        #expect(sidecar.utf16.count - 5 == 46)
        #expect(pairs([media], [sidecar]) == [media: sidecar])
    }

    @Test func emojiAreCountedInUTF16Units() {
        // 52 units: 2 letters, 22 emoji (two units each), then `xy.jpg`; the sidecar keeps 46 units, 24 code points.
        let emoji = String(repeating: "🌅", count: 22)
        let media = "ab\(emoji)xy.jpg"
        #expect(media.utf16.count == 52)
        let sidecar = "ab\(emoji).json"
        #expect(sidecar.utf16.count - 5 == 46 && sidecar.unicodeScalars.count - 5 == 24)
        #expect(pairs([media], [sidecar]) == [media: sidecar])
    }

    @Test func theCutNeverSplitsASurrogatePair() {
        // 45 ASCII units then an emoji: unit 46 is the emoji's first half, so the stem keeps 45 units or 47.
        let head = String(repeating: "a", count: 45)
        let media = "\(head)🎉.jpg"
        #expect(pairs([media], ["\(head).json"]) == [media: "\(head).json"])
        #expect(pairs([media], ["\(head)🎉.json"]) == [media: "\(head)🎉.json"])
    }

    @Test func decomposedNamesMatchComposedSidecars() {
        // `é` is one unit composed and two decomposed: the cut must count the composed form, whichever form the disk has.
        let composed = "Cr\u{E8}me_br\u{FB}l\u{E9}e_au_caf\u{E9}_du_coin_de_la_rue_Mouffetard.jpg"
        let decomposed = "Cre\u{300}me_bru\u{302}le\u{301}e_au_cafe\u{301}_du_coin_de_la_rue_Mouffetard.jpg"
        #expect(composed.utf16.count == 53 && decomposed.utf16.count == 57)
        let sidecarComposed = "Cr\u{E8}me_br\u{FB}l\u{E9}e_au_caf\u{E9}_du_coin_de_la_rue_Mouffet.json"
        let sidecarDecomposed = "Cre\u{300}me_bru\u{302}le\u{301}e_au_cafe\u{301}_du_coin_de_la_rue_Mouffet.json"
        for media in [composed, decomposed] {
            for sidecar in [sidecarComposed, sidecarDecomposed] {
                let result = Matcher.match(media: [media], sidecars: [sidecar])
                #expect(result.matches[0].sidecar == sidecar)
            }
        }
    }

    @Test(arguments: [
        "-edited", "-modifié", "-bearbeitet", "-modificato", "-editado", "-editat", "-bewerkt", "-edytowane", "-編集済み",
        "-编辑",
    ])
    func editedCopiesUseTheOriginalsSidecar(suffix: String) {
        let original = "IMG_8416.JPG"
        let edited = "IMG_8416\(suffix).JPG"
        let result = Matcher.match(media: [original, edited], sidecars: ["IMG_8416.JPG.json"])
        #expect(result.sidecar(for: original) == "IMG_8416.JPG.json")
        #expect(result.sidecar(for: edited) == "IMG_8416.JPG.json")
        #expect(result.matches[1].rule == .editedCopy)
    }

    @Test func anEditedNumberedCopyUsesItsNumberedOriginals() {
        let media = ["IMG_5(1).jpg", "IMG_5(1)-edited.jpg", "IMG_5.jpg"]
        let result = Matcher.match(media: media, sidecars: ["IMG_5.jpg.json", "IMG_5.jpg(1).json"])
        #expect(result.sidecar(for: "IMG_5(1)-edited.jpg") == "IMG_5.jpg(1).json")
        #expect(result.sidecar(for: "IMG_5.jpg") == "IMG_5.jpg.json")
    }

    @Test func deviceCopiesHaveTheirOwn() {
        let media = ["PXL_20240601_101500123.jpg", "PXL_20240601_101500123~2.jpg"]
        let sidecars = ["PXL_20240601_101500123.jpg.json", "PXL_20240601_101500123~2.jpg.json"]
        #expect(pairs(media, sidecars) == Dictionary(uniqueKeysWithValues: zip(media, sidecars)))
        // Without its own, a `~2` copy takes none rather than the original's.
        #expect(pairs(media, [sidecars[0]]) == [media[0]: sidecars[0]])
    }

    @Test func aSidecarWithoutTheExtension() {
        let result = Matcher.match(media: ["4711002.jpg"], sidecars: ["4711002.supplemental-metadata.json"])
        #expect(result.matches[0].sidecar == "4711002.supplemental-metadata.json")
        #expect(result.matches[0].rule == .withoutExtension)
    }

    @Test func aSidecarWithoutTheExtensionFittingTwoFilesGoesToNeither() {
        let result = Matcher.match(media: ["4711002.jpg", "4711002.mp4"], sidecars: ["4711002.json"])
        #expect(result.matches.allSatisfy { $0.sidecar == nil })
        #expect(result.unused == ["4711002.json"])
    }

    @Test func anExactNameWinsOverOneWithoutTheExtension() {
        let result = Matcher.match(media: ["Notes", "Notes.jpg"], sidecars: ["Notes.json", "Notes.jpg.json"])
        #expect(result.sidecar(for: "Notes") == "Notes.json")
        #expect(result.sidecar(for: "Notes.jpg") == "Notes.jpg.json")
    }

    @Test func aPixelVideoUsesItsStillsSidecar() {
        let media = ["PXL_20230101_120000000.MP.jpg", "PXL_20230101_120000000.MP"]
        let result = Matcher.match(media: media, sidecars: ["PXL_20230101_120000000.MP.jpg.json"])
        #expect(result.sidecar(for: media[1]) == "PXL_20230101_120000000.MP.jpg.json")
        #expect(result.matches[1].rule == .motionPhotoStill)
        // Its own, when it has one.
        let own = Matcher.match(
            media: media, sidecars: ["PXL_20230101_120000000.MP.jpg.json", "PXL_20230101_120000000.MP.json"])
        #expect(own.sidecar(for: media[1]) == "PXL_20230101_120000000.MP.json")
    }

    @Test func unusedSidecarsAreReported() {
        let result = Matcher.match(
            media: ["IMG_1.jpg"], sidecars: ["IMG_1.jpg.json", "IMG_9.jpg.json", "métadonnées.json"])
        #expect(result.unused == ["IMG_9.jpg.json", "métadonnées.json"])
    }

    @Test func twoFilesCutToOneNameGetNeither() {
        // Both names share their first 46 units, so both would take the one sidecar: which one it was is unknowable.
        let first = "Summer_holiday_at_grandmas_house_with_the_cousins_A.jpg"
        let second = "Summer_holiday_at_grandmas_house_with_the_cousins_B.jpg"
        let sidecar = "Summer_holiday_at_grandmas_house_with_the_cous.json"
        let result = Matcher.match(media: [first, second], sidecars: [sidecar])
        #expect(result.matches.allSatisfy { $0.sidecar == nil && $0.ambiguous == [sidecar] })
        #expect(result.unused == [sidecar])
    }

    @Test func bothFormsForOneFileIsAmbiguous() {
        let sidecars = ["IMG_7.jpg.json", "IMG_7.jpg.supplemental-metadata.json"]
        let result = Matcher.match(media: ["IMG_7.jpg"], sidecars: sidecars)
        #expect(result.matches[0].sidecar == nil)
        #expect(result.matches[0].ambiguous == sidecars)
        #expect(result.unused == sidecars)
    }

    @Test func aNumberedCopyWithoutASidecarTakesNoneRatherThanTheOriginals() {
        let media = ["original_6f1c2a9e-4b7d-4e1a-9c3b-2d8e5f7a1b0c_P.jpg", "original_6f1c2a9e-4b7d-4e1a-9c3b-2d8e5f7a1b0c_P(1).jpg"]
        let sidecar = "original_6f1c2a9e-4b7d-4e1a-9c3b-2d8e5f7a1b0c_.json"
        let result = Matcher.match(media: media, sidecars: [sidecar])
        #expect(result.sidecar(for: media[0]) == sidecar)
        #expect(result.sidecar(for: media[1]) == nil)
    }

    @Test func aLivePhotosMovieDoesNotTakeItsStillsSidecar() {
        // The movie's own name decides; pairing the halves is the content identifier's job, not the names'.
        let result = Matcher.match(media: ["IMG_3001.HEIC", "IMG_3001.MOV"], sidecars: ["IMG_3001.HEIC.json"])
        #expect(result.sidecar(for: "IMG_3001.HEIC") == "IMG_3001.HEIC.json")
        #expect(result.sidecar(for: "IMG_3001.MOV") == nil)
    }

    @Test func emptyStems() {
        let result = Matcher.match(media: [".jpg", "(1).jpg"], sidecars: [".jpg.json", ".jpg(1).json"])
        #expect(result.sidecar(for: ".jpg") == ".jpg.json")
        #expect(result.sidecar(for: "(1).jpg") == ".jpg(1).json")
    }
}

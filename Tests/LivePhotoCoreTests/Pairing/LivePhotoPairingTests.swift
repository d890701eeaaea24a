import LivePhotoCore
import Testing

/// The pairing scan, import and repair share, on plain values: no file is read.
@Suite("pairing a Live Photo's halves")
struct LivePhotoPairingTests {
    static func still(
        _ name: String, in folder: String = "lib", id: String? = nil, pairingID: String? = nil, at seconds: Int64? = nil
    ) -> PairingHalf {
        PairingHalf(side: .still, folder: folder, name: name, identifier: id, vivoPairingID: pairingID, captureSeconds: seconds)
    }

    static func movie(
        _ name: String, in folder: String = "lib", id: String? = nil, stillImageTime: Bool = false, pairingID: String? = nil,
        at seconds: Int64? = nil
    ) -> PairingHalf {
        PairingHalf(
            side: .movie, folder: folder, name: name, identifier: id, hasStillImageTime: stillImageTime, vivoPairingID: pairingID,
            captureSeconds: seconds)
    }

    @Test(
        "the name key: extension, copy number (with Windows' space), icloudpd's _HEVC and case folded away; the folder kept",
        arguments: [
            ("IMG_0001.HEIC", "IMG_0001.MOV"), ("IMG_0001(1).JPG", "IMG_0001.MOV"), ("IMG_0001 (2).jpg", "img_0001.mp4"),
            ("IMG_0001.HEIC", "IMG_0001_HEVC.MOV"), ("IMG_0001-medium.HEIC", "IMG_0001_HEVC-medium.MOV"), ("Été.JPG", "été.mov"),
            ("IMG_0001(12).JPG", "IMG_0001.MOV"),
        ])
    func sameKey(still: String, movie: String) {
        #expect(PairingKey(folder: "a", fileName: still) == PairingKey(folder: "a", fileName: movie))
    }

    @Test(
        "names that are not one Live Photo's keep different keys",
        arguments: [
            ("IMG_0001.JPG", "IMG_0002.MOV"), ("IMG_0001(a).JPG", "IMG_0001.MOV"), ("IMG_0001_HEVCX.MOV", "IMG_0001.JPG"),
            ("IMG_E0001.JPG", "IMG_0001.MOV"), ("IMG_0001-edited.jpg", "IMG_0001.MOV"),
        ])
    func differentKeys(a: String, b: String) {
        #expect(PairingKey(folder: "a", fileName: a) != PairingKey(folder: "a", fileName: b))
    }

    @Test("the key of a path: its folder and name; a bare name's folder is `.`; as one text `folder/name`")
    func keyOfPath() {
        #expect(PairingKey(path: "/lib/2024/IMG_1(1).JPG") == PairingKey(folder: "/lib/2024", fileName: "IMG_1.mov"))
        #expect(PairingKey(path: "/lib/2024/IMG_1.JPG") != PairingKey(path: "/lib/2025/IMG_1.MOV"))
        #expect(PairingKey(path: "IMG_1.JPG").text == "./img_1")
        #expect(PairingKey(path: "/x/.hidden").text == "/x/.hidden")
    }

    @Test("one identifier on one still and one movie, whatever their names and folders: one Live Photo")
    func identifierPair() {
        let halves = [Self.still("IMG_0002.JPG", in: "a", id: "X"), Self.movie("IMG_0002(1).MP4", in: "b", id: "X")]
        #expect(LivePhotoPairing.byIdentifier(halves) == .livePhoto(still: 0, movie: 1, variants: []))
    }

    @Test("an identifier without both halves pairs nothing: each goes on to pairing by name")
    func identifierAlone() {
        #expect(LivePhotoPairing.byIdentifier([Self.still("A.JPG", id: "X"), Self.still("B.JPG", id: "X")]) == nil)
        #expect(LivePhotoPairing.byIdentifier([Self.movie("A.MOV", id: "X")]) == nil)
    }

    @Test("edited copies beside the originals, Apple's IMG_E and Google's -edited, are the Live Photo's variants")
    func editedVariants() {
        let apple = [
            Self.still("IMG_E0003.JPG", id: "X"), Self.still("IMG_0003.JPG", id: "X"), Self.movie("IMG_0003.MOV", id: "X"),
            Self.movie("IMG_E0003.MOV", id: "X"),
        ]
        #expect(LivePhotoPairing.byIdentifier(apple) == .livePhoto(still: 1, movie: 2, variants: [0, 3]))
        // Another folder's movie: the name cannot tell, the edited copy's name does.
        let google = [
            Self.still("IMG_1.HEIC", id: "X"), Self.still("IMG_1-edited.jpg", id: "X"), Self.movie("IMG_1.MOV", in: "other", id: "X"),
        ]
        #expect(LivePhotoPairing.byIdentifier(google) == .livePhoto(still: 0, movie: 2, variants: [1]))
        #expect(LivePhotoPairing.isEditedVersion("IMG_E1234.HEIC", of: "IMG_1234.JPG"))
        #expect(LivePhotoPairing.isEditedVersion("img_e1234.jpg", of: "IMG_1234.JPG"))
        #expect(LivePhotoPairing.isEditedVersion("IMG_8416-modifié.JPG", of: "IMG_8416.JPG"))
        #expect(!LivePhotoPairing.isEditedVersion("IMG_1234.JPG", of: "IMG_E1234.JPG"))
        #expect(!LivePhotoPairing.isEditedVersion("IMGE1234.JPG", of: "IMG1234.JPG"))
    }

    @Test("several originals: the still and movie of one name pair (one folder first), the others are variants; else a conflict")
    func severalOriginals() {
        let copied = [
            Self.still("IMG_0006.JPG", in: "2024", id: "X"), Self.still("IMG_0006.JPG", in: "album", id: "X"),
            Self.movie("IMG_0006.MOV", in: "2024", id: "X"),
        ]
        #expect(LivePhotoPairing.byIdentifier(copied) == .livePhoto(still: 0, movie: 2, variants: [1]))
        // No name key in common: one name in two folders.
        let apart = [
            Self.still("IMG_0006.JPG", in: "album", id: "X"), Self.still("IMG_9999.JPG", in: "dup", id: "X"),
            Self.movie("IMG_0006(1).MOV", in: "2024", id: "X"),
        ]
        #expect(LivePhotoPairing.byIdentifier(apart) == .livePhoto(still: 0, movie: 2, variants: [1]))
        let unrelated = [
            Self.still("IMG_0006.JPG", id: "X"), Self.still("IMG_9999.JPG", id: "X"), Self.movie("IMG_0007.MOV", id: "X"),
        ]
        #expect(LivePhotoPairing.byIdentifier(unrelated) == .conflict(stills: 2, movies: 1))
        let twoPairs = [
            Self.still("A.JPG", id: "X"), Self.movie("A.MOV", id: "X"), Self.still("B.JPG", id: "X"), Self.movie("B.MOV", id: "X"),
        ]
        #expect(LivePhotoPairing.byIdentifier(twoPairs) == .conflict(stills: 2, movies: 2))
    }

    @Test("by name: one identifier, or a still-image-time track, pairs a still and a movie, saying which lacks it")
    func byName() {
        #expect(
            LivePhotoPairing.byName(still: Self.still("N.JPG", id: "X"), movie: Self.movie("N.MOV"))
                == .livePhoto(identifier: "X", lacking: .movie, timesCompared: false))
        #expect(
            LivePhotoPairing.byName(still: Self.still("N.JPG"), movie: Self.movie("N.MOV", id: "Y"))
                == .livePhoto(identifier: "Y", lacking: .still, timesCompared: false))
        #expect(
            LivePhotoPairing.byName(still: Self.still("N.JPG"), movie: Self.movie("N.MOV", stillImageTime: true))
                == .livePhoto(identifier: nil, lacking: .both, timesCompared: false))
        #expect(LivePhotoPairing.byName(still: Self.still("N.JPG"), movie: Self.movie("N.MOV")) == .apart)
        #expect(LivePhotoPairing.Lacking.both.phrase == "neither carries")
    }

    @Test("by name: two identifiers or two vivo pairing ids are a conflict; one vivo pairing id is apart; two alike a vivo pair")
    func byNameConflicts() {
        #expect(
            LivePhotoPairing.byName(still: Self.still("S.JPG", id: "A"), movie: Self.movie("S.MOV", id: "B"))
                == .conflict(reason: "one name with two identifiers, A and B"))
        #expect(
            LivePhotoPairing.byName(still: Self.still("V.jpg", id: "A", pairingID: "7"), movie: Self.movie("V.mp4", pairingID: "7"))
                == .vivoPair(pairingID: "7"))
        #expect(
            LivePhotoPairing.byName(still: Self.still("V.jpg", pairingID: "7"), movie: Self.movie("V.mp4", pairingID: "8"))
                == .conflict(reason: "one name with two vivo pairing ids, 7 and 8"))
        #expect(
            LivePhotoPairing.byName(still: Self.still("V.jpg", pairingID: "7"), movie: Self.movie("V.mp4", id: "A")) == .apart)
    }

    @Test("by name: capture times, when both are known, must agree within 2 s")
    func byNameTimes() {
        let movie = Self.movie("N.MOV", stillImageTime: true, at: 1_700_000_002)
        #expect(
            LivePhotoPairing.byName(still: Self.still("N.JPG", at: 1_700_000_000), movie: movie)
                == .livePhoto(identifier: nil, lacking: .both, timesCompared: true))
        #expect(LivePhotoPairing.byName(still: Self.still("N.JPG", at: 1_699_999_997), movie: movie) == .apart)
        #expect(LivePhotoPairing.byName(still: Self.still("N.JPG", id: "X", at: 1_700_000_060), movie: movie) == .apart)
        #expect(
            LivePhotoPairing.byName(still: Self.still("N.JPG"), movie: movie)
                == .livePhoto(identifier: nil, lacking: .both, timesCompared: false))
    }

    @Test("one moment: within the tolerance; a clock without zone also a time zone's offset away, up to 14 hours")
    func capturesAgree() {
        #expect(LivePhotoPairing.captureTolerance == 2)
        #expect(LivePhotoPairing.capturesAgree(100, 102) && LivePhotoPairing.capturesAgree(102, 100))
        #expect(!LivePhotoPairing.capturesAgree(100, 103))
        #expect(!LivePhotoPairing.capturesAgree(0, 3600))
        #expect(LivePhotoPairing.capturesAgree(0, 3600 + 1, zoneUnknown: true))
        #expect(LivePhotoPairing.capturesAgree(0, 5 * 3600 + 1800, zoneUnknown: true))
        #expect(!LivePhotoPairing.capturesAgree(0, 3600 + 60, zoneUnknown: true))
        #expect(!LivePhotoPairing.capturesAgree(0, 15 * 3600, zoneUnknown: true))
    }
}

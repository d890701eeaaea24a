import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport

/// The Takeout most takeout tests read: two iPhone Live Photos numbered crosswise, a Pixel Motion Photo with its
/// video and its separate `.MP`, one whose video is gone, a cut sidecar name, duplicates across albums and parts, a
/// HEIC named `.jpg`, a trashed photo, a still and a short video that may be one Motion Photo, a member with `..`, a
/// part with a damaged member and a part cut short.
struct TakeoutScenario {
    static let photos = TakeoutFixture.root
    /// Capture times of the sidecars (UTC): 2023-07-22 04:26:40, an hour later, 2022-01-01 12:00, 2022-02-02 12:00.
    static let timeX = 1_690_000_000, timeY = 1_690_003_600, timeMotion = 1_641_038_400, timeGone = 1_643_803_200
    static let disguisedTime = 1_600_000_000
    static let album = "Holiday in Paris ✈︎"

    let ws: Workspace
    /// The good parts, and the damaged ones.
    let parts: [String]
    let damagedParts: [String]
    /// How many media members the good parts hold (the damaged parts hold one more).
    let mediaCount: Int
    let identifierX: String
    let identifierY: String
    /// The separate video embedded again into the Motion Photo whose video was gone.
    let gonePhotoVideo: [UInt8]
    /// Live Photo Y's still as made, before the Takeout.
    let madeStill: String
    /// The members, to write them as a folder or a tar too.
    let members: [[TakeoutFixture.Member]]

    static func make() async throws -> TakeoutScenario {
        let ws = try Workspace()
        let heic = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), mov = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")
        let identifierX = try await Readers.exiftoolStillIdentifier(heic) ?? ""
        let made = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: try await ClipStore.shared.path(ClipSpec()),
            options: MakeOptions(outputDirectory: ws.file("made"), name: "Y"))
        let (stillY, movieY) = (try TakeoutFixture.bytes(made.photo ?? ""), try TakeoutFixture.bytes(made.movie ?? ""))
        let synthetic = try TakeoutFixture.bytes(ProjectPaths.sample("libmphoto_motion_photo_v1_synthetic.jpg"))
        // Its embedded video is the last 122,562 bytes (its XMP directory says so).
        let embedded = Array(synthetic.suffix(122_562))
        let gone = Array(synthetic.prefix(synthetic.count - 122_562 + 100))
        let goneVideo = try TakeoutFixture.bytes(try await ClipStore.shared.path(ClipSpec(container: .mp4, seconds: 2)))
        let shortClip = try TakeoutFixture.bytes(try await ClipStore.shared.path(ClipSpec(container: .mp4, seconds: 1.5, faststart: true)))
        let plain = try TakeoutFixture.bytes(try await ClipStore.shared.jpeg(width: 160, height: 120))
        let trashed = try TakeoutFixture.bytes(try await ClipStore.shared.jpeg(width: 128, height: 96))
        let disguised = try TakeoutFixture.bytes(ProjectPaths.sample("iphone7-ios12_IMG_2682_immich.heic"))
        let y2023 = "\(photos)/Photos from 2023", y2022 = "\(photos)/Photos from 2022", holiday = "\(photos)/Holiday in Paris"
        typealias M = TakeoutFixture.Member
        let motionName = "PXL_20220101_120000123.MP.jpg", goneName = "PXL_20220202_120000456.MP.jpg"
        let part1: [M] = [
            M(path: "\(y2023)/IMG_0001(1).HEIC", bytes: try TakeoutFixture.bytes(heic)),
            M(path: "\(y2023)/IMG_0001.JPG", bytes: stillY),
            M(
                path: "\(y2023)/IMG_0001.JPG.supplemental-metadata.json",
                bytes: TakeoutFixture.sidecar(title: "IMG_0001.JPG", time: timeY, latitude: 51.5007, longitude: -0.1246)),
            M(path: "\(y2022)/\(motionName)", bytes: synthetic, deflated: false),
            M(
                path: "\(y2022)/\(TakeoutFixture.sidecarName(for: motionName))",
                bytes: TakeoutFixture.sidecar(title: motionName, time: timeMotion)),
            M(path: "\(y2022)/\(goneName)", bytes: gone),
            M(path: "\(y2022)/PXL_20220202_120000456.MP", bytes: goneVideo),
            M(
                path: "\(y2022)/\(TakeoutFixture.sidecarName(for: goneName))",
                bytes: TakeoutFixture.sidecar(title: goneName, time: timeGone)),
            M(path: "\(holiday)/metadata.json", bytes: TakeoutFixture.album(album)),
            M(path: "\(holiday)/IMG_0001(1).HEIC", bytes: try TakeoutFixture.bytes(heic)),
            M(
                path: "\(holiday)/IMG_0001.HEIC.supplemental-metadata(1).json",
                bytes: TakeoutFixture.sidecar(title: "IMG_0001.HEIC", time: timeX)),
            M(path: "Takeout/archive_browser.html", bytes: Array("<html></html>".utf8)),
            M(path: "\(y2023)/disguised.jpg", bytes: disguised),
            M(
                path: "\(y2023)/disguised.jpg.supplemental-metadata.json",
                bytes: TakeoutFixture.sidecar(title: "disguised.jpg", time: disguisedTime)),
            M(path: "\(photos)/Trash/IMG_9999.JPG", bytes: trashed),
            M(
                path: "\(photos)/Trash/IMG_9999.JPG.supplemental-metadata.json",
                bytes: TakeoutFixture.sidecar(title: "IMG_9999.JPG", time: timeY, trashed: true)),
            M(path: "\(y2023)/IMG_5000.JPG", bytes: plain),
            M(path: "\(y2023)/IMG_5000.MP4", bytes: shortClip),
            M(path: "\(y2023)/not-json.json", bytes: Array("{not json".utf8)),
        ]
        let part2: [M] = [
            M(path: "\(y2023)/IMG_0001.MOV", bytes: try TakeoutFixture.bytes(mov), deflated: false),
            M(
                path: "\(y2023)/IMG_0001.HEIC.supplemental-metadata(1).json",
                bytes: TakeoutFixture.sidecar(title: "IMG_0001.HEIC", time: timeX, latitude: 48.8584, longitude: 2.2945)),
            M(path: "\(y2023)/IMG_0001(1).MOV", bytes: movieY, deflated: false),
            M(path: "\(y2023)/IMG_0001.MOV.supplemental-metadata.json", bytes: TakeoutFixture.sidecar(title: "IMG_0001.MOV", time: timeX)),
            M(path: "\(y2022)/PXL_20220101_120000123.MP", bytes: embedded),
            M(path: "\(holiday)/IMG_0001.MOV", bytes: try TakeoutFixture.bytes(mov)),
            M(path: "\(y2023)/orphan.jpg.supplemental-metadata.json", bytes: TakeoutFixture.sidecar(title: "orphan.jpg", time: timeX)),
            M(path: "../escape.jpg", bytes: plain),
        ]
        let parts = [
            try TakeoutFixture.zip(part1, to: ws.file("takeout-20261127T000000Z-001.zip")),
            try TakeoutFixture.zip(part2, to: ws.file("takeout-20261127T000000Z-002.zip")),
        ]
        // A part whose stored member fails its CRC, and a part cut in half (no central directory).
        let damaged = ws.file("takeout-20261127T000000Z-003.zip")
        try TakeoutFixture.zip([M(path: "\(y2023)/IMG_7777.JPG", bytes: plain, deflated: false)], to: damaged)
        var bytes = try TakeoutFixture.bytes(damaged)
        bytes[200] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let cut = ws.file("takeout-20261127T000000Z-004.zip")
        let whole = try TakeoutFixture.bytes(try TakeoutFixture.zip([M(path: "\(y2023)/IMG_8888.JPG", bytes: stillY)], to: cut))
        try Data(whole.prefix(whole.count / 2)).write(to: URL(fileURLWithPath: cut))
        let media = (part1 + part2).filter { TakeoutScenario.isMedia($0.path) }.count
        return TakeoutScenario(
            ws: ws, parts: parts, damagedParts: [damaged, cut], mediaCount: media, identifierX: identifierX,
            identifierY: made.identifier.rawValue, gonePhotoVideo: goneVideo, madeStill: made.photo ?? "", members: [part1, part2])
    }

    static func isMedia(_ path: String) -> Bool {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return ["jpg", "heic", "mov", "mp4", "mp"].contains(ext)
    }

    /// Writes the good parts' members as an extracted folder would hold them.
    func extracted(to folder: String) throws -> String {
        for member in members.joined() where !member.path.hasPrefix("..") {
            let path = "\(folder)/\(member.path)"
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try Data(member.bytes).write(to: URL(fileURLWithPath: path))
        }
        return folder
    }
}

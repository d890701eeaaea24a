import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// HEIC stills: the identifier goes into the Exif item's Apple MakerNote; image data never moves.
@Suite("make: HEIC stills", .needsSamples)
struct HEICStillTests {
    /// Every item's bytes but the Exif item's, by item ID.
    static func nonExifItems(_ path: String) throws -> [UInt32: [UInt8]] {
        let file = try RandomAccessFile(path: path)
        let heif = try HEIFFile(file: file)
        var result: [UInt32: [UInt8]] = [:]
        for item in heif.items where item.type != "Exif" {
            result[item.id] = try heif.itemData(item.id, in: file, limit: 64 << 20)
        }
        return result
    }

    static func appleTags(_ path: String) async throws -> [String: String] {
        try await Readers.exiftool(path, ["-Apple:all"]).filter {
            !$0.key.contains("MediaGroupUUID") && !$0.key.contains("ContentIdentifier") && $0.key != "SourceFile"
        }
    }

    @Test("the real iPhone 15 HEIC: the same identifier length is written in place; 36 bytes change")
    func iPhone15() async throws {
        let input = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC")
        let ws = try Workspace()
        let id = ContentIdentifier()
        let result = try await LivePhotoMaker.make(
            photo: input, video: try await ClipStore.shared.path(ClipSpec()),
            options: MakeOptions(outputDirectory: ws.path, name: "IMG", identifier: id))
        let still = try #require(result.photo)
        #expect(still == ws.file("IMG.HEIC"))
        #expect(result.photoSource == .lossless)
        let before = try [UInt8](Data(contentsOf: URL(fileURLWithPath: input)))
        let after = try [UInt8](Data(contentsOf: URL(fileURLWithPath: still)))
        #expect(before.count == after.count)
        #expect(zip(before, after).filter { $0 != $1 }.count <= 36)
        #expect(try await Readers.exiftoolStillIdentifier(still) == id.rawValue)
        await #expect(try Self.appleTags(still) == Self.appleTags(input))
        #expect(try Self.nonExifItems(still) == Self.nonExifItems(input))
        #expect(try await Readers.exiftool(still, ["-validate", "-warning"])["ExifTool:Validate"] == "OK")
        let report = await LivePhotoVerifier.verify(photo: still, movie: try #require(result.movie))
        #expect(report.passed)
    }

    @Test("the real iPhone 7 HEIC (no 0x0011): the larger Exif goes to a new mdat at the end; only its iloc extent changes")
    func iPhone7() async throws {
        let input = ProjectPaths.sample("iphone7-ios12_IMG_2682_immich.heic")
        let ws = try Workspace()
        let id = ContentIdentifier()
        let result = try await LivePhotoMaker.make(
            photo: input, video: try await ClipStore.shared.path(ClipSpec()), options: MakeOptions(outputDirectory: ws.path, identifier: id)
        )
        let still = try #require(result.photo)
        let before = try [UInt8](Data(contentsOf: URL(fileURLWithPath: input)))
        let after = try [UInt8](Data(contentsOf: URL(fileURLWithPath: still)))
        #expect(after.count > before.count)
        // Up to the end of the input, only bytes inside 'meta' (the iloc extent fields) differ.
        let heif = try HEIFFile(file: RandomAccessFile(path: input))
        let meta = heif.metaHeader.offset..<heif.metaHeader.end
        let changed = zip(before, after.prefix(before.count)).enumerated().filter { $0.element.0 != $0.element.1 }.map { Int64($0.offset) }
        #expect(!changed.isEmpty && changed.allSatisfy(meta.contains))
        #expect(Array(after[before.count + 4..<before.count + 8]) == Array("mdat".utf8))
        #expect(try await Readers.exiftoolStillIdentifier(still) == id.rawValue)
        await #expect(try Self.appleTags(still) == Self.appleTags(input))
        #expect(try Self.nonExifItems(still) == Self.nonExifItems(input))
        #expect(try await Readers.exiftool(still, ["-validate", "-warning"])["ExifTool:Validate"] == "OK")
        #expect(await LivePhotoInspector.inspect([still]).files[0].role == .liveStill)
    }

    @Test("a HEIC without an Exif item gets one (meta grows, later extents move); the pixels decode the same")
    func addsExifItem() async throws {
        let ws = try Workspace()
        try await Tool.run("heif-enc", ["-q", "60", try await ClipStore.shared.jpeg(width: 320, height: 240), "-o", ws.file("plain.heic")])
        let plain = try HEIFFile(file: RandomAccessFile(path: ws.file("plain.heic")))
        #expect(!plain.items.contains { $0.type == "Exif" })
        let id = ContentIdentifier()
        let result = try await LivePhotoMaker.make(
            photo: ws.file("plain.heic"), video: try await ClipStore.shared.path(ClipSpec()),
            options: MakeOptions(outputDirectory: ws.file("out"), identifier: id))
        let still = try #require(result.photo)
        let tagged = try HEIFFile(file: RandomAccessFile(path: still))
        let exif = try #require(tagged.items.first { $0.type == "Exif" })
        // iref cdsc from the Exif item to the primary image.
        let iref = try #require(tagged.meta.child("iref"))
        let cdsc = try #require((0..<(iref.data.count - 4)).first { iref.data[$0..<$0 + 4].elementsEqual(Array("cdsc".utf8)) })
        #expect(Int(iref.data.loadUInt16BE(cdsc + 4)) == Int(exif.id))
        #expect(Int(iref.data.loadUInt16BE(cdsc + 8)) == Int(try #require(tagged.primaryItemID)))
        #expect(try Self.nonExifItems(still) == Self.nonExifItems(ws.file("plain.heic")))
        #expect(try await Readers.exiftoolStillIdentifier(still) == id.rawValue)
        #expect(try await Readers.exiftool(still, ["-validate", "-warning"])["ExifTool:Validate"] == "OK")
        try await Tool.run("heif-convert", [ws.file("plain.heic"), ws.file("a.png")])
        try await Tool.run("heif-convert", [still, ws.file("b.png")])
        await #expect(try AnyInputTests.grayImage(ws.file("a.png")) == AnyInputTests.grayImage(ws.file("b.png")))
        #expect(await LivePhotoVerifier.verify(photo: still, movie: try #require(result.movie)).passed)
    }

    @Test("a HEIC Motion Photo as the photo: its video and Motion Photo XMP are left out; the pixels stay")
    func motionPhotoStill() async throws {
        let ws = try Workspace()
        let photo = ProjectPaths.sample("samsung-s22-google-motionphoto-v1_ente.heic")
        let result = try await LivePhotoMaker.make(
            photo: photo, video: try await ClipStore.shared.path(ClipSpec()), options: MakeOptions(outputDirectory: ws.file("out")))
        let still = try #require(result.photo)
        let heif = try HEIFFile(file: RandomAccessFile(path: still))
        #expect(!heif.topLevel.contains { $0.type == "mpvd" || $0.type == "sefd" })
        #expect(try await Readers.exiftool(still, ["-XMP-GCamera:all"]).keys.filter { $0.hasPrefix("XMP-GCamera") }.isEmpty)
        #expect(try await Readers.pixelDigest(still) == Readers.pixelDigest(photo))
        #expect(await LivePhotoVerifier.verify(photo: still, movie: try #require(result.movie)).passed)
    }

    @Test("the tagged iPhone 15 HEIC decodes to the same pixels (pillow-heif)")
    func iPhone15Pixels() async throws {
        let ws = try Workspace()
        let input = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC")
        let result = try await LivePhotoMaker.make(
            photo: input, video: try await ClipStore.shared.path(ClipSpec()), options: MakeOptions(outputDirectory: ws.path))
        #expect(try await Readers.pixelDigest(try #require(result.photo)) == Readers.pixelDigest(input))
        // The iPhone 7 HEIC, whose Exif moves to a new mdat at the end, too.
        let seven = ProjectPaths.sample("iphone7-ios12_IMG_2682_immich.heic")
        let second = try await LivePhotoMaker.make(
            photo: seven, video: try await ClipStore.shared.path(ClipSpec()), options: MakeOptions(outputDirectory: ws.file("7")))
        #expect(try await Readers.pixelDigest(try #require(second.photo)) == Readers.pixelDigest(seven))
    }

    @Test("HEIC to JPEG is a clear error")
    func noJPEGFromHEIC() async throws {
        let ws = try Workspace()
        await #expect(throws: LivePhotoError.self) {
            _ = try await LivePhotoMaker.make(
                photo: ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), video: try await ClipStore.shared.path(ClipSpec()),
                options: MakeOptions(outputDirectory: ws.file("out"), photoFormat: .jpeg))
        }
        #expect(try ws.contents("out").isEmpty)
    }
}

extension Array where Element == UInt8 {
    func loadUInt16BE(_ i: Int) -> UInt16 { UInt16(self[i]) << 8 | UInt16(self[i + 1]) }
}

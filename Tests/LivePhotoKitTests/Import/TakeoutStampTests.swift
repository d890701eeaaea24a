import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// A Takeout sidecar's facts written into real files (docs/formats/takeout.md#what-is-written-into-the-files), judged by
/// exiftool, ffprobe and ffmpeg; the image and video data checked byte for byte.
@Suite("Takeout stamp")
struct TakeoutStampTests {
    /// 2023-08-14 20:11:54 UTC.
    static let instant = Date(timeIntervalSince1970: 1_692_043_914)
    static let facts = ImportStamp.Facts(
        captureTime: instant, place: ImportSidecar.Place(latitude: 43.2961, longitude: -5.3702, altitude: 11),
        description: "Fish & <chips> at \"Zoë's\"", favorited: true, people: ["Margot", "李雷"])

    /// A copy of the sample `name` in `workspace` (the stamp edits files in place).
    func copy(_ name: String, to workspace: Workspace) throws -> String {
        let path = workspace.file(name)
        try FileManager.default.copyItem(atPath: ProjectPaths.sample(name), toPath: path)
        return path
    }

    func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    static let tags = [
        "DateTimeOriginal", "OffsetTimeOriginal", "GPSLatitude", "GPSLongitude", "Description", "Rating", "PersonInImage", "Warning",
    ]

    /// Every image item's data, by ID, but the Exif and XMP items.
    func imageItems(_ path: String) throws -> [UInt32: [UInt8]] {
        let file = try RandomAccessFile(path: path)
        let heif = try HEIFFile(file: file)
        var out: [UInt32: [UInt8]] = [:]
        for item in heif.items where item.type != "Exif" && item.type != "mime" { out[item.id] = try heif.itemData(item.id, in: file) }
        return out
    }

    @Test("a plain JPEG without Exif gets the UTC date, the place, XMP; its image data is untouched")
    func plainJPEG() async throws {
        let workspace = try Workspace()
        let path = workspace.file("plain.jpg")
        _ = try await Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=c=blue:s=64x48", "-frames:v", "1", "-y", path])
        let before = try bytes(path)
        let scan = try JPEGFile(file: RandomAccessFile(path: path)).scanOffset
        #expect(
            try TakeoutStamp.apply(to: path, facts: Self.facts, prefersSidecar: false) == [
                "date", "place", "description", "rating", "people",
            ])
        let tags = try await Readers.exiftoolNumbers(path, Self.tags)
        #expect(tags["DateTimeOriginal"] == "2023:08:14 20:11:54")
        #expect(tags["OffsetTimeOriginal"] == "+00:00")
        #expect(abs((Double(tags["GPSLatitude"] ?? "") ?? 0) - 43.2961) < 1e-6)
        #expect(abs((Double(tags["GPSLongitude"] ?? "") ?? 0) + 5.3702) < 1e-6)
        #expect(tags["Description"] == "Fish & <chips> at \"Zoë's\"")
        #expect(tags["Rating"] == "5")
        #expect(tags["PersonInImage"] == "Margot|李雷")
        #expect(tags["Warning"] == nil)
        let after = try bytes(path)
        let newScan = try JPEGFile(file: RandomAccessFile(path: path)).scanOffset
        #expect(Array(after[Int(newScan)...]) == Array(before[Int(scan)...]))
        #expect(TakeoutStamp.captureTime(of: path) == Self.instant)
        // Everything is there now: a second stamp changes nothing.
        #expect(try TakeoutStamp.apply(to: path, facts: Self.facts, prefersSidecar: false) == [])
        #expect(try bytes(path) == after)
    }

    @Test("a little-endian Exif that states its offset gets the local clock in that offset")
    func littleEndianExifWithOffset() async throws {
        let workspace = try Workspace()
        let path = workspace.file("le.jpg")
        _ = try await Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=c=red:s=64x48", "-frames:v", "1", "-y", path])
        _ = try await Tool.run(
            "exiftool", ["-q", "-overwrite_original", "-ExifByteOrder=Little-endian", "-Make=Cam", "-OffsetTime=-05:00", path])
        #expect(try TakeoutStamp.apply(to: path, facts: ImportStamp.Facts(captureTime: Self.instant), prefersSidecar: false) == ["date"])
        let tags = try await Readers.exiftoolNumbers(path, ["DateTimeOriginal", "OffsetTimeOriginal", "ExifByteOrder", "Make"])
        #expect(tags["DateTimeOriginal"] == "2023:08:14 15:11:54")
        #expect(tags["OffsetTimeOriginal"] == "-05:00")
        #expect(tags["ExifByteOrder"] == "II")
        #expect(tags["Make"] == "Cam")
        #expect(TakeoutStamp.captureTime(of: path) == Self.instant)
    }

    @Test("a HEIC without Exif or XMP gets both items; its image is unchanged")
    func heicWithoutExif() async throws {
        let workspace = try Workspace()
        let png = workspace.file("in.png"), path = workspace.file("plain.heic")
        _ = try await Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=s=64x64", "-frames:v", "1", "-y", png])
        _ = try await Tool.run("heif-enc", ["-q", "50", "-o", path, png])
        let items = try imageItems(path)
        #expect(
            try TakeoutStamp.apply(to: path, facts: Self.facts, prefersSidecar: false) == [
                "date", "place", "description", "rating", "people",
            ])
        let tags = try await Readers.exiftoolNumbers(path, Self.tags)
        #expect(tags["DateTimeOriginal"] == "2023:08:14 20:11:54")
        #expect(tags["OffsetTimeOriginal"] == "+00:00")
        #expect(tags["PersonInImage"] == "Margot|李雷")
        #expect(tags["Warning"] == nil)
        #expect(abs((Double(tags["GPSLongitude"] ?? "") ?? 0) + 5.3702) < 1e-6)
        #expect(try imageItems(path) == items)
    }

    @Test("a Pixel Motion Photo keeps its date and its video; it gains the place and XMP", .needsSamples)
    func pixelMotionPhoto() async throws {
        let workspace = try Workspace()
        let path = try copy("androidx-media_pixel-motion-photo-shortened.jpg", to: workspace)
        let before = try bytes(path)
        let scan = try JPEGFile(file: RandomAccessFile(path: path)).scanOffset
        let video = try #require(try MotionPhotoFile(file: RandomAccessFile(path: path)).video)
        #expect(
            try TakeoutStamp.apply(to: path, facts: Self.facts, prefersSidecar: false) == [
                "place", "description", "rating", "people",
            ])
        let tags = try await Readers.exiftoolNumbers(path, Self.tags + ["MotionPhoto"])
        #expect(tags["DateTimeOriginal"] == "2020:12:17 10:03:00")
        #expect(tags["MotionPhoto"] == "1")
        #expect(tags["PersonInImage"] == "Margot|李雷")
        #expect(tags["Warning"] == nil)
        #expect(abs((Double(tags["GPSLatitude"] ?? "") ?? 0) - 43.2961) < 1e-6)
        let after = try bytes(path)
        let newScan = try JPEGFile(file: RandomAccessFile(path: path)).scanOffset
        #expect(Array(after[Int(newScan)...]) == Array(before[Int(scan)...]))
        let newVideo = try #require(try MotionPhotoFile(file: RandomAccessFile(path: path)).video)
        #expect(newVideo.length == video.length)
        #expect(Array(after[Int(newVideo.offset)..<Int(newVideo.end)]) == Array(before[Int(video.offset)..<Int(video.end)]))
        // The sidecar wins when asked: the clock is written in the file's own offset (+00:00 here).
        #expect(try TakeoutStamp.apply(to: path, facts: Self.facts, prefersSidecar: true) == ["date", "place", "description", "people"])
        #expect(try await Readers.exiftoolNumbers(path, ["DateTimeOriginal"])["DateTimeOriginal"] == "2023:08:14 20:11:54")
    }

    @Test("an iPhone HEIC keeps its date and place unless the sidecar is preferred; every image item is unchanged", .needsSamples)
    func iPhoneHEIC() async throws {
        let workspace = try Workspace()
        let path = try copy("iphone_IMG_3853_gwy15.HEIC", to: workspace)
        let items = try imageItems(path)
        #expect(try TakeoutStamp.apply(to: path, facts: Self.facts, prefersSidecar: false) == ["description", "rating", "people"])
        var tags = try await Readers.exiftoolNumbers(path, Self.tags)
        #expect(tags["DateTimeOriginal"] == "2025:01:01 11:06:47")
        #expect(tags["Description"] == "Fish & <chips> at \"Zoë's\"")
        #expect(tags["Rating"] == "5")
        #expect(abs((Double(tags["GPSLatitude"] ?? "") ?? 0) - 35.7142722) < 1e-6)
        #expect(try TakeoutStamp.apply(to: path, facts: Self.facts, prefersSidecar: true) == ["date", "place", "description", "people"])
        tags = try await Readers.exiftoolNumbers(path, Self.tags)
        // The instant in the file's own offset, +09:00.
        #expect(tags["DateTimeOriginal"] == "2023:08:15 05:11:54")
        #expect(tags["OffsetTimeOriginal"] == "+09:00")
        #expect(tags["Warning"] == nil)
        #expect(abs((Double(tags["GPSLatitude"] ?? "") ?? 0) - 43.2961) < 1e-6)
        #expect(TakeoutStamp.captureTime(of: path) == Self.instant)
        #expect(try imageItems(path) == items)
    }

    @Test(
        "a HEIC Motion Photo gets only the XMP that fits its padding, in place; its video stays last",
        // Samsung's XMP item ends in some 170 spaces of padding; androidx's sample has none.
        .needsSamples, arguments: [("samsung-s22-google-motionphoto-v1_ente.heic", ["rating"]), ("androidx-media_sample_MP.heic", [])])
    func heicMotionPhoto(name: String, expected: [String]) async throws {
        let workspace = try Workspace()
        let path = try copy(name, to: workspace)
        let before = try bytes(path)
        let old = try MotionPhotoFile(file: RandomAccessFile(path: path))
        let video = try #require(old.video)
        // Too much for the padding: nothing changes.
        let many = ImportStamp.Facts(captureTime: Self.instant, description: String(repeating: "long caption ", count: 80), favorited: true)
        #expect(try TakeoutStamp.apply(to: path, facts: many, prefersSidecar: true) == [])
        #expect(try bytes(path) == before)
        // A rating fits where there is padding; the file keeps its size and every byte outside the XMP item.
        let written = try TakeoutStamp.apply(
            to: path, facts: ImportStamp.Facts(captureTime: Self.instant, favorited: true), prefersSidecar: true)
        let after = try bytes(path)
        #expect(written == expected)
        #expect(after.count == before.count)
        let new = try MotionPhotoFile(file: RandomAccessFile(path: path))
        #expect(new.video == video)
        #expect(Array(after[Int(video.offset)...]) == Array(before[Int(video.offset)...]))
        if written == ["rating"] {
            let tags = try await Readers.exiftoolNumbers(path, ["Rating", "MotionPhoto", "DateTimeOriginal", "Warning"])
            #expect(tags["Rating"] == "5")
            #expect(tags["MotionPhoto"] == "1")
            #expect(tags["Warning"] == nil)
        } else {
            #expect(after == before)
        }
    }

    @Test("an iPhone movie keeps its dates; preferred, the sidecar's date replaces them and the frames stay the same", .needsSamples)
    func iPhoneMovie() async throws {
        let workspace = try Workspace()
        let path = try copy("iphone_IMG_3853_gwy15.MOV", to: workspace)
        let before = try bytes(path)
        #expect(try TakeoutStamp.apply(to: path, facts: Self.facts, prefersSidecar: false) == [])
        #expect(try bytes(path) == before)
        #expect(TakeoutStamp.captureTime(of: path) == Date(timeIntervalSince1970: 1_735_697_206))
        #expect(try TakeoutStamp.apply(to: path, facts: Self.facts, prefersSidecar: true) == ["date"])
        let tags = try await Readers.exiftoolNumbers(path, ["Keys:CreationDate"])
        #expect(tags["CreationDate"] == "2023:08:15 05:11:54+09:00")
        let probe = try await Tool.run("ffprobe", ["-v", "error", "-show_entries", "format_tags=creation_time", "-of", "csv=p=0", path])
        #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "2023-08-14T20:11:54.000000Z")
        let fields = try MovieDateFields(file: RandomAccessFile(path: path))
        #expect(fields.creationSecondsSince1970 == 1_692_043_914)
        #expect(fields.fields.allSatisfy { $0.creationTime == UInt64(1_692_043_914 + MovieDateFields.secondsFrom1904To1970) })
        #expect(TakeoutStamp.captureTime(of: path) == Self.instant)
        let original = workspace.file("original.MOV")
        try Data(before).write(to: URL(fileURLWithPath: original))
        #expect(try await Readers.videoFramemd5(path) == Readers.videoFramemd5(original))
    }

    @Test("a movie without a date gets it in mvhd, tkhd and mdhd, in place")
    func undatedMovie() async throws {
        let workspace = try Workspace()
        let path = workspace.file("undated.mp4")
        _ = try await Tool.run(
            "ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=s=64x48:r=10:d=0.5", "-c:v", "mpeg4", "-y", path])
        let before = try bytes(path)
        #expect(TakeoutStamp.captureTime(of: path) == nil)
        #expect(try TakeoutStamp.apply(to: path, facts: Self.facts, prefersSidecar: false) == ["date"])
        let after = try bytes(path)
        #expect(after.count == before.count)
        let fields = try MovieDateFields(file: RandomAccessFile(path: path))
        #expect(fields.fields.count == 3)
        // Only the 8 (or 16) bytes of each box's two times differ.
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(
            changed.allSatisfy { at in fields.fields.contains { Int64(at) >= $0.offset && Int64(at) < $0.offset + Int64(2 * $0.width) } })
        let probe = try await Tool.run("ffprobe", ["-v", "error", "-show_entries", "format_tags=creation_time", "-of", "csv=p=0", path])
        #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "2023-08-14T20:11:54.000000Z")
        #expect(TakeoutStamp.captureTime(of: path) == Self.instant)
    }

    @Test("a Samsung Motion Photo JPEG keeps its video and its SEF trailer", .needsSamples)
    func samsungMotionPhotoJPEG() async throws {
        let workspace = try Workspace()
        let path = try copy("androidx-media_ss-motion-photo-shortened.jpg", to: workspace)
        let before = try bytes(path)
        let old = try MotionPhotoFile(file: RandomAccessFile(path: path))
        let video = try #require(old.video)
        #expect(try TakeoutStamp.apply(to: path, facts: Self.facts, prefersSidecar: false).contains("place"))
        let after = try bytes(path)
        let new = try MotionPhotoFile(file: RandomAccessFile(path: path))
        let newVideo = try #require(new.video)
        #expect(newVideo.length == video.length)
        #expect(Array(after[Int(newVideo.offset)...]) == Array(before[Int(video.offset)...]))
        #expect((new.samsungTrailer != nil) == (old.samsungTrailer != nil))
        #expect(try await Readers.exiftoolNumbers(path, ["Rating"])["Rating"] == "5")
    }

    @Test("a QuickTime movie with mdta keys and no creation date gets the key; its frames stay the same")
    func movieWithKeysGetsCreationDate() async throws {
        let workspace = try Workspace()
        let path = workspace.file("keys.mov"), original = workspace.file("original.mov")
        _ = try await Tool.run(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "testsrc=s=64x48:r=10:d=0.5", "-c:v", "mpeg4", "-movflags", "use_metadata_tags",
                "-metadata", "com.apple.quicktime.content.identifier=ABC", "-y", path,
            ])
        try FileManager.default.copyItem(atPath: path, toPath: original)
        #expect(try TakeoutStamp.apply(to: path, facts: Self.facts, prefersSidecar: false) == ["date"])
        let tags = try await Readers.exiftoolNumbers(path, ["Keys:CreationDate", "Keys:ContentIdentifier"])
        #expect(tags["CreationDate"] == "2023:08:14 20:11:54+00:00")
        #expect(tags["ContentIdentifier"] == "ABC")
        #expect(TakeoutStamp.captureTime(of: path) == Self.instant)
        #expect(try await Readers.videoFramemd5(path) == Readers.videoFramemd5(original))
        #expect(try TakeoutStamp.apply(to: path, facts: Self.facts, prefersSidecar: false) == [])
    }

    @Test("a truncated file is an error that names it; an unknown kind gets nothing", .needsSamples)
    func damagedAndUnknown() throws {
        let workspace = try Workspace()
        for name in [
            "androidx-media_pixel-motion-photo-jfif-segment-shortened.jpg", "iphone_IMG_3853_gwy15.MOV",
            "iphone7-ios12_IMG_2682_immich.heic",
        ] {
            let whole = try bytes(ProjectPaths.sample(name))
            let path = try workspace.write(Array(whole.prefix(whole.count / 3)), to: "cut-\(name)")
            #expect {
                try TakeoutStamp.apply(to: path, facts: Self.facts, prefersSidecar: false)
            } throws: { error in
                guard case .badInput(let file, _)? = error as? LivePhotoError else { return false }
                return file == path
            }
        }
        let text = try workspace.write(Array("hello".utf8), to: "note.txt")
        #expect(try TakeoutStamp.apply(to: text, facts: Self.facts, prefersSidecar: true) == [])
    }
}

import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// `livephoto repair` on files damaged the way apps damage them and on the real samples (docs/guide/repair.md), judged
/// by exiftool, `verify`, ffprobe's frames and the bytes left untouched.
@Suite("Repair", .needsSamples)
struct RepairTests {
    /// 2024-05-01 10:00:00 UTC.
    static let instant = Date(timeIntervalSince1970: 1_714_557_600)

    func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// A Live Photo made by `make` in `folder` as NAME.JPG + NAME.MOV, both stamped with a capture time (the movie
    /// `movieOffset` seconds after the still).
    func pair(in folder: String, name: String = "IMG_0001", movieOffset: Double = 0.4, wallpaper: Bool = true) async throws -> (
        String, String
    ) {
        let photo = try await ClipStore.shared.jpeg()
        let clip = try await ClipStore.shared.path(ClipSpec())
        var arguments = ["make", photo, clip, "--out", folder, "--name", name]
        if !wallpaper { arguments.append("--no-wallpaper") }
        let made = try await LivePhotoCLI.run(arguments)
        #expect(made.status == 0, "\(made.stderr)")
        let (still, movie) = ("\(folder)/\(name).JPG", "\(folder)/\(name).MOV")
        _ = try TakeoutStamp.apply(to: still, facts: ImportStamp.Facts(captureTime: Self.instant), prefersSidecar: true)
        _ = try TakeoutStamp.apply(
            to: movie, facts: ImportStamp.Facts(captureTime: Self.instant.addingTimeInterval(movieOffset)), prefersSidecar: true)
        return (still, movie)
    }

    /// Rewrites the movie at `path` with its movie-level metadata changed by `edit` (the media data copied).
    func editMovie(_ path: String, _ edit: MovieRewrite.MetadataEdit) throws {
        let file = try RandomAccessFile(path: path)
        let movie = try Movie(file: file)
        var rewrite = try MovieRewrite(movie: movie, fileType: movie.fileType ?? .quickTime)
        rewrite.keepsOtherTopLevelBoxes = true
        rewrite.metadata = edit
        try Data(try written(rewrite.layout().pieces, from: file)).write(to: URL(fileURLWithPath: path))
    }

    /// The bytes `pieces` make of `file`.
    func written(_ pieces: [MovieLayout.Piece], from file: RandomAccessFile) throws -> [UInt8] {
        var out = [UInt8]()
        for piece in pieces {
            switch piece {
            case .bytes(let b): out += b
            case .copy(let offset, let length): out += try file.read(at: offset, count: Int(length))
            }
        }
        return out
    }

    func verifies(_ still: String, _ movie: String) async throws -> Bool {
        try await LivePhotoCLI.run(["verify", still, movie]).status == 0
    }

    func repair(_ paths: [String], _ options: LibraryRepair.Options = LibraryRepair.Options(jobs: 2)) async throws -> (
        LibraryRepair.Survey, [LibraryRepair.Entry]
    ) {
        let survey = try await LibraryRepair.diagnose(paths, options: options)
        return (survey, await LibraryRepair.mend(survey.diagnoses.filter { $0.entry.isMendable }, options: options))
    }

    @Test("a movie that lost its identifier (iOS 18.0) gets the still's; frames, dates and mode kept; verify passes")
    func movieIdentifierRestored() async throws {
        let ws = try Workspace()
        let (still, movie) = try await pair(in: ws.path)
        let identifier = try await Readers.exiftoolStillIdentifier(still)
        try editMovie(movie, MovieRewrite.MetadataEdit(removing: [AppleMovieMetadata.contentIdentifierKey]))
        #expect(try await Readers.exiftoolMovieIdentifier(movie) == nil)
        #expect(try await !verifies(still, movie))
        chmod(movie, 0o640)
        let stillBefore = try bytes(still)
        let frames = try await Readers.framemd5(movie)
        let time = try FileManager.default.attributesOfItem(atPath: movie)[.modificationDate] as? Date

        let (survey, entries) = try await repair([ws.path])
        #expect(survey.diagnoses.map(\.entry.problems.first?.kind) == [.missingIdentifier])
        #expect(entries.map(\.status) == [.mended])
        #expect(try await Readers.exiftoolMovieIdentifier(movie) == identifier)
        #expect(try await verifies(still, movie))
        #expect(try await Readers.framemd5(movie) == frames)
        #expect(try bytes(still) == stillBefore)
        let attributes = try FileManager.default.attributesOfItem(atPath: movie)
        #expect(attributes[.modificationDate] as? Date == time)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        #expect(try ws.contents().sorted() == ["IMG_0001.JPG", "IMG_0001.MOV"])
        // Mended once: a second run finds nothing.
        #expect(try await LibraryRepair.diagnose([ws.path], options: LibraryRepair.Options(jobs: 1)).diagnoses.isEmpty)
    }

    @Test("a JPEG whose MakerNote exiftool stripped gets the movie's identifier back; the image data is untouched")
    func stillIdentifierRestored() async throws {
        let ws = try Workspace()
        let (still, movie) = try await pair(in: ws.path)
        let identifier = try await Readers.exiftoolMovieIdentifier(movie)
        _ = try await Tool.run("exiftool", ["-q", "-overwrite_original", "-MakerNotes:all=", still])
        #expect(try await Readers.exiftoolStillIdentifier(still) == nil)
        let scan = { (path: String) throws -> [UInt8] in
            let file = try RandomAccessFile(path: path)
            let offset = try JPEGFile(file: file).scanOffset
            return try file.read(at: offset, count: Int(file.size - offset))
        }
        let imageData = try scan(still)
        let movieBefore = try bytes(movie)
        let (_, entries) = try await repair([still, movie])
        #expect(entries.map(\.status) == [.mended])
        #expect(try await Readers.exiftoolStillIdentifier(still) == identifier)
        #expect(try scan(still) == imageData)
        #expect(try bytes(movie) == movieBefore)
        #expect(try await verifies(still, movie))
        let tags = try await Readers.exiftoolNumbers(still, ["DateTimeOriginal", "Warning"])
        #expect(tags["DateTimeOriginal"] == "2024:05:01 10:00:00" && tags["Warning"] == nil)
    }

    @Test("halves with two identifiers: the movie takes the still's; captured a minute apart, nothing is guessed")
    func identifierMismatch() async throws {
        let ws = try Workspace()
        let (still, movie) = try await pair(in: ws.file("a"))
        let identifier = try await Readers.exiftoolStillIdentifier(still)
        let other = ContentIdentifier().rawValue
        try editMovie(movie, MovieRewrite.MetadataEdit(setting: [(AppleMovieMetadata.contentIdentifierKey, .utf8(other))]))
        let (far, farMovie) = try await pair(in: ws.file("b"), movieOffset: 60)
        try editMovie(farMovie, MovieRewrite.MetadataEdit(removing: [AppleMovieMetadata.contentIdentifierKey]))
        let farBefore = (try bytes(far), try bytes(farMovie))

        let (survey, entries) = try await repair([ws.path])
        #expect(Set(survey.diagnoses.flatMap { $0.entry.problems.map(\.kind) }) == [.identifierMismatch, .pairingConflict])
        #expect(try await Readers.exiftoolMovieIdentifier(movie) == identifier)
        #expect(try await verifies(still, movie))
        #expect(entries.map(\.status) == [.mended])
        let conflict = try #require(survey.diagnoses.first { $0.entry.status == .reported })
        #expect(conflict.entry.problems.first?.detail.contains("60 s apart") == true)
        #expect((try bytes(far), try bytes(farMovie)) == farBefore)
    }

    @Test("the real iPhone pair, its MakerNote stripped by exiftool: mended into another folder, the samples untouched")
    func realPairIntoAnotherFolder() async throws {
        let ws = try Workspace()
        try FileManager.default.createDirectory(atPath: ws.file("in"), withIntermediateDirectories: true)
        let still = ws.file("in/IMG_3853.HEIC")
        _ = try await Tool.run("exiftool", ["-q", "-MakerNotes:all=", "-o", still, ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC")])
        // The sample movie read in place, through a link beside the still.
        let movie = ws.file("in/IMG_3853.MOV")
        try FileManager.default.createSymbolicLink(atPath: movie, withDestinationPath: ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV"))
        let stillBefore = try bytes(still)
        var options = LibraryRepair.Options(outputDirectory: ws.file("out"), jobs: 2)
        let (_, entries) = try await repair([still, movie], options)
        #expect(entries.map(\.status) == [.mended])
        #expect(try ws.contents("out").sorted() == ["IMG_3853.HEIC", "IMG_3853.MOV"])
        #expect(try await Readers.exiftoolStillIdentifier(ws.file("out/IMG_3853.HEIC")) == "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8")
        #expect(try await verifies(ws.file("out/IMG_3853.HEIC"), ws.file("out/IMG_3853.MOV")))
        #expect(try await Readers.pixelDigest(ws.file("out/IMG_3853.HEIC")) == Readers.pixelDigest(still))
        #expect(try bytes(still) == stillBefore)
        // The output folder now holds the files: a second run there refuses to replace them without force.
        let again = try await repair([still, movie], options)
        #expect(again.1.map(\.status) == [.failed] && again.1.first?.reason?.contains("already exists") == true)
        options.force = true
        #expect(try await repair([still, movie], options).1.map(\.status) == [.mended])
    }

    @Test("the Galaxy S22 HEIC's placeholder lengths: the directory rewritten to the true ranges, every other byte kept")
    func samsungPlaceholderDirectory() async throws {
        let ws = try Workspace()
        let sample = ProjectPaths.sample("samsung-s22-google-motionphoto-v1_ente.heic")
        let options = LibraryRepair.Options(outputDirectory: ws.path, jobs: 1)
        let (survey, entries) = try await repair([sample], options)
        #expect(survey.diagnoses.first?.entry.problems.map(\.kind) == [.motionPhotoDirectory])
        #expect(entries.map(\.status) == [.mended])
        let mended = ws.file("samsung-s22-google-motionphoto-v1_ente.heic")
        let file = try RandomAccessFile(path: mended)
        let motion = try MotionPhotoFile(file: file)
        let video = try #require(motion.video)
        let xmp = try #require(motion.xmp)
        let (google, _) = try MotionPhotoFile.walkDirectory(xmp.directory, fileSize: file.size)
        #expect(google.offset == video.offset && motion.videoLocations(in: file).agree)
        let r = try await Tool.run("exiftool", ["-j", "-n", "-struct", "-Directory", mended])
        let json = try JSONSerialization.jsonObject(with: r.stdoutData) as? [[String: Any]]
        let items = (json?.first?["Directory"] as? [[String: Any]])?.compactMap { $0["Item"] as? [String: Any] } ?? []
        #expect(items.map { $0["Length"] as? Int } == [0, Int(file.size - video.offset)])
        #expect(items.map { $0["Padding"] as? Int } == [Int(video.offset - (motion.mpvd?.offset ?? 0)), Int(file.size - video.end)])
        // Only the XMP packet's bytes differ, and the file keeps its size.
        let (before, after) = (try bytes(sample), try bytes(mended))
        #expect(before.count == after.count)
        let xmpSpan = try #require(motion.xmpSpan)
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(!changed.isEmpty && changed.allSatisfy { Int64($0) >= xmpSpan.offset && Int64($0) < xmpSpan.end })
        // The video Google's rule finds plays the same frames as the one the mpvd box holds.
        let clip = ws.file("google.mp4")
        try Data(after[Int(google.offset)..<Int(google.offset + video.length)]).write(to: URL(fileURLWithPath: clip))
        #expect(try await Readers.videoFramemd5(clip).count > 10)
    }

    @Test("a JPEG Motion Photo whose directory went stale: the video found by its ftyp, the directory rewritten")
    func staleJPEGDirectory() async throws {
        let ws = try Workspace()
        var data = try bytes(ProjectPaths.sample("androidx-media_pixel-motion-photo-shortened.jpg"))
        // The video's Length one byte short, as an editor that moved the video would leave it.
        let text = Array("Item:Length=\"8730\"".utf8)
        let at = try #require((0...(data.count - text.count)).first { data[$0..<$0 + text.count].elementsEqual(text) })
        data.replaceSubrange(at..<at + text.count, with: Array("Item:Length=\"8729\"".utf8))
        let path = try ws.write(data, to: "MVIMG_0001.jpg")
        let (survey, entries) = try await repair([path])
        #expect(survey.diagnoses.first?.entry.problems.map(\.kind) == [.motionPhotoDirectory])
        #expect(entries.map(\.status) == [.mended])
        let file = try RandomAccessFile(path: path)
        let motion = try MotionPhotoFile(file: file)
        #expect(motion.videoLocator == .containerDirectory && motion.video?.length == 8730)
        #expect(try await LivePhotoCLI.run(["split", path, "--out", ws.file("split")]).status == 0)
    }

    @Test(
        "a portrait JPEG with its unturned landscape thumbnail loses it (a 16:9 photo's and a panorama's stay); a HEIC's Orientation follows irot/imir"
    )
    func stillsShownRight() async throws {
        let ws = try Workspace()
        let photo = ws.file("portrait.jpg")
        let thumb = ws.file("thumb.jpg")
        // A 4:3 camera photo whose pixels a tool turned upright, its 160×120 thumbnail left as it was.
        _ = try await Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=c=red:s=96x128", "-frames:v", "1", "-y", photo])
        _ = try await Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=c=blue:s=160x120", "-frames:v", "1", "-y", thumb])
        _ = try await Tool.run("exiftool", ["-q", "-overwrite_original", "-Orientation#=1", "-ThumbnailImage<=\(thumb)", photo])
        // The Exif standard's 160×120 thumbnail, letterboxed, of a 16:9 photo and of a panorama: right as they are.
        var fine: [String: [UInt8]] = [:]
        for (name, size) in [("wide.jpg", "192x108"), ("panorama.jpg", "256x64")] {
            let path = ws.file(name)
            _ = try await Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=c=green:s=\(size)", "-frames:v", "1", "-y", path])
            _ = try await Tool.run("exiftool", ["-q", "-overwrite_original", "-ThumbnailImage<=\(thumb)", path])
            fine[path] = try bytes(path)
        }
        try FileManager.default.removeItem(atPath: thumb)
        #expect(try await Readers.exiftoolNumbers(photo, ["ThumbnailLength"])["ThumbnailLength"] != nil)
        let pixels = try await Readers.pixelDigest(photo)

        let heic = ws.file("IMG_3853.HEIC")
        _ = try await Tool.run(
            "exiftool", ["-q", "-Orientation#=6", "-o", heic, ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC")])
        let size = try bytes(heic).count

        let (survey, entries) = try await repair([ws.path])
        #expect(Set(survey.diagnoses.flatMap { $0.entry.problems.map(\.kind) }) == [.thumbnailShape, .orientationContradiction])
        #expect(entries.allSatisfy { $0.status == .mended } && entries.count == 2)
        let tags = try await Readers.exiftoolNumbers(photo, ["ThumbnailLength", "Warning"])
        #expect(tags["ThumbnailLength"] == nil && tags["Warning"] == nil)
        #expect(try await Readers.pixelDigest(photo) == pixels)
        #expect(try await Readers.exiftoolNumbers(heic, ["Orientation"])["Orientation"] == "1")
        #expect(try bytes(heic).count == size)
        for (path, before) in fine { #expect(try bytes(path) == before) }
    }

    @Test("iPhone originals are right as they are: nothing is found in the real samples, nothing written")
    func realSamplesLeftAlone() async throws {
        let survey = try await LibraryRepair.diagnose(
            ["iphone_IMG_3853_gwy15.HEIC", "iphone_IMG_3853_gwy15.MOV", "iphone7-ios12_IMG_2682_immich.heic"].map(ProjectPaths.sample),
            options: LibraryRepair.Options(wallpaper: true, jobs: 2))
        #expect(survey.diagnoses.isEmpty)
        #expect(survey.itemsChecked == 2)
    }

    @Test("--wallpaper gives a pair made without it the live-photo-info track; its frames are copied")
    func wallpaperTrackAdded() async throws {
        let ws = try Workspace()
        let (still, movie) = try await pair(in: ws.path, wallpaper: false)
        let frames = try await Readers.videoFramemd5(movie)
        #expect(try await LibraryRepair.diagnose([ws.path], options: LibraryRepair.Options(jobs: 1)).diagnoses.isEmpty)
        let (survey, entries) = try await repair([ws.path], LibraryRepair.Options(wallpaper: true, jobs: 1))
        #expect(survey.diagnoses.first?.entry.problems.map(\.kind) == [.wallpaper])
        #expect(entries.map(\.status) == [.mended])
        let report = await LivePhotoInspector.inspect([movie])
        #expect(report.files.first?.movie?.wallpaper?.ready == true)
        #expect(try await Readers.videoFramemd5(movie) == frames)
        #expect(try await verifies(still, movie))
    }
}

extension RepairTests {
    @Test("a HEIC Motion Photo whose editor put the video before the image data gets it back at the end, byte for byte")
    func videoBeforeImageRelaid() async throws {
        let ws = try Workspace()
        let sample = ProjectPaths.sample("samsung-s22-google-motionphoto-v1_ente.heic")
        // The sample laid out as Galaxy S23's editor leaves it, the video before the image data; its mpv2 offset follows.
        let file = try RandomAccessFile(path: sample)
        let heif = try HEIFFile(file: file)
        let boxes = heif.topLevel
        #expect(boxes.map(\.type) == ["ftyp", "mdat", "meta", "free", "mpvd"])
        let order = try HEIFBoxOrder([boxes[0], boxes[4], boxes[1], boxes[2], boxes[3]], fileSize: file.size)
        let motion = try MotionPhotoFile(file: file)
        let video = try #require(motion.video)
        let newStart = try #require(order.newOffset(of: video.offset))
        let field = try #require(try motion.samsungTrailer?.heicVideoOffsetField(newStart))
        let edited = try written(try order.pieces(of: heif, overlays: [field]), from: file)
        let moved = try ws.write(edited, to: "in/S23.heic")
        #expect(try await Readers.pixelDigest(moved) == Readers.pixelDigest(sample))

        let (survey, entries) = try await repair([moved])
        #expect(survey.diagnoses.first?.entry.problems.map(\.kind) == [.motionPhotoLayout])
        #expect(entries.map(\.status) == [.mended])
        _ = try await repair([sample], LibraryRepair.Options(outputDirectory: ws.file("out"), jobs: 1))
        // The same bytes as the sample with its directory mended.
        #expect(try bytes(moved) == bytes(ws.file("out/samsung-s22-google-motionphoto-v1_ente.heic")))
        #expect(try HEIFFile(file: RandomAccessFile(path: moved)).topLevel.map(\.type) == ["ftyp", "mdat", "meta", "free", "mpvd"])
    }
}

extension RepairTests {
    @Test("--bake-rotation encodes a movie shown turned by its matrix again upright: same identifier, same still time")
    func rotationBaked() async throws {
        let ws = try Workspace()
        let (identifier, before) = try await Self.rotatedLivePhoto(in: ws, name: "IMG_0001")
        let (still, movie) = (ws.file("IMG_0001.JPG"), ws.file("IMG_0001.MOV"))
        #expect(try await LibraryRepair.diagnose([ws.path], options: LibraryRepair.Options(jobs: 1)).diagnoses.isEmpty)
        var options = LibraryRepair.Options(jobs: 1)
        options.bakesRotation = true
        let (survey, entries) = try await repair([ws.path], options)
        #expect(survey.diagnoses.first?.entry.problems.map(\.kind) == [.rotation])
        #expect(entries.map(\.status) == [.mended], "\(entries)")
        let video = try #require(try await Readers.ffprobeStreams(movie).first { $0["codec_type"] as? String == "video" })
        #expect(video["width"] as? Int == before?["height"] as? Int && video["height"] as? Int == before?["width"] as? Int)
        #expect((video["side_data_list"] as? [[String: Any]])?.contains { $0["rotation"] != nil } != true)
        #expect(try await Readers.exiftoolMovieIdentifier(movie) == identifier)
        let report = await LivePhotoInspector.inspect([movie])
        #expect(abs((report.files.first?.movie?.coverTimeSeconds ?? 0) - 1.5) < 0.04)
        #expect(try await verifies(still, movie))
    }
}

extension RepairTests {
    @Test("a JPEG Motion Photo whose video an app re-compressed (the XMP's Length left as it was) gets the new length")
    func recompressedVideo() async throws {
        let ws = try Workspace()
        let sample = ProjectPaths.sample("libmphoto_motion_photo_v1_synthetic.jpg")
        let file = try RandomAccessFile(path: sample)
        let video = try #require(try MotionPhotoFile(file: file).video)
        let original = try ws.write(try file.read(at: video.offset, count: Int(video.length)), to: "original.mp4")
        let smaller = ws.file("recompressed.mp4")
        _ = try await Tool.run(
            "ffmpeg",
            ["-v", "error", "-i", original, "-c:v", "libx264", "-crf", "40", "-pix_fmt", "yuv420p", "-an", "-f", "mp4", "-y", smaller])
        let mp4 = try bytes(smaller)
        #expect(Int64(mp4.count) != video.length)
        let path = try ws.write(try file.read(at: 0, count: Int(video.offset)) + mp4, to: "in/PXL_0001.MP.jpg")
        #expect(throws: (any Error).self) { try MotionPhotoFile(file: RandomAccessFile(path: path)) }

        let (survey, entries) = try await repair([ws.file("in")])
        #expect(survey.diagnoses.first?.entry.problems.map(\.kind) == [.motionPhotoDirectory])
        #expect(entries.map(\.status) == [.mended])
        let mended = try RandomAccessFile(path: path)
        let motion = try MotionPhotoFile(file: mended)
        let found = try #require(motion.video)
        #expect(motion.videoLocator == .containerDirectory && found.length == Int64(mp4.count))
        #expect(try mended.read(at: found.offset, count: Int(found.length)) == mp4)
        #expect(try await Readers.videoFramemd5(smaller).count > 0)
    }
}

extension RepairTests {
    @Test(
        "nothing is written over what it should not be: a file reached twice, --out onto the originals, a file changed since it was checked, a read-only file"
    )
    func safety() async throws {
        let ws = try Workspace()
        let (still, movie) = try await pair(in: ws.file("lib"))
        try editMovie(movie, MovieRewrite.MetadataEdit(removing: [AppleMovieMetadata.contentIdentifierKey]))
        try FileManager.default.createSymbolicLink(atPath: ws.file("alias"), withDestinationPath: ws.file("lib"))
        let before = (try bytes(still), try bytes(movie))

        // The folder given twice, under two names: one item.
        let twice = try await LibraryRepair.diagnose(
            [ws.file("lib"), ws.file("alias/IMG_0001.JPG"), ws.file("alias/IMG_0001.MOV")],
            options: LibraryRepair.Options(jobs: 2))
        #expect(twice.diagnoses.count == 1)

        // --out that is the folder itself, through a link: refused, the originals untouched.
        var out = LibraryRepair.Options(outputDirectory: ws.file("alias"), jobs: 1)
        out.force = true
        let onto = try await repair([ws.file("lib")], out)
        #expect(onto.1.map(\.status) == [.failed] && onto.1.first?.reason?.contains("the original itself") == true)
        #expect((try bytes(still), try bytes(movie)) == before)

        // Changed after it was checked: the change is kept, the item fails.
        let survey = try await LibraryRepair.diagnose([ws.file("lib")], options: LibraryRepair.Options(jobs: 1))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: movie))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65]))
        try handle.close()
        let changed = try bytes(movie)
        let late = await LibraryRepair.mend(survey.diagnoses, options: LibraryRepair.Options(jobs: 1))
        #expect(late.map(\.status) == [.failed] && late.first?.reason?.contains("changed since it was checked") == true)
        #expect(try bytes(movie) == changed)

        // Read-only: left as it is.
        chmod(movie, 0o444)
        defer { chmod(movie, 0o644) }
        let (_, readOnly) = try await repair([ws.file("lib")])
        #expect(readOnly.map(\.status) == [.failed] && readOnly.first?.reason?.contains("read-only") == true)
        #expect(try bytes(movie) == changed)
    }
}

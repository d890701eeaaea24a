import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// Other makers' single-file live photos (docs/formats/makers.md): each flavour written by `convert --to motion --flavor`, read back
/// by our reader and by exiftool, split to the MP4 that went in, and converted back to the same Live Photo; files built
/// here from the layouts of docs/formats/makers.md (a HUAWEI tail, Honor's matrices, a legacy tail, OPPO's VideoLength before a OnePlus
/// trailer); and the bad input each layout allows.
@Suite("other makers' live photos: read, write, split, back to Apple")
struct MakerFamilyTests {
    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }
    static func write(_ bytes: [UInt8], _ path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
    static func u16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    static func u32(_ b: [UInt8], _ i: Int) -> Int { u16(b, i) << 16 | u16(b, i + 2) }

    static func inspected(_ path: String) async throws -> InspectionReport.FileReport {
        try #require(await LivePhotoInspector.inspect([path]).files.first)
    }

    @Test(
        "each flavour: inspect names its family and the MP4's bytes, split gives them, exiftool reads the marks, and it comes back as the same Live Photo",
        arguments: [
            (MotionConversionOptions.Flavor.google, PhotoFamily.google), (.samsung, .samsung), (.oppo, .oppo), (.vivo, .vivo),
            (.xiaomi, .xiaomi), (.huawei, .huawei), (.honor, .honor),
        ])
    func flavourRoundTrip(_ flavor: MotionConversionOptions.Flavor, _ family: PhotoFamily) async throws {
        let ws = try Workspace()
        let (photo, movie, made) = try await MotionPhotoFlavorTests.jpegLivePhoto(ws)
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: photo, movie: movie, options: MotionConversionOptions(outputDirectory: ws.file("mp"), flavor: flavor))
        #expect(!result.reencoded, "the clip is H.264 already")
        let all = try Self.bytes(result.output)
        let mp4 = Array(all[Int(result.videoOffset)..<Int(result.videoOffset + result.videoLength)])

        let report = try await Self.inspected(result.output)
        #expect(report.flavor == family)
        #expect(report.problems.isEmpty, "\(report.problems)")
        let motion = try #require(report.motionPhoto)
        #expect(motion.videoOffset == result.videoOffset && motion.videoLength == result.videoLength)
        #expect(abs((motion.coverTimeSeconds ?? -1) - made.coverTime) < 0.0005)

        // split: the MP4 byte for byte, never a trailer or tail after it.
        let split = try #require(
            try await LivePhotoSplitter.split([result.output], options: SplitOptions(outputDirectory: ws.file("split"))).first)
        let sameMP4 = try Self.bytes(split.video) == mp4
        #expect(sameMP4, "the split MP4 is not the bytes at the reported range")
        #expect(try await Readers.framemd5(split.video) == Readers.framemd5(movie))

        let tags = try await Readers.exiftool(
            result.output,
            [
                "-ExifIFD:UserComment", "-File:ExifByteOrder", "-XMP-OpCamera:all", "-XMP-VCamera:all", "-XMP-GCamera:all", "-u",
                "-ExifIFD:Exif_0x8897",
            ])
        switch flavor {
        case .oppo:
            #expect(tags["ExifIFD:UserComment"] == MakerMarks.oppoUserComment)
            #expect(tags["XMP-OpCamera:VideoLength"] == String(result.videoLength))
            #expect(tags["XMP-OpCamera:MotionPhotoOwner"] == "oplus")
            // OPPO's byte order, every tag kept: the Apple MakerNote's identifier reads as before.
            #expect(tags["File:ExifByteOrder"]?.hasPrefix("Little-endian") == true, "\(tags["File:ExifByteOrder"] ?? "none")")
            #expect(try await Readers.exiftoolStillIdentifier(result.output) == made.identifier.rawValue)
        case .vivo:
            #expect(tags["XMP-VCamera:VMotionPhotoVersion"] == "1")
        case .xiaomi:
            #expect(tags["XMP-GCamera:MicroVideoOffset"] == String(result.videoLength))
            #expect(tags["ExifIFD:Exif_0x8897"] == "1")
        case .huawei, .honor:
            // The photo's bytes as they were, then the MP4, then the 60-byte tail.
            let samePhoto = Array(all.prefix(Int(result.videoOffset))) == (try Self.bytes(photo))
            #expect(samePhoto, "the photo's bytes before the MP4")
            let tail = String(decoding: all.suffix(60), as: UTF8.self)
            #expect(tail.hasPrefix(flavor == .honor ? "v2_f" : "v6_f"))
            #expect(tail.hasSuffix("LIVE_\(result.videoLength + 20)".padding(toLength: 20, withPad: " ", startingAt: 0)))
            let covertime = try await Tool.run(
                "ffprobe", ["-v", "error", "-show_entries", "format_tags=com.openharmony.covertime", "-of", "csv=p=0", split.video])
            #expect(abs((Double(covertime.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1) - made.coverTime * 1000) < 0.5)
        default:
            #expect(tags["XMP-GCamera:MotionPhoto"] == "1")
        }
        if ![.huawei, .honor, .samsung].contains(flavor) {
            // exiftool's Google reader (12.57: File:EmbeddedVideo) finds the same MP4 (Samsung's trailer is read by
            // its Samsung reader instead: MotionPhotoFlavorTests).
            let extracted = try await Tool.run("exiftool", ["-b", "-ee", "-EmbeddedVideo", result.output])
            let same = [UInt8](extracted.stdoutData).starts(with: mp4)
            #expect(same, "exiftool read \(extracted.stdoutData.count) bytes, not the \(mp4.count) of the MP4")
        }

        // Back to Apple: the same identifier, the same cover, the same frames, and verify passes.
        let back = try await LivePhotoConverter.toLivePhoto(result.output, options: MakeOptions(outputDirectory: ws.file("back")))
        #expect(back.identifier == made.identifier)
        #expect(abs(back.coverTime - made.coverTime) < 0.0005)
        let backMovie = try #require(back.movie), backPhoto = try #require(back.photo)
        #expect(try await Readers.framemd5(backMovie) == Readers.framemd5(movie))
        let verdict = await LivePhotoVerifier.verify(photo: backPhoto, movie: backMovie)
        #expect(verdict.passed, "\(verdict.checks.filter { !$0.passed })")
    }

    @Test("huawei and honor: an HEVC movie becomes H.264, and the result says so")
    func huaweiReencodes() async throws {
        let ws = try Workspace()
        let (photo, movie, _) = try await MotionPhotoFlavorTests.jpegLivePhoto(ws, codec: .hevc)
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: photo, movie: movie, options: MotionConversionOptions(outputDirectory: ws.file("mp"), flavor: .huawei))
        #expect(result.reencoded)
        #expect(result.notes.contains { $0.contains("H.264") })
        let split = try #require(
            try await LivePhotoSplitter.split([result.output], options: SplitOptions(outputDirectory: ws.file("split"))).first)
        let streams = try await Readers.ffprobeStreams(split.video)
        #expect(streams.contains { $0["codec_name"] as? String == "h264" })
        // ffmpeg keeps the keys in udta's metadata: the cover time joins them there, and both readers find it.
        let covertime = try await Tool.run(
            "ffprobe", ["-v", "error", "-show_entries", "format_tags=com.openharmony.covertime", "-of", "csv=p=0", split.video])
        #expect(abs((Double(covertime.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1) - 1200) < 0.5, "\(covertime.stdout)")
        let tags = try await Readers.exiftool(split.video, ["-Keys:OpenharmonyCovertime"])
        #expect(tags["Keys:OpenharmonyCovertime"].flatMap(Double.init) == 1200, "\(tags)")
    }

    /// The first audio sample entry of `path`'s movie, as written.
    static func audioEntry(_ path: String) throws -> [UInt8] {
        let movie = try Movie(file: RandomAccessFile(path: path))
        return try #require(movie.tracks.first { $0.isAudio }?.descriptions.first?.bytes)
    }

    @Test(
        "the MP4's AAC is an ISO version-0 'mp4a' with its own 'esds' (QuickTime's 'wave' form is dropped by Android's player); ffprobe agrees"
    )
    func isoAudioEntry() async throws {
        let ws = try Workspace()
        let (photo, movie, _) = try await MotionPhotoFlavorTests.jpegLivePhoto(ws)
        let before = try Self.audioEntry(movie)
        #expect(Self.u16(before, 16) == 1, "ffmpeg's .mov writes AAC as a version-1 description with 'wave'")
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: photo, movie: movie, options: MotionConversionOptions(outputDirectory: ws.file("mp"), flavor: .google))
        #expect(!result.soundEncoded)
        let split = try #require(
            try await LivePhotoSplitter.split([result.output], options: SplitOptions(outputDirectory: ws.file("split"))).first)
        let entry = try Self.audioEntry(split.video)
        #expect(Array(entry[4..<8]) == Array("mp4a".utf8))
        #expect(Self.u16(entry, 16) == 0, "version 0")
        #expect(Array(entry[40..<44]) == Array("esds".utf8), "'esds' is the entry's first child")
        #expect(Self.u16(entry, 28) == 16 || Self.u16(entry, 26) == 16, "sample size 16")
        let probe = try await Tool.run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=channels,sample_rate,codec_name", "-of", "csv=p=0",
                split.video,
            ])
        let fields = probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map(String.init)
        #expect(fields == ["aac", String(Self.u32(entry, 32) >> 16), String(Self.u16(entry, 24))])
        // The same sound: every audio packet decodes as before.
        #expect(try await Readers.framemd5(split.video) == Readers.framemd5(movie))
    }

    @Test(
        "the real iPhone's PCM sound is copied into the MP4 under 'sowt', with no encoder: every sample and frame as before",
        .needsSamples)
    func lpcmCopied() async throws {
        let ws = try Workspace()
        let movie = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")
        #expect(Array(try Self.audioEntry(movie)[4..<8]) == Array("lpcm".utf8))
        // No ffmpeg is needed: its path leads nowhere.
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), movie: movie,
            options: MotionConversionOptions(outputDirectory: ws.file("mp"), flavor: .google, ffmpegPath: ws.file("no-such-ffmpeg")))
        #expect(!result.soundEncoded && !result.reencoded)
        #expect(!result.notes.contains { $0.contains("sound") }, "\(result.notes)")
        let split = try #require(
            try await LivePhotoSplitter.split([result.output], options: SplitOptions(outputDirectory: ws.file("split"))).first)
        let entry = try Self.audioEntry(split.video)
        #expect(Array(entry[4..<8]) == Array("sowt".utf8) && entry.count == 36)
        #expect(try await Readers.audioCodec(split.video) == "pcm_s16le")
        #expect(try await Readers.videoFramemd5(split.video) == Readers.videoFramemd5(movie))
        // The decoded sound, whole: the same samples.
        #expect(try await Self.soundMD5(split.video) == Self.soundMD5(movie))
        #expect(try await Self.soundMD5(movie).hasPrefix("MD5="))
    }

    /// The MD5 of the first sound stream, decoded whole, by ffmpeg.
    static func soundMD5(_ path: String) async throws -> String {
        try await Tool.run("ffmpeg", ["-v", "error", "-i", path, "-map", "0:a:0", "-f", "md5", "-"]).stdout
    }

    @Test("big-endian PCM, which no MP4 player takes, is encoded to AAC for the MP4, the video's samples copied; said so")
    func bigEndianPCMEncoded() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec())
        let movie = ws.file("twos.mov")
        try await Tool.run(
            "ffmpeg",
            [
                "-v", "error", "-i", clip, "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=3", "-map", "0:v",
                "-map", "1:a", "-c:v", "copy", "-c:a", "pcm_s16be", "-shortest", movie,
            ])
        #expect(Array(try Self.audioEntry(movie)[4..<8]) == Array("twos".utf8))
        let photo = try await ClipStore.shared.jpeg()
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: photo, movie: movie, options: MotionConversionOptions(outputDirectory: ws.file("mp"), flavor: .google))
        #expect(result.soundEncoded && !result.reencoded)
        #expect(result.notes.contains { $0.contains("the sound (twos) was encoded to AAC") }, "\(result.notes)")
        let split = try #require(
            try await LivePhotoSplitter.split([result.output], options: SplitOptions(outputDirectory: ws.file("split"))).first)
        #expect(try await Readers.audioCodec(split.video) == "aac")
        #expect(Array(try Self.audioEntry(split.video)[4..<8]) == Array("mp4a".utf8))
        #expect(try await Readers.videoFramemd5(split.video) == Readers.videoFramemd5(movie))

        // Without ffmpeg the Motion Photo is still written, losslessly, and says that its sound stays as it is.
        let without = try await LivePhotoConverter.toMotionPhoto(
            photo: photo, movie: movie,
            options: MotionConversionOptions(outputDirectory: ws.file("no-ffmpeg"), flavor: .google, ffmpegPath: ws.file("no-such-ffmpeg")))
        #expect(!without.soundEncoded)
        #expect(without.notes.contains { $0.contains("stays as it is") })
    }

    @Test("oppo, vivo and xiaomi take a JPEG only: a HEIC photo is refused, nothing is written", .needsSamples)
    func jpegOnly() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec())
        for flavor in [MotionConversionOptions.Flavor.oppo, .vivo, .xiaomi] {
            await #expect {
                _ = try await LivePhotoConverter.toMotionPhoto(
                    photo: ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), movie: clip,
                    options: MotionConversionOptions(outputDirectory: ws.file("mp"), flavor: flavor))
            } throws: { error in
                guard case .unsupported(_, let reason) = error as? LivePhotoError else { return false }
                return reason.contains("JPEG")
            }
        }
        #expect(try ws.contents("mp").isEmpty)
    }

    // MARK: - Files built from docs/formats/makers.md

    /// A 20-byte tail field.
    static func field(_ text: String) -> [UInt8] { Array(text.utf8) + [UInt8](repeating: 0x20, count: 20 - text.utf8.count) }

    /// A JPEG, an MP4 and whatever `after` holds, then HUAWEI's tail with `tag` (nil: the legacy 40-byte tail).
    static func movingPhoto(_ ws: Workspace, name: String, tag: String?, playInfo: String, lengthAdjustment: Int = 0, after: [UInt8] = [])
        async throws -> (path: String, mp4: [UInt8], imageLength: Int)
    {
        let image = try bytes(try await ClipStore.shared.jpeg())
        let mp4 = try bytes(try await ClipStore.shared.path(ClipSpec(container: .mp4, audio: true)))
        let n = mp4.count + (tag == nil ? 0 : 20) + after.count + lengthAdjustment
        let tail = (tag.map(field) ?? []) + field(playInfo) + field("LIVE_\(n)")
        let path = ws.file(name)
        try write(image + mp4 + after + tail, path)
        return (path, mp4, image.count)
    }

    @Test(
        "HUAWEI's tail (v6), Honor's (v2 with its matrices after the MP4) and the legacy 40-byte one: the family, the cover, the MP4 byte for byte"
    )
    func builtMovingPhotos() async throws {
        let ws = try Workspace()
        // Honor: a `uuid` box of per-frame matrices between the MP4 and the tail, counted in N.
        let matrixJSON = Array(#"ix[{"frameNum":0,"matrix":[1,0,0,0,1,0,0,0,1]}]"#.utf8)
        let matrices =
            [UInt8]([0, 0, 0, UInt8(8 + 16 + matrixJSON.count)]) + Array("uuid".utf8) + Array("extend_type_matr".utf8)
            + matrixJSON
        let cases: [(String, String?, String, [UInt8], PhotoFamily, Double, Int?)] = [
            ("huawei.jpg", "v6_f39", "700:1300", [], .huawei, 1.3, 39),
            ("honor.jpg", "v2_f30", "400:1000", matrices, .honor, 1.0, 30),
            ("legacy.jpg", nil, "0:500", [], .huawei, 0.5, nil),
        ]
        for (name, tag, play, after, family, cover, frame) in cases {
            let (path, mp4, imageLength) = try await Self.movingPhoto(ws, name: name, tag: tag, playInfo: play, after: after)
            let report = try await Self.inspected(path)
            #expect(report.flavor == family, "\(name)")
            #expect(report.problems.isEmpty, "\(name): \(report.problems)")
            let motion = try #require(report.motionPhoto)
            #expect(motion.flavor == .huaweiMovingPhoto)
            #expect(motion.videoOffset == Int64(imageLength) && motion.videoLength == Int64(mp4.count), "\(name)")
            #expect(abs((motion.coverTimeSeconds ?? -1) - cover) < 0.0005, "\(name)")
            #expect(motion.coverFrameIndex == frame, "\(name)")
            let split = try #require(
                try await LivePhotoSplitter.split([path], options: SplitOptions(outputDirectory: ws.file("split-\(name)"))).first)
            let sameMP4 = try Self.bytes(split.video) == mp4,
                samePhoto = try Self.bytes(split.photo) == Array(try Self.bytes(path).prefix(imageLength))
            #expect(sameMP4, "\(name): the MP4 that went in, byte for byte")
            #expect(samePhoto, "\(name): the image before the MP4")
            let back = try await LivePhotoConverter.toLivePhoto(path, options: MakeOptions(outputDirectory: ws.file("live-\(name)")))
            #expect(abs(back.coverTime - cover) < 0.04, "\(name): the tail's cover, snapped to a frame")
        }
    }

    @Test("OPPO: VideoLength ends the MP4 before a OnePlus trailer that the directory's item counts")
    func oppoVideoLength() async throws {
        let ws = try Workspace()
        let image = try Self.bytes(try await ClipStore.shared.jpeg())
        let mp4 = try Self.bytes(try await ClipStore.shared.path(ClipSpec(container: .mp4)))
        let json = Array(#"[{"name":"private.emptyspace","offset":0,"length":64}]"#.utf8)
        let trailer = [UInt8](repeating: 0x5A, count: 40) + json + Array("jxrs".utf8) + [UInt8(json.count + 8), 0, 0, 0]
        let xmp = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" \
            xmlns:OpCamera="http://ns.oplus.com/photos/1.0/camera/" xmlns:Container="http://ns.google.com/photos/1.0/container/" \
            xmlns:Item="http://ns.google.com/photos/1.0/container/item/" GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" \
            GCamera:MotionPhotoPresentationTimestampUs="1000000" OpCamera:MotionPhotoOwner="oplus" OpCamera:OLivePhotoVersion="2" \
            OpCamera:VideoLength="\(mp4.count)"><Container:Directory><rdf:Seq>\
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>\
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\(mp4.count + trailer.count)" Item:Padding="0"/></rdf:li>\
            </rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let app1 = try JPEGFile.xmpSegment(packet: Array(xmp.utf8))
        let path = ws.file("oppo.jpg")
        try Self.write(Array(image.prefix(2)) + app1 + image.dropFirst(2) + mp4 + trailer, path)
        let report = try await Self.inspected(path)
        #expect(report.flavor == .oppo)
        #expect(report.motionPhoto?.videoLength == Int64(mp4.count))
        let split = try #require(try await LivePhotoSplitter.split([path], options: SplitOptions(outputDirectory: ws.file("split"))).first)
        let sameMP4 = try Self.bytes(split.video) == mp4
        #expect(sameMP4, "the split MP4 is not the bytes at the reported range")
    }
}

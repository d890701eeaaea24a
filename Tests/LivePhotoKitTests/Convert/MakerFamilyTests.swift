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

    @Test("the real iPhone's LPCM sound is encoded to AAC for the MP4, the video's samples copied; the result says so")
    func lpcmEncoded() async throws {
        let ws = try Workspace()
        let movie = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")
        #expect(Array(try Self.audioEntry(movie)[4..<8]) == Array("lpcm".utf8))
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), movie: movie,
            options: MotionConversionOptions(outputDirectory: ws.file("mp"), flavor: .google))
        #expect(result.soundEncoded && !result.reencoded)
        #expect(result.notes.contains { $0.contains("AAC") })
        let split = try #require(
            try await LivePhotoSplitter.split([result.output], options: SplitOptions(outputDirectory: ws.file("split"))).first)
        #expect(try await Readers.audioCodec(split.video) == "aac")
        #expect(Array(try Self.audioEntry(split.video)[4..<8]) == Array("mp4a".utf8))
        #expect(try await Readers.videoFramemd5(split.video) == Readers.videoFramemd5(movie))

        // Without ffmpeg the Motion Photo is still written, losslessly, and says that its sound stays LPCM.
        let without = try await LivePhotoConverter.toMotionPhoto(
            photo: ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), movie: movie,
            options: MotionConversionOptions(outputDirectory: ws.file("no-ffmpeg"), flavor: .google, ffmpegPath: ws.file("no-such-ffmpeg")))
        #expect(!without.soundEncoded)
        #expect(without.notes.contains { $0.contains("stays as it is") })
    }

    @Test("oppo, vivo and xiaomi take a JPEG only: a HEIC photo is refused, nothing is written")
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

    /// A JPEG whose XMP (one Description, as cameras write it) has `attributes` and a directory of `items`
    /// (semantic, mime, length), followed by `after`.
    static func motionJPEG(_ image: [UInt8], attributes: String, items: [(String, String, Int)], after: [UInt8]) throws -> [UInt8] {
        let list = items.map { semantic, mime, length in
            "<rdf:li rdf:parseType=\"Resource\"><Container:Item Item:Mime=\"\(mime)\" Item:Semantic=\"\(semantic)\" Item:Length=\"\(length)\" Item:Padding=\"0\"/></rdf:li>"
        }.joined()
        let xmp = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" \
            xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" xmlns:Container="http://ns.google.com/photos/1.0/container/" \
            xmlns:Item="http://ns.google.com/photos/1.0/container/item/" GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" \
            GCamera:MotionPhotoPresentationTimestampUs="1000000" \(attributes)><Container:Directory><rdf:Seq>\(list)\
            </rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
            """
        return Array(image.prefix(2)) + (try JPEGFile.xmpSegment(packet: Array(xmp.utf8))) + image.dropFirst(2) + after
    }

    @Test("Ultra HDR: a directory of Primary, GainMap and MotionPhoto; split keeps the gain map with the photo and gives the MP4")
    func gainMapItem() async throws {
        let ws = try Workspace()
        let image = try Self.bytes(try await ClipStore.shared.jpeg())
        let gainMap = try Self.bytes(try await ClipStore.shared.jpeg())
        let mp4 = try Self.bytes(try await ClipStore.shared.path(ClipSpec(container: .mp4)))
        let path = ws.file("PXL_MP.jpg")
        let file = try Self.motionJPEG(
            image, attributes: "hdrgm:Version=\"1.0\"",
            items: [("Primary", "image/jpeg", 0), ("GainMap", "image/jpeg", gainMap.count), ("MotionPhoto", "video/mp4", mp4.count)],
            after: gainMap + mp4)
        try Self.write(file, path)
        let report = try await Self.inspected(path)
        #expect(report.flavor == .google)
        #expect(report.motionPhoto?.directory.map(\.semantic) == ["Primary", "GainMap", "MotionPhoto"])
        let split = try #require(try await LivePhotoSplitter.split([path], options: SplitOptions(outputDirectory: ws.file("split"))).first)
        let photo = try Self.bytes(split.photo), video = try Self.bytes(split.video)
        #expect(photo.count == file.count - mp4.count, "the photo is everything before the MP4")
        let keepsGainMap = Array(photo.suffix(gainMap.count)) == gainMap, sameMP4 = video == mp4
        #expect(keepsGainMap && sameMP4)
    }

    /// An Ultra HDR JPEG as libultrahdr lays it out: SOI, the XMP (`hdrgm` and a directory of Primary and GainMap),
    /// the MPF index in APP2 (the primary's size; the gain map's offset from the index's TIFF header), the image, and
    /// the gain map JPEG after it.
    static func ultraHDR(_ image: [UInt8], gainMap: [UInt8]) throws -> [UInt8] {
        let xmp = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description rdf:about="" xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" \
            xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/" \
            hdrgm:Version="1.0"><Container:Directory><rdf:Seq>\
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>\
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg" Item:Length="\(gainMap.count)"/></rdf:li>\
            </rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let xmpSegment = try JPEGFile.xmpSegment(packet: Array(xmp.utf8))
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        // TIFF header, an IFD of three entries, then two 16-byte MP entries.
        func mpf(primarySize: Int, gainMapOffset: Int) -> [UInt8] {
            var t: [UInt8] = Array("MM".utf8) + be16(42) + be32(8) + be16(3)
            t += be16(0xB000) + be16(7) + be32(4) + Array("0100".utf8)
            t += be16(0xB001) + be16(4) + be32(1) + be32(2)
            t += be16(0xB002) + be16(7) + be32(32) + be32(8 + 2 + 36 + 4)
            t += be32(0)
            t += be32(0x030000) + be32(primarySize) + be32(0) + be16(0) + be16(0)
            t += be32(0) + be32(gainMap.count) + be32(gainMapOffset) + be16(0) + be16(0)
            let payload = MultiPictureFormat.signature + t
            return [0xFF, 0xE2] + be16(payload.count + 2) + payload
        }
        let app2Size = mpf(primarySize: 0, gainMapOffset: 0).count
        let primarySize = image.count + xmpSegment.count + app2Size
        let app2At = 2 + xmpSegment.count
        let app2 = mpf(primarySize: primarySize, gainMapOffset: primarySize - (app2At + 8))
        return Array(image.prefix(2)) + xmpSegment + app2 + image.dropFirst(2) + gainMap
    }

    @Test(
        "Ultra HDR stays Ultra HDR: --to motion and back keep the gain map where MPF says (exiftool's MPImage2), and list it in the directory"
    )
    func ultraHDRKept() async throws {
        let ws = try Workspace()
        let image = try Self.bytes(try await ClipStore.shared.jpeg())
        let gainMap = try Self.bytes(try await ClipStore.shared.jpeg(width: 96, height: 54))
        let photo = ws.file("PXL.jpg")
        try Self.write(try Self.ultraHDR(image, gainMap: gainMap), photo)
        // MPF's second image is the gain map, and its first (the primary) is as long as the bytes before the gain map.
        func gainMapByMPF(_ path: String) async throws -> Bool {
            let r = try await Tool.run("exiftool", ["-b", "-MPImage2", path])
            let lengths = try await Tool.run("exiftool", ["-a", "-s3", "-MPImageStart", path]).stdout.split(separator: "\n")
            let file = try Self.bytes(path)
            guard let start = lengths.last.flatMap({ Int($0) }), start + gainMap.count <= file.count else { return false }
            let primary = try await Tool.run("exiftool", ["-a", "-s3", "-MPImageLength", path]).stdout.split(separator: "\n").first
            return [UInt8](r.stdoutData) == gainMap && Array(file[start..<start + gainMap.count]) == gainMap
                && primary.flatMap { Int($0) } == start
        }
        #expect(try await gainMapByMPF(photo), "the built file itself")
        let clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        for flavor in [MotionConversionOptions.Flavor.google, .oppo] {
            let motion = try await LivePhotoConverter.toMotionPhoto(
                photo: photo, movie: clip, options: MotionConversionOptions(outputDirectory: ws.file("mp-\(flavor)"), flavor: flavor))
            #expect(try await gainMapByMPF(motion.output), "\(flavor): MPF finds the gain map after the XMP grew")
            let report = try await Self.inspected(motion.output)
            #expect(report.motionPhoto?.directory.map(\.semantic) == ["Primary", "GainMap", "MotionPhoto"], "\(flavor)")
            let back = try await LivePhotoConverter.toLivePhoto(
                motion.output, options: MakeOptions(outputDirectory: ws.file("live-\(flavor)")))
            #expect(try await gainMapByMPF(try #require(back.photo)), "\(flavor): the Live Photo's still keeps it too")
        }
    }

    @Test(
        "bad input: OPPO's VideoLength past the video item is noted and the boxes are used; a LIVE_ tail and an XMP directory that disagree are a problem"
    )
    func disagreeingMarks() async throws {
        let ws = try Workspace()
        let image = try Self.bytes(try await ClipStore.shared.jpeg())
        let mp4 = try Self.bytes(try await ClipStore.shared.path(ClipSpec(container: .mp4)))
        let oppo = ws.file("oppo.jpg")
        try Self.write(
            try Self.motionJPEG(
                image, attributes: "xmlns:OpCamera=\"http://ns.oplus.com/photos/1.0/camera/\" OpCamera:VideoLength=\"\(mp4.count + 5000)\"",
                items: [("Primary", "image/jpeg", 0), ("MotionPhoto", "video/mp4", mp4.count)], after: mp4), oppo)
        let report = try await Self.inspected(oppo)
        #expect(report.flavor == .oppo && report.motionPhoto?.videoLength == Int64(mp4.count))
        #expect(report.motionPhoto?.notes.contains { $0.contains("VideoLength") } == true)

        // A HUAWEI tail after a file whose XMP directory counts the tail in the video: the two rules disagree.
        let both = ws.file("both.jpg")
        let tail = Self.field("v6_f10") + Self.field("0:300") + Self.field("LIVE_\(mp4.count + 20)")
        try Self.write(
            try Self.motionJPEG(
                image, attributes: "", items: [("Primary", "image/jpeg", 0), ("MotionPhoto", "video/mp4", mp4.count + 30)],
                after: mp4 + tail),
            both)
        let mixed = try await Self.inspected(both)
        #expect(mixed.flavor == .huawei)
        #expect(mixed.problems.contains { $0.contains("LIVE_") && $0.contains("Google") }, "\(mixed.problems)")
    }

    /// A vivo pair as phones up to the X200 write it, from docs/formats/makers.md#vivo-two-file-live-photos: `IMG.jpg` with the footer after its EOI,
    /// `IMG.mp4` ending with a `uuid` box (`vivoMediaExtInfo`) holding the footer with the cover's frame index.
    static func vivoPair(_ ws: Workspace, id: String, imageTime: Int, movieID: String? = nil) async throws -> (photo: String, movie: String)
    {
        let image = try bytes(try await ClipStore.shared.jpeg())
        let mp4 = try bytes(try await ClipStore.shared.path(ClipSpec(container: .mp4)))
        let photoFooter = VivoFooter.encoded(
            json: #"{"com.android.camera.livephoto":"\#(id)","version":2200,"takenmodel":"vivo X200","moduleid":"live_photo"}"#,
            pairingID: id)
        let movieID = movieID ?? id
        let movieFooter = VivoFooter.encoded(
            json: #"{"com.android.camera.livephoto":"\#(movieID)","com.android.camera.imageTime":\#(imageTime),"faceInfo":{}}"#,
            pairingID: movieID)
        let box = BoxHeader.encoded("uuid", payloadSize: UInt64(16 + movieFooter.count)) + VivoFooter.userType + movieFooter
        let (photo, movie) = (ws.file("vivo/IMG_20250101_120000.jpg"), ws.file("vivo/IMG_20250101_120000.mp4"))
        try FileManager.default.createDirectory(atPath: ws.file("vivo"), withIntermediateDirectories: true)
        try write(image + photoFooter, photo)
        try write(mp4 + box, movie)
        return (photo, movie)
    }

    @Test(
        "vivo's two files (up to the X200): both named vivo with their pairing id; convert --to live finds the movie and puts the cover on vivo's frame"
    )
    func vivoPairs() async throws {
        let ws = try Workspace()
        let id = "1781689481524ba274bd00000000"
        let (photo, movie) = try await Self.vivoPair(ws, id: id, imageTime: 30)
        let report = await LivePhotoInspector.inspect([photo, movie])
        #expect(report.files.map(\.flavor) == [.vivo, .vivo])
        #expect(report.files.map(\.pairingIdentifier) == [id, id])
        #expect(report.files.allSatisfy { $0.problems.isEmpty }, "\(report.files.map(\.problems))")
        #expect(report.pair?.reason.contains("vivo") == true)
        let made = try await LivePhotoConverter.toLivePhoto(photo, options: MakeOptions(outputDirectory: ws.file("live")))
        #expect(abs(made.coverTime - 1.0) < 0.0005, "frame 30 of a 30 fps movie")
        #expect(made.notes.contains { $0.contains("vivo") })
        let verdict = await LivePhotoVerifier.verify(photo: try #require(made.photo), movie: try #require(made.movie))
        #expect(verdict.passed, "\(verdict.checks.filter { !$0.passed })")
        #expect(try await Readers.videoFramemd5(try #require(made.movie)) == Readers.videoFramemd5(movie))

        // A movie of another pair is never taken; a footer whose JSON does not read is a problem, the photo still a photo.
        let other = try Workspace()
        let (lonely, _) = try await Self.vivoPair(other, id: id, imageTime: 30, movieID: "1781689481524ba274bd00000001")
        await #expect {
            _ = try await LivePhotoConverter.toLivePhoto(lonely, options: MakeOptions(outputDirectory: other.file("live")))
        } throws: { error in
            guard case .badInput(let file, let reason) = error as? LivePhotoError else { return false }
            return file == lonely && reason.contains(id)
        }
        var broken = try Self.bytes(photo)
        if let at = broken.lastIndex(of: UInt8(ascii: "{")) { broken[at] = UInt8(ascii: "[") }
        if let first = broken.indices.first(where: { i in i + 5 <= broken.count && Array(broken[i..<i + 5]) == Array("vivo{".utf8) }) {
            broken[first + 4] = UInt8(ascii: "[")
        }
        let brokenPath = ws.file("broken.jpg")
        try Self.write(broken, brokenPath)
        let brokenReport = try await Self.inspected(brokenPath)
        #expect(brokenReport.error == nil && brokenReport.flavor == nil)
        #expect(brokenReport.problems.contains { $0.contains("vivo") }, "\(brokenReport.problems)")
    }

    @Test(
        "vivo's two files: scan pairs them by pairing id as one Motion Photo item; split gives the photo without its footer and the movie without its box; batches take them"
    )
    func vivoPairScannedAndSplit() async throws {
        let ws = try Workspace()
        let id = "1781689481524ba274bd00000000"
        let (photo, movie) = try await Self.vivoPair(ws, id: id, imageTime: 30)
        // Beside it, a pair whose ids differ (a conflict) and a photo whose movie is not vivo's (each alone).
        let elsewhere = try Workspace()
        let other = try await Self.vivoPair(elsewhere, id: id, imageTime: 3, movieID: "1781689481524ba274bd00000001")
        try FileManager.default.copyItem(atPath: other.photo, toPath: ws.file("vivo/IMG_2.jpg"))
        try FileManager.default.copyItem(atPath: other.movie, toPath: ws.file("vivo/IMG_2.mp4"))
        try FileManager.default.copyItem(atPath: other.photo, toPath: ws.file("vivo/IMG_3.jpg"))
        try FileManager.default.copyItem(
            atPath: try await ClipStore.shared.path(ClipSpec(container: .mp4)), toPath: ws.file("vivo/IMG_3.mp4"))

        let scan = try await LibraryScanner.scan([ws.file("vivo")])
        let pair = try #require(scan.items.first { $0.files.first == photo })
        #expect(pair.kind == .motionPhoto && pair.flavor == .vivoPair && pair.pairedBy == .vivoPairingID)
        #expect(pair.files == [photo, movie] && pair.identifier == id)
        #expect(scan.items.first { $0.files.contains(ws.file("vivo/IMG_2.jpg")) }?.kind == .conflict)
        #expect(
            scan.items.filter { $0.files.first?.contains("IMG_3") == true }.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [
                .plainMovie, .plainPhoto,
            ])

        // split of the photo alone finds the movie; the outputs are a plain JPEG and a plain MP4 with the same frames.
        let split = try #require(
            try await LivePhotoSplitter.split([photo], options: SplitOptions(outputDirectory: ws.file("split"))).first)
        #expect(split.kind == .vivoPair)
        #expect(abs((split.coverTimeSeconds ?? -1) - 1.0) < 0.0005, "vivo's frame 30 at 30 fps")
        #expect(split.removed.contains("photo: vivo footer") && split.removed.contains("movie: vivo footer"), "\(split.removed)")
        let image = try Self.bytes(try await ClipStore.shared.jpeg())
        #expect(try Self.bytes(split.photo) == image, "the photo's bytes up to the footer")
        #expect(split.video.hasSuffix(".mp4"))
        #expect(try await Readers.videoFramemd5(split.video) == Readers.videoFramemd5(movie))
        let plain = await LivePhotoInspector.inspect([split.photo, split.video])
        #expect(plain.files.allSatisfy { $0.pairingIdentifier == nil && $0.flavor == nil }, "\(plain.files.map(\.flavor))")

        // Batches: split and convert --to live take the pair as one item.
        var results: [LibraryBatch.ItemResult] = []
        let summary = await LibraryBatch.run([pair], action: .split, options: BatchOptions(outputRoot: ws.file("batch"))) {
            results.append($0)
        }
        #expect(summary.done == 1, "\(results)")
        let live = await LibraryBatch.run([pair], action: .toLivePhoto(MakeOptions()), options: BatchOptions(outputRoot: ws.file("live"))) {
            results.append($0)
        }
        #expect(live.done == 1, "\(results)")
        let made = try #require(results.last?.outputs)
        #expect(made.count == 2)
        let verdict = await LivePhotoVerifier.verify(photo: made[0], movie: made[1])
        #expect(verdict.passed, "\(verdict.checks.filter { !$0.passed })")
    }

    @Test("--flavor vivo-pair: STEM.jpg and STEM.mp4 with one new pairing id; read back as vivo's, and back to the same Live Photo")
    func vivoPairWritten() async throws {
        let ws = try Workspace()
        let (photo, movie, made) = try await MotionPhotoFlavorTests.jpegLivePhoto(ws)
        let result = try await LivePhotoConverter.toMotionPhoto(
            photo: photo, movie: movie, options: MotionConversionOptions(outputDirectory: ws.file("vivo"), flavor: .vivoPair))
        let companion = try #require(result.companion)
        #expect(result.output == ws.file("vivo/IMG.jpg") && companion == ws.file("vivo/IMG.mp4"))
        let report = await LivePhotoInspector.inspect([result.output, companion])
        #expect(report.files.map(\.flavor) == [.vivo, .vivo])
        let ids = report.files.compactMap(\.pairingIdentifier)
        #expect(ids.count == 2 && ids[0] == ids[1] && ids[0].count == 28 && ids[0].hasSuffix("00000000"), "\(ids)")
        // The photo's bytes, then the footer; the MP4's own boxes, then the uuid box.
        let written = try Self.bytes(result.output), original = try Self.bytes(photo)
        #expect(Array(written.prefix(original.count)) == original)
        #expect(try await Readers.videoFramemd5(companion) == Readers.videoFramemd5(movie))
        let back = try await LivePhotoConverter.toLivePhoto(result.output, options: MakeOptions(outputDirectory: ws.file("back")))
        #expect(back.identifier == made.identifier)
        #expect(abs(back.coverTime - made.coverTime) < 0.0005)
        let verdict = await LivePhotoVerifier.verify(photo: try #require(back.photo), movie: try #require(back.movie))
        #expect(verdict.passed, "\(verdict.checks.filter { !$0.passed })")
    }

    @Test(
        "bad input: a LIVE_ number that does not match the MP4, or one larger than the file: a clear error, exit 2's kind, nothing written")
    func badTails() async throws {
        let ws = try Workspace()
        for (name, adjustment) in [("off-by-seven.jpg", 7), ("past-the-start.jpg", 10_000_000)] {
            let (path, _, _) = try await Self.movingPhoto(ws, name: name, tag: "v6_f10", playInfo: "0:300", lengthAdjustment: adjustment)
            let report = try await Self.inspected(path)
            #expect(!report.problems.isEmpty || report.error != nil, "\(name): \(report)")
            await #expect {
                _ = try await LivePhotoSplitter.split([path], options: SplitOptions(outputDirectory: ws.file("out-\(name)")))
            } throws: { error in
                guard case .badInput(let file, let reason) = error as? LivePhotoError else { return false }
                return file == path && reason.contains("LIVE_")
            }
            let out = ws.file("out-\(name)")
            #expect(try !FileManager.default.fileExists(atPath: out) || ws.contents("out-\(name)").isEmpty)
        }
    }

    @Test("livephoto formats: every family, each read, each written but Apple's by convert --to motion")
    func catalog() {
        #expect(Set(FamilyCatalog.all.map(\.family)) == Set(PhotoFamily.allCases))
        #expect(FamilyCatalog.all.allSatisfy { $0.read })
        for flavor in MotionConversionOptions.Flavor.allCases {
            #expect(
                FamilyCatalog.all.contains {
                    $0.write?.contains("--flavor \(flavor.rawValue)") == true || ($0.family == .samsung && flavor == .samsung)
                })
        }
    }
}

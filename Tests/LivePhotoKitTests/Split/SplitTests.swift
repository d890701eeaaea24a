import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// `split`: every sample, Apple pairs, bundles; the photo is the stored image, the video the embedded bytes.
@Suite("split", .needsSamples)
struct SplitTests {
    struct Expected: Sendable, CustomStringConvertible {
        var sample: String
        var kind: SplitResult.Kind
        var locator: InspectionReport.MotionPhotoVideoLocator
        var offset: Int64
        var length: Int64
        var cover: Double?
        /// The shortened samples cannot be decoded; the others are checked by ffprobe and pillow.
        var complete: Bool
        var note: String?
        var description: String { sample }
    }

    static let samples: [Expected] = [
        .init(
            sample: "androidx-media_pixel-motion-photo-jfif-segment-shortened.jpg", kind: .motionPhoto, locator: .containerDirectory,
            offset: 6377, length: 4686, cover: 1.23284, complete: false),
        .init(
            sample: "androidx-media_pixel-motion-photo-shortened.jpg", kind: .motionPhoto, locator: .containerDirectory, offset: 131582,
            length: 8730, cover: 0, complete: false, note: "between the image's end and the video"),
        .init(
            sample: "androidx-media_ss-motion-photo-shortened.jpg", kind: .microVideo, locator: .microVideoOffset, offset: 20345,
            length: 2538, cover: nil, complete: false, note: "Samsung trailer is unreadable"),
        .init(
            sample: "libmphoto_microvideo_samsung-remuxed.jpg", kind: .microVideo, locator: .microVideoOffset, offset: 3_686_271,
            length: 122_562, cover: 0.00001, complete: true),
        .init(
            sample: "libmphoto_motion_photo_v1_synthetic.jpg", kind: .motionPhoto, locator: .containerDirectory, offset: 30821,
            length: 122_562, cover: 0.5, complete: true),
        .init(
            sample: "androidx-media_sample_MP.heic", kind: .motionPhoto, locator: .mpvdBox, offset: 28869, length: 28803, cover: 0,
            complete: true),
        .init(
            sample: "samsung-s22-google-motionphoto-v1_ente.heic", kind: .motionPhoto, locator: .mpvdBox, offset: 1_455_411,
            length: 2_193_459, cover: 2.05659, complete: true, note: "placeholders"),
    ]

    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test("every Motion Photo sample splits: the video is the embedded MP4 byte for byte, the photo the stored image", arguments: samples)
    func sample(_ e: Expected) async throws {
        let ws = try Workspace()
        let input = ProjectPaths.sample(e.sample)
        let results = try await LivePhotoSplitter.split([input], options: SplitOptions(outputDirectory: ws.path))
        let r = try #require(results.first)
        #expect(r.kind == e.kind)
        #expect(r.videoLocator == e.locator)
        let flavor = await LivePhotoInspector.inspect([input]).files.first?.motionPhoto?.flavor
        // The S22's HEIC carries Samsung's trailer beside Google's XMP.
        let expected: InspectionReport.MotionPhotoReport.Flavor =
            e.kind == .microVideo ? .microVideo : e.sample.hasPrefix("samsung-s22") ? .googleAndSamsung : .googleMotionPhoto
        #expect(flavor == expected)
        #expect(r.videoOffset == e.offset && r.videoLength == e.length)
        if let cover = e.cover { #expect(abs((r.coverTimeSeconds ?? -1) - cover) < 1e-6) } else { #expect(r.coverTimeSeconds == nil) }
        if let note = e.note { #expect(r.notes.contains { $0.contains(note) }, "\(r.notes)") }
        let source = try Self.bytes(input)
        #expect(try Self.bytes(r.video) == Array(source[Int(e.offset)..<Int(e.offset + e.length)]))

        // The photo: the input's leading bytes, except the XMP, blanked with spaces; no Motion Photo tags left.
        let photo = try Self.bytes(r.photo)
        let motion = try MotionPhotoFile(file: RandomAccessFile(path: input))
        let xmp = try #require(motion.xmpSpan)
        for i in photo.indices where !(xmp.offset..<xmp.end).contains(Int64(i)) {
            guard photo[i] == source[i] else {
                Issue.record("byte \(i) of the photo differs from the input")
                break
            }
        }
        let tags = try await Readers.exiftool(r.photo, ["-XMP-GCamera:all", "-XMP-Container:all", "-XMP-GContainer:all"])
        #expect(tags.keys.filter { ["MotionPhoto", "MicroVideo", "Directory"].contains(where: $0.contains) }.isEmpty, "\(tags)")
        #expect(await LivePhotoInspector.inspect([r.photo]).files[0].role == .still)
        #expect(try MotionPhotoFile(file: RandomAccessFile(path: r.photo)).isMotionPhoto == false)
        if e.complete {
            let streams = try await Readers.ffprobeStreams(r.video)
            #expect(streams.contains { ["h264", "hevc"].contains($0["codec_name"] as? String ?? "") })
            #expect(try await Readers.pixelDigest(r.photo) == Readers.pixelDigest(input))
        }
    }

    @Test("a photo without a video is not a Motion Photo; a Live Photo's still alone takes its movie from beside it, or asks for it")
    func notMotion() async throws {
        let ws = try Workspace()
        let sampleStill = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC")
        let plain = ProjectPaths.sample("iphone7-ios12_IMG_2682_immich.heic")
        await #expect {
            _ = try await LivePhotoSplitter.split([plain], options: SplitOptions(outputDirectory: ws.path))
        } throws: { error in
            guard case .badInput(let file, let reason) = error as? LivePhotoError else { return false }
            return file == plain && reason.contains("not a Motion Photo")
        }
        // Alone in a folder: nothing beside it carries its identifier or name.
        try FileManager.default.createDirectory(atPath: ws.file("alone"), withIntermediateDirectories: true)
        let alone = try ws.write(Array(try Data(contentsOf: URL(fileURLWithPath: sampleStill))), to: "alone/IMG_3853.HEIC")
        await #expect {
            _ = try await LivePhotoSplitter.split([alone], options: SplitOptions(outputDirectory: ws.file("out")))
        } throws: { error in
            guard case .badInput(let file, let reason) = error as? LivePhotoError else { return false }
            return file == alone && reason.contains("no movie beside it carries its identifier or its name")
                && reason.contains("give its movie too")
        }
        let leftovers = FileManager.default.fileExists(atPath: ws.file("out")) ? try ws.contents("out") : []
        #expect(leftovers.isEmpty)
        // Where the camera left it, its movie is beside it, with the same identifier: the note names it.
        let found = try await LivePhotoSplitter.split([sampleStill], options: SplitOptions(outputDirectory: ws.file("found")))
        let movie = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")
        #expect(found.first?.inputs == [sampleStill, movie])
        #expect(found.first?.notes.first == "took \(movie), beside \(sampleStill), which carries the same content identifier")
    }

    @Test("an Apple pair: identifiers and the still-image-time track removed, everything else kept; the cover reported")
    func applePair() async throws {
        let ws = try Workspace()
        let still = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), movie = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")
        let r = try #require(
            try await LivePhotoSplitter.split([movie, still], options: SplitOptions(outputDirectory: ws.path, name: "plain")).first)
        #expect(r.kind == .livePhoto)
        #expect(r.photo == ws.file("plain.HEIC") && r.video == ws.file("plain.MOV"))
        #expect(abs((r.coverTimeSeconds ?? 0) - 0.9) < 0.001)
        #expect(try await Readers.exiftoolStillIdentifier(r.photo) == nil)
        #expect(try await Readers.exiftoolMovieIdentifier(r.video) == nil)
        await #expect(try HEICStillTests.appleTags(r.photo) == HEICStillTests.appleTags(still))
        #expect(try Self.bytes(r.photo).count == Self.bytes(still).count)
        #expect(try await Readers.exiftool(r.photo, ["-validate", "-warning"])["ExifTool:Validate"] == "OK")
        #expect(try await Readers.pixelDigest(r.photo) == Readers.pixelDigest(still))
        #expect(try await Readers.framemd5(r.video) == Readers.framemd5(movie))
        let tracks = try #require(await LivePhotoInspector.inspect([r.video]).files[0].movie?.tracks)
        #expect(tracks.count == 4)
        #expect(!tracks.contains { $0.metadataKeys?.contains("com.apple.quicktime.still-image-time") == true })
        #expect(try await Readers.exiftool(r.video, ["-Keys:Model"])["Keys:Model"] == "iPhone 15 Plus")
        let report = await LivePhotoInspector.inspect([r.photo, r.video])
        #expect(report.pair?.paired == false)
    }

    @Test("a .pvt folder and a .pvt.zip split like the pair they hold")
    func bundles() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        let jpeg = try await ClipStore.shared.jpeg()
        for packaging in [Packaging.bundle, .zippedBundle] {
            let made = try await LivePhotoMaker.make(
                photo: jpeg, video: clip,
                options: MakeOptions(
                    outputDirectory: ws.file("made"), name: "IMG_\(packaging.rawValue)", coverTime: 1, packaging: packaging))
            let bundle = try #require(made.bundle)
            let r = try #require(
                try await LivePhotoSplitter.split([bundle], options: SplitOptions(outputDirectory: ws.file("split"))).first)
            #expect(r.kind == (packaging == .bundle ? .bundle : .zippedBundle))
            #expect(r.photo == ws.file("split/IMG_\(packaging.rawValue).JPG"))
            #expect(abs((r.coverTimeSeconds ?? 0) - 1) < 0.001)
            #expect(try await Readers.exiftoolStillIdentifier(r.photo) == nil)
            #expect(try await Readers.framemd5(r.video) == Readers.framemd5(clip))
            #expect(try Self.bytes(r.photo).count == Self.bytes(jpeg).count + (try Self.bytes(r.photo).count - Self.bytes(jpeg).count))
        }
        // Only the outputs: no temporary folder left.
        #expect(try ws.contents("split").count == 4)
    }

    /// Writes a zip with Python's zipfile: `entries` of (name, bytes or nil for a big run of zeros, deflate?).
    static func zip(_ path: String, _ entries: [(String, String)]) async throws {
        let script = """
            import sys, zipfile, zlib, struct
            patches = []
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                for spec in sys.argv[2:]:
                    name, kind = spec.split('=', 1)
                    if kind == 'bomb':
                        z.writestr(zipfile.ZipInfo(name), b'\\0' * (300 << 20), compress_type=zipfile.ZIP_DEFLATED)
                    elif kind == 'link':
                        info = zipfile.ZipInfo(name)
                        info.external_attr = (0o120777 << 16)
                        z.writestr(info, '/etc/passwd')
                    elif kind.startswith('deflate:'):
                        z.writestr(zipfile.ZipInfo(name), open(kind[8:], 'rb').read(), compress_type=zipfile.ZIP_DEFLATED)
                    elif kind.startswith('bzip2:'):
                        z.writestr(zipfile.ZipInfo(name), open(kind[6:], 'rb').read(), compress_type=zipfile.ZIP_BZIP2)
                    elif kind.startswith('cut:'):
                        # A deflate stream with no final block, stored, then relabelled deflated: it never ends.
                        data = open(kind[4:], 'rb').read()
                        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
                        z.writestr(zipfile.ZipInfo(name), packer.compress(data) + packer.flush(zlib.Z_SYNC_FLUSH))
                        patches.append((name, 8, zlib.crc32(data), len(data), None))
                    elif kind.startswith('crc:'):
                        z.writestr(zipfile.ZipInfo(name), open(kind[4:], 'rb').read())
                        patches.append((name, None, None, None, 100))
                    else:
                        z.writestr(zipfile.ZipInfo(name), open(kind, 'rb').read())
            raw = bytearray(open(sys.argv[1], 'rb').read())
            infos = {i.filename: i for i in zipfile.ZipFile(sys.argv[1]).infolist()}
            central = raw.index(b'PK\\x01\\x02')
            for name, method, crc, size, flip in patches:
                local = infos[name].header_offset
                entry = raw.index(b'PK\\x01\\x02', central)
                while raw[entry + 46:entry + 46 + len(name)] != name.encode():
                    entry = raw.index(b'PK\\x01\\x02', entry + 4)
                for header, at in ((local, 8), (entry, 10)):
                    if method is not None: raw[header + at:header + at + 2] = struct.pack('<H', method)
                    if crc is not None: raw[header + at + 6:header + at + 10] = struct.pack('<I', crc)
                    if size is not None: raw[header + at + 14:header + at + 18] = struct.pack('<I', size)
                if flip is not None: raw[local + 30 + len(name) + flip] ^= 0xFF
            open(sys.argv[1], 'wb').write(raw)
            """
        try await Tool.run(Readers.python, ["-c", script, path] + entries.map { "\($0.0)=\($0.1)" })
    }

    @Test("a .pvt.zip whose photo and movie are deflated (as Finder's Compress writes them) splits to the same frames and bytes")
    func deflatedZip() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        let jpeg = try await ClipStore.shared.jpeg()
        let made = try await LivePhotoMaker.make(
            photo: jpeg, video: clip, options: MakeOptions(outputDirectory: ws.file("made"), name: "IMG"))
        let photo = try #require(made.photo), movie = try #require(made.movie)
        let zip = ws.file("IMG.pvt.zip")
        try await Self.zip(zip, [("IMG.pvt/IMG.JPG", "deflate:\(photo)"), ("IMG.pvt/IMG.MOV", "deflate:\(movie)")])
        let r = try #require(try await LivePhotoSplitter.split([zip], options: SplitOptions(outputDirectory: ws.file("split"))).first)
        #expect(r.kind == .zippedBundle)
        #expect(try await Readers.framemd5(r.video) == Readers.framemd5(clip))
        let pair = try await LivePhotoSplitter.split([photo, movie], options: SplitOptions(outputDirectory: ws.file("plain")))
        let plain = try #require(pair.first)
        #expect(try Self.bytes(r.photo) == Self.bytes(plain.photo))
        #expect(try Self.bytes(r.video) == Self.bytes(plain.video))
    }

    @Test(
        "a .pvt.zip with path tricks, links or a zip bomb is refused; nothing is written outside the output folder",
        arguments: [
            ("../evil.JPG", "unsafe path"), ("/tmp/abs.JPG", "unsafe path"), ("a/../../b.JPG", "unsafe path"), ("link.JPG", "link"),
            ("bomb.JPG", "zip bomb"), ("two.jpg", "2 photos"), ("x.pvt/cut.JPG", "does not end within its"),
            ("x.pvt/crc.JPG", "CRC-32"), ("x.pvt/bz.JPG", "compression method 12"),
        ])
    func unsafeZip(_ name: String, _ words: String) async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec())
        let jpeg = try await ClipStore.shared.jpeg()
        var entries: [(String, String)] = [("x.pvt/IMG.MOV", clip)]
        switch words {
        case "link": entries.append((name, "link"))
        case "zip bomb": entries.append((name, "bomb"))
        case "2 photos": entries += [("x.pvt/a.jpg", jpeg), ("x.pvt/b.jpg", jpeg)]
        case "does not end within its": entries.append((name, "cut:\(jpeg)"))
        case "CRC-32": entries.append((name, "crc:\(jpeg)"))
        case "compression method 12": entries.append((name, "bzip2:\(jpeg)"))
        default: entries.append((name, jpeg))
        }
        try FileManager.default.createDirectory(atPath: ws.file("deep/er"), withIntermediateDirectories: true)
        let zip = ws.file("deep/er/x.pvt.zip")
        try await Self.zip(zip, entries)
        let before = try ws.contents("deep") + ws.contents()
        await #expect {
            _ = try await LivePhotoSplitter.split([zip], options: SplitOptions(outputDirectory: ws.file("deep/er/out")))
        } throws: { error in
            guard case .badInput(let file, let reason) = error as? LivePhotoError else { return false }
            return file == zip && reason.contains(words)
        }
        #expect(try ws.contents("deep/er/out").isEmpty)
        #expect(try ws.contents("deep") + ws.contents() == before)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/abs.JPG"))
        let inspected = await LivePhotoInspector.inspect([zip])
        #expect(inspected.files[0].error?.contains(words) == true)
    }
}

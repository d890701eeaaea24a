import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// Corrupted headers, made deterministically: every one must give a result or a LivePhotoError, never a
/// crash or a hang. (A crash fails the whole run; the suite's time limit catches a hang.) Each test then replays its
/// files through the WebAssembly engine (Web/test/replay.mjs, under Node): the same reports as the command line's,
/// every failure an error with its words, never a trap.
@Suite("mutated inputs", .needsSamples, .tags(.slow), .timeLimit(.minutes(3)))
struct MutationTests {
    /// A small deterministic generator (SplitMix64), so a failure can be replayed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Moves a mutated file into the folder the engine replays (a HEIC's 3 MB, one in four).
    static func keep(_ path: String, in ws: Workspace) throws {
        let folder = ws.file("replay")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let name = URL(fileURLWithPath: path).lastPathComponent
        if name.hasSuffix(".heic"), name.hasPrefix("h"), (Int(name.dropFirst().prefix { $0.isNumber }) ?? 0) % 4 != 0 {
            try FileManager.default.removeItem(atPath: path)
        } else {
            try FileManager.default.moveItem(atPath: path, toPath: "\(folder)/\(name)")
        }
    }

    /// The kept files through the WebAssembly engine (scripts/wasm.sh must have built it): the same inspect reports as
    /// the command line's, and every other operation ends in a result or an error, never in a trap or a hang.
    static func replayThroughEngine(_ ws: Workspace, companion: String) async throws {
        // LIVEPHOTO_KEEP_REPLAY=DIR keeps a copy of the files, to replay one alone (node Web/test/replay.mjs).
        if let keep = ProcessInfo.processInfo.environment["LIVEPHOTO_KEEP_REPLAY"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(atPath: ws.file("replay"), toPath: keep)
        }
        #if !os(Linux)
            // The engine builds on Linux only (scripts/wasm.sh); scripts/test.sh says its suites are left out here.
            guard FileManager.default.fileExists(atPath: "\(ProjectPaths.root)/.build/wasm/module/livephoto.wasm") else {
                print("note: the WebAssembly engine is not built here: the mutated files are not replayed through it")
                return
            }
        #endif
        let result = try await Tool.run(
            "node", ["\(ProjectPaths.root)/Web/test/replay.mjs", "--companion", companion, ws.file("replay")], check: false,
            environment: ["LIVEPHOTO_CLI": ProjectPaths.executable])
        let problems = result.stdout.split(separator: "\n").filter { $0.hasPrefix("problem: ") }
        #expect(
            result.status == 0,
            "\(problems.prefix(20).joined(separator: "\n"))\n\(result.stdout.suffix(500))\n\(result.stderr.suffix(2000))")
    }

    /// Flips bytes inside `region`, often in size and count fields (which are big-endian 32-bit words).
    static func mutate(_ bytes: [UInt8], region: Range<Int>, rng: inout SplitMix) -> [UInt8] {
        var out = bytes
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let i = Int.random(in: region, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: out[i] = UInt8.random(in: 0...255, using: &rng)
            case 1: out[i] = 0xFF
            case 2: out[i] = 0
            case 3:
                let word = i - i % 4
                if word + 4 <= out.count { for k in 0..<4 { out[word + k] = 0xFF } }
            default:
                let word = i - i % 4
                if word + 4 <= out.count { for k in 0..<4 { out[word + k] = k == 0 ? 0x7F : 0xFF } }
            }
        }
        if Int.random(in: 0..<10, using: &rng) == 0 { out = Array(out[0..<Int.random(in: 0..<out.count, using: &rng)]) }
        return out
    }

    @Test("movie headers", arguments: [ClipSpec(audio: true), ClipSpec(codec: .hevc, container: .mp4, faststart: true)])
    func movies(_ spec: ClipSpec) async throws {
        let clip = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try await ClipStore.shared.path(spec))))
        let photo = try await ClipStore.shared.jpeg()
        let moov = try #require((0..<clip.count - 4).first { clip[$0..<$0 + 4].elementsEqual(Array("moov".utf8)) }) - 4
        let headerRegion = spec.faststart ? 0..<(moov + 2000) : max(0, moov - 16)..<clip.count
        var rng = SplitMix(state: 0x5EED)
        let ws = try Workspace()
        var succeeded = 0, failed = 0
        for round in 0..<400 {
            let path = try ws.write(Self.mutate(clip, region: headerRegion, rng: &rng), to: "m\(round).mov")
            _ = await LivePhotoInspector.inspect([path])
            _ = await LivePhotoVerifier.verify(photo: photo, movie: path)
            do {
                _ = try await LivePhotoMaker.make(
                    photo: photo, video: path, options: MakeOptions(outputDirectory: ws.file("out"), name: "o\(round)"))
                succeeded += 1
            } catch {
                failed += 1
                #expect(!error.description.isEmpty)
            }
            try Self.keep(path, in: ws)
        }
        #expect(succeeded + failed == 400)
        #expect(failed > 0)
        #expect(try ws.contents("out").allSatisfy { !$0.hasPrefix(".") })
        try await Self.replayThroughEngine(ws, companion: photo)
    }

    @Test("JPEG headers")
    func jpegs() async throws {
        let ws = try Workspace()
        let plain = try await ClipStore.shared.jpeg()
        // Start from a JPEG with a real Apple MakerNote so the MakerNote parser is exercised too.
        let base = ws.file("base.jpg")
        try FileManager.default.copyItem(atPath: plain, toPath: base)
        try await Tool.run(
            "exiftool",
            ["-q", "-overwrite_original", "-tagsfromfile", ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), "-Make", "-MakerNotes", base])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: base)))
        let clip = try await ClipStore.shared.path(ClipSpec())
        let sos = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        var rng = SplitMix(state: 0xC0FFEE)
        for round in 0..<400 {
            let path = try ws.write(Self.mutate(bytes, region: 0..<sos, rng: &rng), to: "p\(round).jpg")
            _ = await LivePhotoInspector.inspect([path])
            do {
                _ = try await LivePhotoMaker.make(
                    photo: path, video: clip, options: MakeOptions(outputDirectory: ws.file("out"), name: "o\(round)"))
            } catch {
                #expect(!error.description.isEmpty)
            }
            try Self.keep(path, in: ws)
        }
        #expect(try ws.contents("out").allSatisfy { !$0.hasPrefix(".") })
        try await Self.replayThroughEngine(ws, companion: clip)
    }

    @Test("HEIC meta boxes")
    func heics() async throws {
        let ws = try Workspace()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"))))
        let heif = try HEIFFile(file: RandomAccessFile(path: ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC")))
        let meta = Int(heif.metaHeader.offset)..<Int(heif.metaHeader.end)
        let clip = try await ClipStore.shared.path(ClipSpec())
        var rng = SplitMix(state: 0x4E1C)
        var made = 0
        for round in 0..<300 {
            let path = try ws.write(Self.mutate(bytes, region: meta, rng: &rng), to: "h\(round).heic")
            _ = await LivePhotoInspector.inspect([path])
            do {
                _ = try await LivePhotoMaker.make(
                    photo: path, video: clip, options: MakeOptions(outputDirectory: ws.file("out"), name: "o\(round)"))
                made += 1
            } catch {
                #expect(!error.description.isEmpty)
            }
            try Self.keep(path, in: ws)
        }
        #expect(made < 300)
        #expect(try ws.contents("out").allSatisfy { !$0.hasPrefix(".") })
        try await Self.replayThroughEngine(ws, companion: clip)
    }

    @Test(
        "Motion Photos: XMP, directory, trailer and mpvd bytes",
        arguments: [
            "libmphoto_motion_photo_v1_synthetic.jpg", "androidx-media_sample_MP.heic", "androidx-media_pixel-motion-photo-shortened.jpg",
        ])
    func motionPhotos(_ sample: String) async throws {
        let ws = try Workspace()
        let input = ProjectPaths.sample(sample)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: input)))
        let motion = try MotionPhotoFile(file: RandomAccessFile(path: input))
        let xmp = try #require(motion.xmpSpan), video = try #require(motion.video)
        // The XMP packet, the first bytes of the video (its ftyp and the mpvd header before it) and the file's tail.
        let regions = [
            Int(xmp.offset)..<Int(xmp.end), max(0, Int(video.offset) - 16)..<Int(video.offset) + 64, (bytes.count - 256)..<bytes.count,
        ]
        var rng = SplitMix(state: 0x6D70_7664)
        var split = 0
        for round in 0..<150 {
            let path = try ws.write(
                Self.mutate(bytes, region: regions[round % 3], rng: &rng), to: "mp\(round).\(sample.hasSuffix("heic") ? "heic" : "jpg")")
            _ = await LivePhotoInspector.inspect([path])
            do {
                _ = try await LivePhotoSplitter.split([path], options: SplitOptions(outputDirectory: ws.file("out"), name: "o\(round)"))
                split += 1
            } catch {
                #expect(!error.description.isEmpty)
            }
            try Self.keep(path, in: ws)
        }
        #expect(split < 150)
        #expect(try ws.contents("out").allSatisfy { !$0.hasPrefix(".") })
        try await Self.replayThroughEngine(ws, companion: try await ClipStore.shared.path(ClipSpec()))
    }
}

import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// `edit`: a range kept without re-encoding (the decoded frames and sound of the range, the same), the sound taken
/// out (every video sample the same bytes), a new key photo (the frame, in the old still's format, with its metadata),
/// each checked by ffmpeg, ffprobe, exiftool and `verify`; and the bad ranges that write nothing.
@Suite("edit: trim, mute, key photo", .needsSamples, .serialized)
struct EditTests {
    static let photo = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC")
    static let movie = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")

    /// The digest lines of the first video stream, each without its timestamps (`stream, dts, pts, duration, size, md5`
    /// → `size, md5`), so frames compare whatever their times.
    static func frames(_ path: String, extra: [String] = []) async throws -> [String] {
        let r = try await Tool.run("ffmpeg", ["-v", "error", "-i", path] + extra + ["-map", "0:v:0", "-f", "framemd5", "-"])
        return r.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            line.split(separator: ",").suffix(2).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ",")
        }
    }

    /// The video packets' bytes (copied, not decoded), one digest each.
    static func packets(_ path: String) async throws -> [String] {
        let r = try await Tool.run("ffmpeg", ["-v", "error", "-i", path, "-map", "0:v:0", "-c", "copy", "-f", "framemd5", "-"])
        return r.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: ",").last ?? "") }
    }

    /// The decoded sound's digest: all of it, or `seconds` of it from `start`.
    static func sound(_ path: String, from start: Double? = nil, seconds: Double? = nil) async throws -> String {
        var args = ["-v", "error", "-i", path, "-map", "0:a:0"]
        if let start { args += ["-ss", String(start)] }
        if let seconds { args += ["-t", String(seconds)] }
        return try await Tool.run("ffmpeg", args + ["-f", "md5", "-"]).stdout
    }

    /// The decoded sound as 16-bit samples (the first channel's and the others' interleaved).
    static func samples(_ path: String, from start: Double? = nil, seconds: Double) async throws -> [Int16] {
        var args = ["-v", "error", "-i", path, "-map", "0:a:0"]
        if let start { args += ["-ss", String(start)] }
        let r = try await Tool.run("ffmpeg", args + ["-t", String(seconds), "-f", "s16le", "-"])
        return r.stdoutData.withUnsafeBytes { raw in Array(raw.bindMemory(to: Int16.self)) }
    }

    static func duration(_ path: String) async throws -> Double {
        let r = try await Tool.run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path])
        return Double(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    static func verified(_ result: EditResult) async throws {
        let verdict = await LivePhotoVerifier.verify(photo: try #require(result.photo), movie: try #require(result.movie))
        #expect(verdict.passed, "\(verdict.checks.filter { !$0.passed })")
        #expect(!result.reencoded)
    }

    @Test("the real iPhone pair trimmed to 0.3..1.2: frames 9 to 35 and the sound of that range, the same; 0.9 s; the still kept")
    func trimRealPair() async throws {
        let ws = try Workspace()
        let result = try await LivePhotoEditor.edit(
            [Self.photo, Self.movie], options: EditOptions(outputDirectory: ws.path, trimStart: 0.3, trimEnd: 1.2))
        try await Self.verified(result)
        let edited = try #require(result.movie)
        #expect(result.identifier == "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8" && !result.newIdentifier)
        #expect(abs(result.keyPhotoTime - 0.6) < 0.0005 && abs(result.keyPhotoTimeInInput - 0.9) < 0.0005)
        let range = try #require(result.trimmed)
        #expect(abs(range.start - 0.3) < 0.0005 && abs(range.end - 1.2) < 0.0005 && range.keyframe == 0)
        let original = try await Self.frames(Self.movie)
        #expect(try await Self.frames(edited) == Array(original[9..<36]))
        #expect(abs(try await Self.duration(edited) - 0.9) <= 1.0 / 30)
        #expect(try await Self.sound(edited) == Self.sound(Self.movie, from: 0.3, seconds: 0.9))
        // Only the kept samples' bytes are copied.
        let size = { (p: String) in (try? FileManager.default.attributesOfItem(atPath: p)[.size] as? Int) ?? 0 }
        #expect(size(edited) < size(Self.movie) * 9 / 10)
        #expect(try await Readers.pixelDigest(try #require(result.photo)) == Readers.pixelDigest(Self.photo))
    }

    @Test(
        "a made HEVC clip with AAC sound and B-frames: a range that starts on a keyframe and one that does not; the frames and the sound of the range",
        arguments: [(1.0, 2.0, 1.0), (1.2, 2.4, 1.0), (0.0, 0.5, 0.0)])
    func trimMadeClip(_ start: Double, _ end: Double, _ keyframe: Double) async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec(codec: .hevc, audio: true))
        let made = try await LivePhotoMaker.make(
            photo: nil, video: clip, options: MakeOptions(outputDirectory: ws.file("live"), name: "IMG", coverTime: 1.5))
        let result = try await LivePhotoEditor.edit(
            [try #require(made.photo), try #require(made.movie)],
            options: EditOptions(outputDirectory: ws.file("out"), keyPhotoTime: start + 0.2, trimStart: start, trimEnd: end))
        try await Self.verified(result)
        let range = try #require(result.trimmed)
        #expect(abs(range.keyframe - keyframe) < 0.0005, "GOPs of 15 frames at 30 fps: a keyframe every 0.5 s")
        let edited = try #require(result.movie)
        let original = try await Self.frames(try #require(made.movie))
        let first = Int((start * 30).rounded()), count = Int(((end - start) * 30).rounded())
        #expect(try await Self.frames(edited) == Array(original[first..<first + count]))
        #expect(abs(try await Self.duration(edited) - (end - start)) <= 1.0 / 30 + 0.0005)
        // AAC: one packet more before the range, which the edit list hides; the decoded sound is the range's, sample for
        // sample (ffmpeg ends sound at a packet's end, past the edit's, so the same length of both is compared; its
        // encoder's noise substitution draws from a generator that a decoder starting elsewhere seeds apart, so each
        // sample may differ by a unit or two, never by a shift).
        #expect(try await Readers.audioCodec(edited) == "aac")
        let cut = try await Self.samples(edited, seconds: end - start)
        let reference = try await Self.samples(try #require(made.movie), from: start, seconds: end - start)
        #expect(cut.count == reference.count && cut.count == Int((end - start) * 48000))
        let worst = zip(cut, reference).map { abs(Int($0) - Int($1)) }.max() ?? .max
        #expect(worst <= 8, "the largest difference is \(worst)")
    }

    @Test("--mute: no sound stream; every video packet the same bytes; the still, the identifier and the cover kept")
    func mute() async throws {
        let ws = try Workspace()
        let result = try await LivePhotoEditor.edit([Self.photo], options: EditOptions(outputDirectory: ws.path, mute: true))
        try await Self.verified(result)
        let edited = try #require(result.movie)
        #expect(result.muted && result.trimmed == nil && abs(result.keyPhotoTime - 0.9) < 0.0005)
        #expect(try await Readers.audioCodec(edited) == nil)
        #expect(try await Self.packets(edited) == Self.packets(Self.movie))
        #expect(try await Self.frames(edited) == Self.frames(Self.movie))
    }

    @Test("a new key photo at the first and at the last frame: the frame make VIDEO takes, JPEG stays JPEG; --new-id")
    func keyPhotoEnds() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        let made = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: clip,
            options: MakeOptions(outputDirectory: ws.file("live"), name: "IMG", coverTime: 1.2))
        for (name, time) in [("first", 0.0), ("last", 2.9667)] {
            let result = try await LivePhotoEditor.edit(
                [try #require(made.photo), try #require(made.movie)],
                options: EditOptions(outputDirectory: ws.file(name), keyPhotoTime: time, newIdentifier: true))
            try await Self.verified(result)
            #expect(result.keyPhotoChanged && result.newIdentifier && result.identifier != made.identifier.rawValue)
            #expect(result.photo?.hasSuffix(".JPG") == true)
            #expect(abs(result.keyPhotoTime - (name == "first" ? 0 : 89.0 / 30)) < 0.0005)
            // The same frame as make takes from the video at that time.
            let reference = try await LivePhotoMaker.make(
                photo: nil, video: clip, options: MakeOptions(outputDirectory: ws.file("ref-\(name)"), name: "R", coverTime: time))
            #expect(try await Readers.pixelDigest(try #require(result.photo)) == Readers.pixelDigest(try #require(reference.photo)))
            #expect(try await Self.packets(try #require(result.movie)) == Self.packets(try #require(made.movie)))
        }
    }

    @Test(
        "a new key photo of the real HEIC pair: HEIC, the frame's size, upright, sRGB, the Exif kept (camera, date, GPS); the gain map dropped, said so"
    )
    func keyPhotoKeepsMetadata() async throws {
        let ws = try Workspace()
        let result = try await LivePhotoEditor.edit(
            [Self.photo, Self.movie], options: EditOptions(outputDirectory: ws.path, keyPhotoTime: 0.3))
        try await Self.verified(result)
        let photo = try #require(result.photo)
        #expect(photo.hasSuffix(".HEIC") && result.gainMapDropped)
        #expect(result.notes.contains { $0.contains("gain map") })
        let tags = try await Readers.exiftool(
            photo,
            [
                "-n", "-ImageWidth", "-ImageHeight", "-IFD0:Orientation", "-Make", "-Model", "-DateTimeOriginal", "-GPSLatitude",
                "-ColorSpace",
            ])
        let old = try await Readers.exiftool(Self.photo, ["-n", "-Make", "-Model", "-DateTimeOriginal", "-GPSLatitude"])
        #expect(tags["File:ImageWidth"] == "1920" && tags["File:ImageHeight"] == "1440", "\(tags)")
        #expect(tags["IFD0:Orientation"] == "1" && tags["ExifIFD:ColorSpace"] == "1")
        for key in ["IFD0:Make", "IFD0:Model", "ExifIFD:DateTimeOriginal", "Composite:GPSLatitude"] {
            #expect(tags[key] != nil && tags[key] == old[key], "\(key): \(tags[key] ?? "none") vs \(old[key] ?? "none")")
        }
        #expect(try await Readers.exiftoolStillIdentifier(photo) == result.identifier)
        // The XMP goes too, but not what describes the old pixels: the gain map's headroom, the faces' regions.
        let xmp = try await Readers.exiftool(photo, ["-XMP:all"]), oldXMP = try await Readers.exiftool(Self.photo, ["-XMP:all"])
        #expect(xmp["XMP-xmp:CreateDate"] != nil && xmp["XMP-xmp:CreateDate"] == oldXMP["XMP-xmp:CreateDate"])
        #expect(!xmp.keys.contains { $0.hasPrefix("XMP-HDRGainMap") || $0.hasPrefix("XMP-mwg-rs") }, "\(xmp.keys.sorted())")
    }

    @Test("a .pvt.zip edited into a .pvt.zip, and one half given alone (the other found beside it)")
    func bundles() async throws {
        let ws = try Workspace()
        let zipped = try await LivePhotoMaker.make(
            photo: Self.photo, video: Self.movie,
            options: MakeOptions(
                outputDirectory: ws.file("in"), name: "IMG", identifier: ContentIdentifier("71DCA213-5710-4A6C-BC6D-CE6306AEB8D8"),
                packaging: .zippedBundle))
        let zip = try #require(zipped.bundle)
        let result = try await LivePhotoEditor.edit(
            [zip], options: EditOptions(outputDirectory: ws.file("out"), packaging: .zippedBundle, trimStart: 0.5, mute: true))
        #expect(result.bundle == ws.file("out/IMG.pvt.zip") && result.trimmed != nil && result.muted)
        let split = try await LivePhotoSplitter.split(
            [try #require(result.bundle)], options: SplitOptions(outputDirectory: ws.file("split")))
        #expect(split.first.map { abs(($0.coverTimeSeconds ?? -1) - 0.4) < 0.0005 } == true, "the still at 0.9 s, 0.4 s into the range")
        let half = try await LivePhotoEditor.edit([Self.movie], options: EditOptions(outputDirectory: ws.file("half"), trimEnd: 1.0))
        try await Self.verified(half)
        #expect(half.notes.contains { $0.contains(Self.photo) }, "\(half.notes)")
    }

    @Test("bad ranges: outside the movie, empty, a key photo outside the range kept: invalid arguments, nothing written")
    func badRanges() async throws {
        let ws = try Workspace()
        let cases: [EditOptions] = [
            EditOptions(outputDirectory: ws.path, trimStart: 5, trimEnd: 6),
            EditOptions(outputDirectory: ws.path, trimStart: 1, trimEnd: 1),
            EditOptions(outputDirectory: ws.path, trimStart: 0.1, trimEnd: 0.5),  // the kept still is at 0.9 s
            EditOptions(outputDirectory: ws.path, keyPhotoTime: 1.3, trimStart: 0.1, trimEnd: 0.5),
            EditOptions(outputDirectory: ws.path, keyPhotoTime: 9),
        ]
        for options in cases {
            await #expect {
                _ = try await LivePhotoEditor.edit([Self.photo, Self.movie], options: options)
            } throws: { error in
                guard case .invalidArgument = error as? LivePhotoError else { return false }
                return true
            }
        }
        #expect(try ws.contents(".").isEmpty)
    }
}

import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// Broken and hostile inputs: each gives a clear error naming the file, and leaves nothing behind.
@Suite("make: bad input")
struct BadInputTests {
    enum Role { case photo, video }

    /// Runs make with one broken input and checks the error and the empty output folder.
    func expectFailure(_ role: Role, _ bytes: [UInt8], mentioning words: [String], sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let ws = try Workspace()
        let broken = try ws.write(bytes, to: role == .photo ? "broken.jpg" : "broken.mov")
        let photo = role == .photo ? broken : try await ClipStore.shared.jpeg()
        let video = role == .video ? broken : try await ClipStore.shared.path(ClipSpec())
        let digest = try await fileDigest(broken)
        do {
            let result = try await LivePhotoMaker.make(photo: photo, video: video, options: MakeOptions(outputDirectory: ws.file("out")))
            Issue.record("make succeeded on a broken \(role): \(result)", sourceLocation: sourceLocation)
        } catch {
            let message = error.description
            #expect(message.contains(broken), "the error does not name the file: \(message)", sourceLocation: sourceLocation)
            for word in words {
                #expect(message.localizedCaseInsensitiveContains(word), "'\(word)' not in: \(message)", sourceLocation: sourceLocation)
            }
        }
        #expect(try ws.contents("out").isEmpty, sourceLocation: sourceLocation)
        #expect(try ws.contents().filter { $0.hasPrefix(".") }.isEmpty, sourceLocation: sourceLocation)
        #expect(try await fileDigest(broken) == digest, sourceLocation: sourceLocation)
    }

    func clipBytes(_ spec: ClipSpec = ClipSpec()) async throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: try await ClipStore.shared.path(spec))))
    }

    func photoBytes() async throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: try await ClipStore.shared.jpeg())))
    }

    /// The offset of the first box of `type` (its size field), searching the raw bytes.
    func find(_ type: String, in bytes: [UInt8]) throws -> Int {
        let pattern = Array(type.utf8)
        let i = try #require((0..<(bytes.count - 4)).first { bytes[$0..<$0 + 4].elementsEqual(pattern) })
        return i - 4
    }

    @Test func emptyVideo() async throws { try await expectFailure(.video, [], mentioning: ["empty"]) }
    @Test func emptyPhoto() async throws { try await expectFailure(.photo, [], mentioning: ["empty"]) }
    @Test func textAsVideo() async throws {
        try await expectFailure(.video, Array("hello, this is not a movie at all\n".utf8), mentioning: ["ffprobe cannot use it"])
    }
    @Test func movieAsPhoto() async throws { try await expectFailure(.photo, try await clipBytes(), mentioning: ["a movie, not a photo"]) }
    @Test func photoAsVideo() async throws {
        try await expectFailure(.video, try await photoBytes(), mentioning: ["a photo; a video is needed"])
    }

    @Test("frame times past what nanoseconds hold (a fuzzer's find): no trap, an error naming the file or a Live Photo")
    func frameTimesPastNanoseconds() async throws {
        var bytes = try await clipBytes()
        // Every frame lasts 2^31 - 1 ticks: the 90th is at 1.9e11 ticks, 1.9e20 ns at the clip's timescale.
        let stts = try find("stts", in: bytes)
        bytes.replaceSubrange(stts + 20..<stts + 24, with: [0x7F, 0xFF, 0xFF, 0xFF])
        let ws = try Workspace()
        let movie = try ws.write(bytes, to: "long.mov")
        do {
            let made = try await LivePhotoMaker.make(
                photo: try await ClipStore.shared.jpeg(), video: movie, options: MakeOptions(outputDirectory: ws.file("out")))
            #expect(made.photo != nil && made.movie != nil)
        } catch {
            #expect("\(error)".contains(movie), "\(error)")
        }
    }

    @Test("a truncated movie", arguments: [0.3, 0.6, 0.99])
    func truncatedVideo(_ fraction: Double) async throws {
        let bytes = try await clipBytes()
        try await expectFailure(.video, Array(bytes[0..<Int(Double(bytes.count) * fraction)]), mentioning: ["remain"])
    }

    @Test("a truncated movie with the header first")
    func truncatedFaststart() async throws {
        let bytes = try await clipBytes(ClipSpec(faststart: true))
        try await expectFailure(.video, Array(bytes[0..<bytes.count / 2]), mentioning: ["mdat"])
    }

    @Test("a JPEG cut inside its headers")
    func truncatedPhoto() async throws {
        let bytes = try await photoBytes()
        try await expectFailure(.photo, Array(bytes[0..<30]), mentioning: ["past the end"])
    }

    @Test("a JPEG without SOI")
    func jpegWithoutSOI() async throws {
        let bytes = try await photoBytes()
        try await expectFailure(.photo, Array(bytes[2...]), mentioning: ["SOI"])
    }

    @Test("a movie without video")
    func audioOnly() async throws {
        let ws = try Workspace()
        let m4a = ws.file("audio.mov")
        try await Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine", "-t", "1", "-c:a", "aac", m4a])
        try await expectFailure(.video, try ws.read("audio.mov"), mentioning: ["no video stream"])
    }

    @Test("a video ffmpeg cannot decode")
    func undecodable() async throws {
        var bytes = Array("\u{1A}E\u{DF}\u{A3}".utf8.map { $0 })  // a Matroska signature, then noise
        bytes += (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        try await expectFailure(.video, bytes, mentioning: ["ffprobe cannot use it"])
    }

    @Test("a box whose size runs past its parent")
    func boxPastParent() async throws {
        var bytes = try await clipBytes()
        let stsd = try find("stsd", in: bytes)
        bytes.storeBigEndian(UInt32(0x7FFF_0000), at: stsd)
        try await expectFailure(.video, bytes, mentioning: ["stsd", "remain"])
    }

    @Test("a top-level box larger than the file")
    func topLevelPastEnd() async throws {
        var bytes = try await clipBytes()
        let moov = try find("moov", in: bytes)
        bytes.storeBigEndian(UInt32(bytes.count), at: moov)
        try await expectFailure(.video, bytes, mentioning: ["moov", "remain"])
    }

    @Test("a sample count far beyond the table's bytes")
    func hugeCount() async throws {
        var bytes = try await clipBytes()
        let stsz = try find("stsz", in: bytes)
        bytes.storeBigEndian(UInt32(0x7FFF_FFFF), at: stsz + 16)  // sample_count
        try await expectFailure(.video, bytes, mentioning: ["stsz", "2147483647"])
    }

    @Test("a chunk offset outside the media data")
    func chunkOutsideMediaData() async throws {
        var bytes = try await clipBytes()
        let stco = try find("stco", in: bytes)
        bytes.storeBigEndian(UInt32(bytes.count + 1000), at: stco + 16)  // first chunk offset
        try await expectFailure(.video, bytes, mentioning: ["outside every 'mdat'"])
    }

    @Test("an Exif IFD pointer that loops back to IFD0")
    func ifdLoop() async throws {
        let jpeg = try await photoBytes()
        var tiff = Array("MM".utf8) + [0, 42, 0, 0, 0, 8]
        tiff += [0, 1] + [0x87, 0x69, 0, 4, 0, 0, 0, 1, 0, 0, 0, 8] + [0, 0, 0, 8]  // ExifIFD -> 8 (itself); next -> 8
        let app1 = [0xFF, 0xE1, 0, UInt8(tiff.count + 8)] + Array("Exif\0\0".utf8) + tiff
        try await expectFailure(.photo, Array(jpeg[0..<2]) + app1 + Array(jpeg[2...]), mentioning: ["loops"])
    }

    @Test("an IFD whose entry count runs past the Exif data")
    func ifdHugeCount() async throws {
        let jpeg = try await photoBytes()
        let tiff = Array("MM".utf8) + [0, 42, 0, 0, 0, 8] + [0xFF, 0xFF, 0, 0]
        let app1 = [0xFF, 0xE1, 0, UInt8(tiff.count + 8)] + Array("Exif\0\0".utf8) + tiff
        try await expectFailure(.photo, Array(jpeg[0..<2]) + app1 + Array(jpeg[2...]), mentioning: ["65535 entries"])
    }

    @Test("a segment length past the end of the JPEG")
    func segmentPastEnd() async throws {
        var jpeg = try await photoBytes()
        jpeg[4] = 0xFF
        jpeg[5] = 0xF0  // APP0 length 65520
        try await expectFailure(.photo, Array(jpeg[0..<200]), mentioning: ["past the end"])
    }
}

extension Array where Element == UInt8 {
    mutating func storeBigEndian(_ v: UInt32, at i: Int) {
        self[i] = UInt8(v >> 24); self[i + 1] = UInt8((v >> 16) & 0xFF); self[i + 2] = UInt8((v >> 8) & 0xFF); self[i + 3] = UInt8(v & 0xFF)
    }
}

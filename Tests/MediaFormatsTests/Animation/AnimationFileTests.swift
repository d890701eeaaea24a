import Foundation
import MediaFormats
import TestSupport
import Testing

/// `GIFFile` and `WebPFile`: a whole file passes, every cut of it fails, as the batch's resume check needs.
@Suite("animation files")
struct AnimationFileTests {
    /// A 1 s looping animation of ffmpeg's test pattern in `format` (gif or webp).
    static func animation(_ format: String, in ws: Workspace) async throws -> [UInt8] {
        let path = ws.file("clip.\(format)")
        _ = try await Tool.run(
            "ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10", "-t", "1", "-loop", "0", path])
        return try ws.read("clip.\(format)")
    }

    /// Calls `check` on the whole file and on cuts of it, and returns which cut lengths passed.
    static func passingCuts(_ bytes: [UInt8], in ws: Workspace, _ check: (RandomAccessFile) throws -> Void) throws -> [Int] {
        try check(RandomAccessFile(path: try ws.write(bytes, to: "whole")))
        let cuts = Set(
            [0, 1, 6, 12, 13, 20, bytes.count / 3, bytes.count / 2, bytes.count - 2, bytes.count - 1]
                + (1...40).map { bytes.count * $0 / 41 })
        return try cuts.sorted().filter { cut in
            let file = try RandomAccessFile(path: try ws.write(Array(bytes.prefix(cut)), to: "cut"))
            return (try? check(file)) != nil
        }
    }

    @Test("a GIF is whole only when its blocks run to the trailer at its last byte")
    func gif() async throws {
        let ws = try Workspace()
        let bytes = try await Self.animation("gif", in: ws)
        #expect(bytes.last == GIFFile.trailer)
        #expect(try Self.passingCuts(bytes, in: ws, GIFFile.checkComplete).isEmpty)
        // A cut that ends on a 3B byte is still found out.
        let early = try #require((100..<bytes.count - 1).first { bytes[$0] == GIFFile.trailer })
        let file = try RandomAccessFile(path: try ws.write(Array(bytes.prefix(early + 1)), to: "early.gif"))
        #expect(throws: FormatError.self) { try GIFFile.checkComplete(file) }
        let extra = try RandomAccessFile(path: try ws.write(bytes + [0], to: "extra.gif"))
        #expect(throws: FormatError.self) { try GIFFile.checkComplete(extra) }
    }

    @Test("a WebP is whole only when its RIFF size is the file's and its chunks fill it")
    func webp() async throws {
        let ws = try Workspace()
        let bytes = try await Self.animation("webp", in: ws)
        #expect(try Self.passingCuts(bytes, in: ws, WebPFile.checkComplete).isEmpty)
        let extra = try RandomAccessFile(path: try ws.write(bytes + [0, 0], to: "extra.webp"))
        #expect(throws: FormatError.self) { try WebPFile.checkComplete(extra) }
    }
}

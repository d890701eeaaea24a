import Foundation
import TestSupport
import Testing

@testable import MediaFormats

/// `Movie.cut` on tables that lie (what the `isobmff` fuzzer found: a sync sample numbered past the samples), and on
/// edit lists whose times no 64-bit integer holds: an error or a cut, never a trap.
@Suite("a movie cut from lying tables")
struct MovieCutTests {
    /// The offset of the payload of the first box of `type` in `bytes`.
    static func payload(of type: String, in bytes: [UInt8]) -> Int? {
        let tag = Array(type.utf8)
        guard let at = (4..<(bytes.count - 4)).first(where: { Array(bytes[$0..<$0 + 4]) == tag }) else { return nil }
        return at + 4
    }

    static func cut(_ bytes: [UInt8], _ ws: Workspace) throws -> Result<MovieCutReport, Error> {
        let path = try ws.write(bytes, to: "lying.mov")
        let movie = try Movie(file: try RandomAccessFile(path: path))
        return Result { try movie.cut(from: 0.2, to: 1.0).report }
    }

    @Test("a sync sample numbered past the samples, or 0, names no sample: the cut starts from a real one")
    func syncSamplesPastTheEnd() async throws {
        let ws = try Workspace()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try await ClipStore.shared.path(ClipSpec()))))
        let stss = try #require(Self.payload(of: "stss", in: bytes))
        // Version and flags, the count, then the entries: the first past every sample, the second 0.
        bytes.replaceSubrange(stss + 8..<stss + 16, with: [0xFF, 0xFF, 0xFF, 0xF0, 0, 0, 0, 0])
        let report = try Self.cut(bytes, ws).get()
        #expect(report.keyframeSeconds <= report.startSeconds && abs(report.startSeconds - 0.2) < 0.0005)
    }

    @Test("an edit list of one empty edit cannot be cut: an error")
    func emptyEditOnly() async throws {
        let ws = try Workspace()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try await ClipStore.shared.path(ClipSpec()))))
        let elst = try #require(Self.payload(of: "elst", in: bytes))
        bytes.replaceSubrange(elst + 8..<elst + 16, with: [UInt8](repeating: 0xFF, count: 8))
        #expect(throws: FormatError.self) { try Self.cut(bytes, ws).get() }
    }

    @Test("times no 64-bit integer holds are held within it")
    func clampedTicks() {
        #expect(Movie.clampedTicks(1e30) == 9_000_000_000_000_000_000 && Movie.clampedTicks(-1e30) == -9_000_000_000_000_000_000)
        #expect(Movie.clampedTicks(.nan) == 0 && Movie.clampedTicks(.infinity) == 0 && Movie.clampedTicks(41.6) == 42)
    }
}

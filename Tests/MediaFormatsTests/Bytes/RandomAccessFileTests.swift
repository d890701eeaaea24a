import Foundation
import MediaFormats
import TestSupport
import Testing

/// `RandomAccessFile`: small reads come from a window read ahead, and give the same bytes as the file in any order.
@Suite("random access file")
struct RandomAccessFileTests {
    @Test("reads in any order, across the window's edges, small and large, give the file's bytes; past the end throws")
    func windowedReads() throws {
        let ws = try Workspace()
        let size = RandomAccessFile.windowSize * 3 + 123
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) }
        let file = try RandomAccessFile(path: try ws.write(bytes, to: "data.bin"))
        let window = RandomAccessFile.windowSize
        let reads: [(Int, Int)] = [
            (0, 8), (4, 100), (window - 4, 8), (window - 1, 1), (2, 3), (window * 2 + 7, 16 * 1024), (window, 40_000),
            (size - 9, 9), (size, 0), (0, 0), (window * 3, 123), (10, window + 5), (window / 2, 16 * 1024 + 1),
        ]
        for (offset, count) in reads {
            #expect(try file.read(at: Int64(offset), count: count) == Array(bytes[offset..<offset + count]), "at \(offset), \(count)")
        }
        #expect(try file.readUpTo(at: Int64(size - 5), count: 100) == Array(bytes[(size - 5)...]))
        #expect(throws: FormatError.self) { try file.read(at: Int64(size - 3), count: 4) }
        #expect(throws: FormatError.self) { try file.read(at: -1, count: 1) }
    }

    @Test("a file cut short after it was opened: reads before the cut still work, reads past it say truncated")
    func cutShort() throws {
        let ws = try Workspace()
        let path = try ws.write([UInt8](repeating: 7, count: 100_000), to: "data.bin")
        let file = try RandomAccessFile(path: path)
        #expect(truncate(path, 1_000) == 0)
        #expect(try file.read(at: 990, count: 10) == [UInt8](repeating: 7, count: 10))
        #expect(throws: FormatError.self) { try file.read(at: 995, count: 10) }
        #expect(throws: FormatError.self) { try file.read(at: 50_000, count: 20_000) }
    }
}

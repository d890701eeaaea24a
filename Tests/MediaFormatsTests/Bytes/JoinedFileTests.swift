import MediaFormats
import TestSupport
import Testing

@Suite("a file joined from runs of others and bytes in memory")
struct JoinedFileTests {
    @Test("reads cross runs as one file; its runs resolve to the files it joins, through a join of a join")
    func joins() throws {
        let ws = try Workspace()
        let source = try RandomAccessFile(path: try ws.write(Array(0..<200).map { UInt8($0) }, to: "source.bin"))
        let inner = RandomAccessFile(joining: [.file(source, offset: 10, length: 20), .bytes([0xAA, 0xBB])], name: "inner")
        let outer = RandomAccessFile(
            joining: [.bytes([1, 2, 3]), .file(inner, offset: 5, length: 17), .file(source, offset: 100, length: 4)], name: "outer")
        #expect(inner.size == 22)
        #expect(outer.size == 24)
        #expect(try outer.read(at: 0, count: 24) == [1, 2, 3] + Array(15..<30) + [0xAA, 0xBB] + [100, 101, 102, 103])
        #expect(try outer.read(at: 17, count: 5) == [29, 0xAA, 0xBB, 100, 101])
        #expect(throws: FormatError.self) { try outer.read(at: 20, count: 5) }
        let runs = outer.runs(at: 2, length: 20)
        var flattened: [UInt8] = []
        for run in runs {
            switch run {
            case .bytes(let b): flattened += b
            case .file(let file, let offset, let length):
                #expect(file === source)
                flattened += try file.read(at: offset, length: length)
            }
        }
        #expect(flattened == (try outer.read(at: 2, count: 20)))
        #expect(try outer.slice(at: 3, length: 4).read(at: 0, count: 4) == [15, 16, 17, 18])
    }

    @Test("a length of any width is checked before it becomes a count")
    func widths() throws {
        let ws = try Workspace()
        let file = try RandomAccessFile(path: try ws.write([1, 2, 3, 4], to: "four.bin"))
        #expect(try file.read(at: 1, length: UInt32(2)) == [2, 3])
        #expect(throws: FormatError.self) { try file.read(at: 1, length: UInt64.max) }
        #expect(throws: FormatError.self) { try file.read(at: 0, length: Int64(-1)) }
    }
}

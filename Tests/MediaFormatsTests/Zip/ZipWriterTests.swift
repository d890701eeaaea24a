import Foundation
import MediaFormats
import TestSupport
import Testing

/// `ZipWriter`: what it writes reads back through our `ZipDirectory` and through Python's zipfile (an independent
/// reader that checks every CRC-32), the big members streamed in bounded chunks, and the Zip64 records where counts,
/// sizes or offsets need them.
@Suite("zip writer")
struct ZipWriterTests {
    /// Bytes that do not deflate much, made the same way every run.
    static func noise(_ count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    /// A source that hands out `bytes` as `ZipWriter.addFile` asks, recording the largest piece asked for.
    final class Source {
        let bytes: [UInt8]
        var position = 0
        var largestAsk = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        func read(_ count: Int) -> [UInt8] {
            largestAsk = max(largestAsk, count)
            let end = min(bytes.count, position + count)
            defer { position = end }
            return Array(bytes[position..<end])
        }
    }

    static let time: Int64 = 1_709_214_358  // 2024-02-29 13:45:58 UTC

    @Test("a folder, a stored movie of several chunks and a deflated plist read back through ZipDirectory and Python")
    func roundTrip() async throws {
        let movie = Self.noise(ZipWriter<ZipBuffer>.chunkSize * 2 + 12_345)
        let plist = Array(String(repeating: "<key>PFVideoComplementMetadataVersionKey</key>", count: 40).utf8)
        var writer = ZipWriter(output: ZipBuffer())
        try writer.addDirectory("IMG.pvt", modificationTime: Self.time)
        let movieSource = Source(movie)
        try writer.addFile("IMG.pvt/IMG.MOV", method: .stored, modificationTime: Self.time, expectedSize: UInt64(movie.count)) {
            movieSource.read($0)
        }
        let plistSource = Source(plist)
        try writer.addFile("IMG.pvt/Été.plist", method: .deflated, modificationTime: Self.time, expectedSize: UInt64(plist.count)) {
            plistSource.read($0)
        }
        #expect(movieSource.largestAsk == ZipWriter<ZipBuffer>.chunkSize)
        let ws = try Workspace()
        let path = try ws.write(try writer.finish().bytes, to: "IMG.pvt.zip")

        let file = try RandomAccessFile(path: path)
        let members = try ZipDirectory.members(of: file, maxCount: 10)
        #expect(members.map(\.name) == ["IMG.pvt/", "IMG.pvt/IMG.MOV", "IMG.pvt/Été.plist"])
        #expect(members.map(\.kind) == [.directory, .file, .file])
        #expect(members.map(\.compression) == [.stored, .stored, .deflated])
        #expect(members.map(\.modificationTime) == [Self.time, Self.time, Self.time])
        #expect(members[1].crc32 == CRC32.of(movie) && members[2].crc32 == CRC32.of(plist))
        #expect(members[2].compressedSize < UInt64(plist.count) && members[2].uncompressedSize == UInt64(plist.count))
        // Python sees the same names, methods, checksums, sizes and offsets.
        #expect(ZipDirectoryTests.view(members) == (try await ZipDirectoryTests.pythonView(path)))

        let stored = try ZipDirectory.dataRange(of: members[1], in: file)
        #expect(try file.read(at: stored.lowerBound, count: stored.count) == movie)
        let deflated = try ZipDirectory.dataRange(of: members[2], in: file)
        let inflater = try Inflater()
        var inflated: [UInt8] = []
        let used = try inflater.inflate(try file.read(at: deflated.lowerBound, count: deflated.count), chunkSize: 64) {
            inflated += $0
        }
        #expect(inflater.isFinished && used == deflated.count && inflated == plist)

        // Python's own test of every member (CRC-32 and sizes), and its view of the DOS time and the UTF-8 flag.
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                assert z.testzip() is None
                for i in z.infolist(): print(i.filename, i.date_time, i.flag_bits & 0x800, i.external_attr >> 16)
            """
        let lines = try await Tool.run(Readers.python, ["-c", script, path]).stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "IMG.pvt/ (2024, 2, 29, 13, 45, 58) 0 16877", "IMG.pvt/IMG.MOV (2024, 2, 29, 13, 45, 58) 0 33188",
                "IMG.pvt/Été.plist (2024, 2, 29, 13, 45, 58) 2048 33188",
            ])
    }

    @Test("an empty member, stored and deflated, and an empty archive")
    func empty() async throws {
        var writer = ZipWriter(output: ZipBuffer())
        try writer.addFile("a", method: .stored, modificationTime: 0, expectedSize: 0) { _ in [] }
        try writer.addFile("b", method: .deflated, modificationTime: 0, expectedSize: 0) { _ in [] }
        let ws = try Workspace()
        let path = try ws.write(try writer.finish().bytes, to: "empty-members.zip")
        let members = try ZipDirectory.members(of: try RandomAccessFile(path: path), maxCount: 10)
        #expect(members.map(\.uncompressedSize) == [0, 0] && members.map(\.crc32) == [0, 0])
        // Before 1980, the DOS date is its first day; the extended timestamp keeps the real time.
        #expect(members.map(\.modificationTime) == [0, 0])
        #expect(ZipDirectoryTests.view(members) == (try await ZipDirectoryTests.pythonView(path)))
        var none = ZipWriter(output: ZipBuffer())
        let emptyPath = try ws.write(try none.finish().bytes, to: "empty.zip")
        #expect(try ZipDirectory.members(of: try RandomAccessFile(path: emptyPath), maxCount: 1).isEmpty)
        #expect(try await ZipDirectoryTests.pythonView(emptyPath).isEmpty)
    }

    @Test("65,536 entries: the count goes into the Zip64 end record, which both readers follow")
    func zip64Count() async throws {
        var writer = ZipWriter(output: ZipBuffer())
        for n in 0..<65_536 { try writer.addDirectory("d\(n)", modificationTime: Self.time) }
        let ws = try Workspace()
        let path = try ws.write(try writer.finish().bytes, to: "many.zip")
        let members = try ZipDirectory.members(of: try RandomAccessFile(path: path), maxCount: 70_000)
        #expect(members.count == 65_536 && members.last?.name == "d65535/")
        let count = try await Tool.run(
            Readers.python, ["-c", "import sys, zipfile; print(len(zipfile.ZipFile(sys.argv[1]).infolist()))", path])
        #expect(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "65536")
    }

    @Test("sizes and offsets past 4 GiB: the Zip64 extra and end records, in a sparse file both readers read")
    func zip64Records() async throws {
        var entry = ZipEntry(name: "big.MOV", method: .stored, modificationTime: Self.time)
        entry.crc32 = 0x1234_5678
        entry.compressedSize = 5 << 30
        entry.uncompressedSize = 5 << 30
        entry.localHeaderOffset = 1 << 32
        let central = entry.centralHeader()
        let directoryOffset: UInt64 = 6 << 30
        let tail = central + ZipEntry.endRecords(count: 1, directoryOffset: directoryOffset, directorySize: UInt64(central.count))
        let ws = try Workspace()
        let path = ws.file("sparse.zip")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: directoryOffset)
        try handle.write(contentsOf: Data(tail))
        try handle.close()
        let members = try ZipDirectory.members(of: try RandomAccessFile(path: path), maxCount: 1)
        #expect(members.count == 1)
        #expect(members.first?.compressedSize == 5 << 30 && members.first?.uncompressedSize == 5 << 30)
        #expect(members.first?.localHeaderOffset == 1 << 32 && members.first?.crc32 == 0x1234_5678)
        #expect(ZipDirectoryTests.view(members) == (try await ZipDirectoryTests.pythonView(path)))

        // A local header written for a member expected past 4 GiB carries both sizes in its Zip64 extra.
        entry.localZip64 = true
        let local = entry.localHeader()
        var reader = ByteReader(local)
        try reader.seek(to: 18)
        #expect(try reader.readInteger(UInt32.self, .littleEndian, "compressed") == UInt32.max)
        #expect(try reader.readInteger(UInt32.self, .littleEndian, "uncompressed") == UInt32.max)
        try reader.seek(to: 30 + 7)
        #expect(try reader.readInteger(UInt16.self, .littleEndian, "extra ID") == 1)
        #expect(try reader.readInteger(UInt16.self, .littleEndian, "extra size") == 16)
        #expect(try reader.readInteger(UInt64.self, .littleEndian, "uncompressed") == 5 << 30)
        #expect(try reader.readInteger(UInt64.self, .littleEndian, "compressed") == 5 << 30)
    }

    @Test("a member whose source gives other than the expected size gets its real sizes in both headers")
    func unexpectedSize() async throws {
        var writer = ZipWriter(output: ZipBuffer())
        let source = Source(Self.noise(10))
        try writer.addFile("small", method: .stored, modificationTime: 0, expectedSize: 1) { source.read($0) }
        #expect(writer.entries.first?.uncompressedSize == 10)
        let ws = try Workspace()
        let path = try ws.write(try writer.finish().bytes, to: "small.zip")
        let script = "import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read('small') == bytes.fromhex(sys.argv[2]))"
        let hex = Self.noise(10).map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
        #expect(try await Tool.run(Readers.python, ["-c", script, path, hex]).stdout.hasPrefix("True"))
    }

    @Test("a damaged or cut deflate stream: the inflater says which, and never reads past what it was given")
    func inflaterStops() throws {
        var deflated: [UInt8] = []
        let deflater = try Deflater()
        try deflater.deflate(Self.noise(5000), finish: true) { deflated += $0 }
        let cut = try Inflater()
        try cut.inflate(Array(deflated.dropLast(10))) { _ in }
        #expect(!cut.isFinished)
        let damaged = try Inflater()
        #expect(throws: FormatError.self) {
            try damaged.inflate([0xFF] + deflated) { _ in }
        }
        // Bytes after the stream's end are left unread.
        let whole = try Inflater()
        var out: [UInt8] = []
        let used = try whole.inflate(deflated + [1, 2, 3]) { out += $0 }
        #expect(whole.isFinished && used == deflated.count && out == Self.noise(5000))
    }
}

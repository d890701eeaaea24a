import Foundation
import TestSupport
import Testing

@testable import MediaFormats

/// `TarReader` and `GzipByteSource`: archives written by Python's tarfile and gzip (independent writers) read back
/// entry by entry with their names, kinds and bytes; damaged ones are errors naming the entry, never traps.
extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

@Suite("tar reader")
struct TarReaderTests {
    /// Runs a Python script given the workspace's path, with `sys`, `tarfile`, `gzip`, `io` imported.
    static func python(_ script: String, _ folder: String) async throws {
        try await Tool.run(Readers.python, ["-c", "import sys, tarfile, gzip, io, os\nws = sys.argv[1]\n" + script, folder])
    }

    /// Every entry of the archive at `path` (gzipped when `gzip`), and its bytes.
    static func entries(_ path: String, gzip: Bool, chunkSize: Int = 700) throws -> [(TarEntry, [UInt8])] {
        let file = FileByteSource(try RandomAccessFile(path: path))
        if gzip { return try entries(TarReader(try GzipByteSource(file, readSize: 333)), chunkSize: chunkSize) }
        return try entries(TarReader(file), chunkSize: chunkSize)
    }

    static func entries<S>(_ reader: TarReader<S>, chunkSize: Int) throws -> [(TarEntry, [UInt8])] {
        var reader = reader
        var result: [(TarEntry, [UInt8])] = []
        while let entry = try reader.next() {
            var bytes: [UInt8] = []
            try reader.readData(chunkSize: chunkSize) {
                #expect($0.count <= chunkSize)
                bytes += $0
            }
            result.append((entry, bytes))
        }
        return result
    }

    /// Writes `members` (name, size, kind) in `format` to `name` in the workspace.
    static let writer = """
        def build(path, fmt, names, mode='w'):
            with tarfile.open(path, mode, format=fmt) as t:
                for i, n in enumerate(names):
                    if n.endswith('/'):
                        info = tarfile.TarInfo(n.rstrip('/')); info.type = tarfile.DIRTYPE; info.mode = 0o755
                        t.addfile(info)
                    elif n.startswith('->'):
                        info = tarfile.TarInfo('link'); info.type = tarfile.SYMTYPE; info.linkname = n[2:]
                        t.addfile(info)
                    else:
                        data = bytes((j * 7 + i) % 251 for j in range(1000 * i + 3))
                        info = tarfile.TarInfo(n); info.size = len(data); info.mtime = 1700000000 + i; info.mode = 0o640
                        t.addfile(info, io.BytesIO(data))

        """

    static func expectedData(_ index: Int) -> [UInt8] { (0..<(1000 * index + 3)).map { UInt8(($0 * 7 + index) % 251) } }

    static let longDir = String(repeating: "Google Photos album/", count: 6)

    @Test("ustar prefixes, pax long names and GNU long names, plain and gzipped", arguments: ["USTAR", "PAX", "GNU"])
    func names(_ format: String) async throws {
        let ws = try Workspace()
        let long = format == "USTAR" ? Self.longDir + "IMG_0001.jpg" : Self.longDir + Self.longDir + "IMG_ÉTÉ_0001.jpg"
        // A long link target goes into a pax `linkpath` or a GNU `K` entry.
        let target = format == "USTAR" ? "Takeout/a.jpg" : Self.longDir + Self.longDir + "a.jpg"
        let names = ["Takeout/", "Takeout/a.jpg", long, "->" + target, "Takeout/b.mov"]
        let list = names.map { "'\($0)'" }.joined(separator: ", ")
        try await Self.python(
            Self.writer + """
                build(ws + '/a.tar', tarfile.\(format)_FORMAT, [\(list)])
                build(ws + '/a.tgz', tarfile.\(format)_FORMAT, [\(list)], 'w:gz')
                """, ws.path)
        for gzip in [false, true] {
            let read = try Self.entries(ws.file(gzip ? "a.tgz" : "a.tar"), gzip: gzip)
            #expect(read.map(\.0.name) == ["Takeout", "Takeout/a.jpg", long, "link", "Takeout/b.mov"])
            #expect(read.map(\.0.kind) == [.folder, .file, .file, .symbolicLink, .file])
            #expect(read[3].0.linkTarget == target)
            #expect(read[1].1 == Self.expectedData(1) && read[2].1 == Self.expectedData(2) && read[4].1 == Self.expectedData(4))
            #expect(read[2].0.modificationTime == 1_700_000_002 && read[2].0.mode == 0o640 && read[2].0.size == 2003)
        }
    }

    @Test("a gzip of several members reads as one stream; trailing zeros after it are tolerated")
    func multiMemberGzip() async throws {
        let ws = try Workspace()
        try await Self.python(
            Self.writer + """
                build(ws + '/a.tar', tarfile.PAX_FORMAT, ['one.jpg', 'two.jpg', 'three.jpg'])
                data = open(ws + '/a.tar', 'rb').read()
                with open(ws + '/multi.tgz', 'wb') as f:
                    for part in (data[:700], data[700:3000], data[3000:]):
                        f.write(gzip.compress(part))
                    f.write(bytes(1024))
                """, ws.path)
        let read = try Self.entries(ws.file("multi.tgz"), gzip: true, chunkSize: 100)
        #expect(read.map(\.0.name) == ["one.jpg", "two.jpg", "three.jpg"])
        #expect(read.enumerated().allSatisfy { $0.element.1 == Self.expectedData($0.offset) })
    }

    @Test("a tgz cut short is a truncated error naming the entry; a bad header checksum is an error naming it")
    func damaged() async throws {
        let ws = try Workspace()
        try await Self.python(
            Self.writer + """
                build(ws + '/a.tar', tarfile.USTAR_FORMAT, ['a.jpg', 'b.jpg', 'big.mov'])
                data = open(ws + '/a.tar', 'rb').read()
                open(ws + '/cut.tar', 'wb').write(data[:4000])
                packed = gzip.compress(data[:5120])
                open(ws + '/cut.tgz', 'wb').write(packed[:len(packed) // 2])
                bad = bytearray(data); bad[1024 + 200] ^= 1
                open(ws + '/bad.tar', 'wb').write(bad)
                """, ws.path)
        let cut = try #require(throws: FormatError.self) { try Self.entries(ws.file("cut.tar"), gzip: false) }
        #expect(cut.kind == .truncated && cut.message.contains("'big.mov'"))
        let cutGzip = try #require(throws: FormatError.self) { try Self.entries(ws.file("cut.tgz"), gzip: true) }
        #expect(cutGzip.kind == .truncated)
        let bad = try #require(throws: FormatError.self) { try Self.entries(ws.file("bad.tar"), gzip: false) }
        #expect(bad.message.contains("checksum") && bad.message.contains("b.jpg"))
        // Skipping rather than reading finds the cut too.
        var reader = TarReader(FileByteSource(try RandomAccessFile(path: ws.file("cut.tar"))))
        #expect(throws: FormatError.self) { while try reader.next() != nil {} }
    }

    @Test("numeric fields: octal, base-256, negative and past 64 bits are read or refused, never trapped")
    func numbers() throws {
        func header(size: [UInt8]) -> [UInt8] {
            var block = [UInt8](repeating: 0, count: 512)
            block.replaceSubrange(0..<5, with: Array("x.jpg".utf8))
            block.replaceSubrange(124..<136, with: size)
            block[156] = UInt8(ascii: "0")
            let sum = block.enumerated().reduce(0) { $0 + Int(($1.offset >= 148 && $1.offset < 156) ? 0x20 : $1.element) }
            block.replaceSubrange(148..<155, with: Array(String(sum, radix: 8).leftPadded(6).utf8) + [0])
            return block
        }
        let octal = Array("00000001750 ".utf8)
        #expect(try TarHeader.parse(header(size: octal), at: 0).size == 0o1750)
        let base256: [UInt8] = [0x80] + [UInt8](repeating: 0, count: 6) + [1, 0, 0, 0, 0]
        #expect(try TarHeader.parse(header(size: base256), at: 0).size == 1 << 32)
        let negative = [UInt8](repeating: 0xff, count: 12)
        #expect(throws: FormatError.self) { try TarHeader.parse(header(size: negative), at: 0) }
        let huge: [UInt8] = [0x80, 1] + [UInt8](repeating: 0, count: 10)
        #expect(throws: FormatError.self) { try TarHeader.parse(header(size: huge), at: 0) }
        let garbage = Array("12x4        ".utf8)
        #expect(throws: FormatError.self) { try TarHeader.parse(header(size: garbage), at: 0) }
        // A size past the bytes that remain: a truncated error, nothing allocated for it.
        let hugeOctal = Array("77777777777 ".utf8)
        var archive = header(size: hugeOctal)
        archive += [UInt8](repeating: 1, count: 100)
        var reader = TarReader(MemoryByteSource(archive))
        let entry = try #require(try reader.next())
        #expect(entry.size == 0o77777777777)
        #expect(throws: FormatError.self) { try reader.readData { _ in } }
        // A lone end block, and garbage after the end, are tolerated.
        var ended = TarReader(MemoryByteSource(header(size: octal) + [UInt8](repeating: 0, count: 1536) + [1, 2, 3]))
        #expect(try ended.next()?.name == "x.jpg")
        #expect(try ended.next() == nil)
    }

    @Test("a several-MB entry of a tgz made by GNU tar streams through a closure keeping only a checksum and count")
    func largeEntryStreams() async throws {
        let ws = try Workspace()
        try FileManager.default.createDirectory(atPath: ws.file("Takeout/Google Photos"), withIntermediateDirectories: true)
        try await Self.python(
            """
            import random
            random.seed(3)
            open(ws + '/Takeout/Google Photos/movie.mp4', 'wb').write(bytes(random.getrandbits(8) for _ in range(1 << 20)) * 5)
            """, ws.path)
        try await Tool.run("tar", ["-czf", ws.file("takeout-001.tgz"), "-C", ws.path, "Takeout"])
        let expected = CRC32.of(try ws.read("Takeout/Google Photos/movie.mp4"))
        var reader = TarReader(try GzipByteSource(FileByteSource(try RandomAccessFile(path: ws.file("takeout-001.tgz")))))
        var names: [String] = []
        var checksum = CRC32()
        var count = 0
        while let entry = try reader.next() {
            names.append(entry.name)
            guard entry.kind == .file else { continue }
            try reader.readData { chunk in
                checksum.update(chunk)
                count += chunk.count
            }
        }
        #expect(names == ["Takeout", "Takeout/Google Photos", "Takeout/Google Photos/movie.mp4"])
        #expect(count == 5 << 20 && checksum.value == expected)
    }
}
